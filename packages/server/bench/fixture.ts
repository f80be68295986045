/**
 * The benchmark server process (`bench/serve.ts`) seen from the load generator: starting it, the
 * fixtures it prints, and the requests of each measured route.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type autocannon from 'autocannon';

/** One API client of the fixture: its token and the link it created. */
export interface BenchClient {
  token: string;
  linkId: string;
  verificationId: string;
}

/** What the benchmark server prints once it listens. */
export interface Fixture {
  dataDir: string;
  appUrl: string;
  bareUrl: string;
  dialect: string;
  rateLimits: boolean;
  /**
   * The clients the load is spread over. One with rate limits off (one integrator, as the
   * original benchmark measured); with them on, enough that no client exceeds its budget
   * (1000 requests a minute per company, 600 polls a minute per verification).
   */
  clients: BenchClient[];
}

/** The measured routes. */
export type RouteName = 'status' | 'record' | 'links';

/** A running benchmark server. */
export interface BenchServer {
  fixture: Fixture;
  /** The server's process id (for `perf record -p`). */
  pid: number;
  /** The server process's CPU time so far (user + system), µs. */
  cpuMicros(): Promise<number>;
  /**
   * Waits until the server is idle (under 5 % of a core over 300 ms, at most 20 s): the background
   * work a measurement leaves (WAL checkpoints, rate-limit flushes, webhook deliveries) must not
   * run during the next one, where it would slow, and be charged to, a route it does not belong to.
   */
  settle(): Promise<void>;
  /** Stops the server (SIGTERM: a `--cpu-prof` profile is written) and removes its data. */
  stop(): Promise<void>;
}

/** Starts `bench/serve.ts` in its own process (with extra `node` options, e.g. `--cpu-prof`). */
export async function startBenchServer(
  options: { nodeOptions?: string[]; env?: Record<string, string> } = {},
): Promise<BenchServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'idv-bench-'));
  const server = spawn(
    process.execPath,
    [
      ...(options.nodeOptions ?? []),
      '--import',
      'tsx',
      fileURLToPath(new URL('./serve.ts', import.meta.url)),
      dataDir,
    ],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, ...options.env },
    },
  );
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  const fixture = await new Promise<Fixture>((resolve, reject) => {
    const lines = createInterface({ input: server.stdout! });
    lines.once('line', (line) => resolve(JSON.parse(line) as Fixture));
    server.once('exit', (code) => reject(new Error(`benchmark server exited with ${code}`)));
  });
  const benchServer: BenchServer = {
    fixture,
    pid: server.pid!,
    async cpuMicros() {
      const usage = (await (await fetch(`${fixture.bareUrl}/__cpu`)).json()) as {
        user: number;
        system: number;
      };
      return usage.user + usage.system;
    },
    async settle() {
      const deadline = Date.now() + 20_000;
      while (Date.now() < deadline) {
        const before = await this.cpuMicros();
        await new Promise((resolve) => setTimeout(resolve, 300));
        if ((await this.cpuMicros()) - before < 0.05 * 300_000) return;
      }
    },
    async stop() {
      server.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return benchServer;
}

/**
 * Autocannon options of a route: each request goes to the next client of the fixture in turn
 * (one client when rate limits are off). `baseUrl` sends the same requests elsewhere: the bare
 * server answers every path, so the bare figure is driven exactly as the route's (the load
 * generator shares the machine: its cost per request must be the same on both sides).
 */
export function routeRequests(
  fixture: Fixture,
  route: RouteName,
  baseUrl: string = fixture.appUrl,
): autocannon.Options {
  const { clients } = fixture;
  const appUrl = baseUrl;
  if (clients.length === 1) {
    // One client: a fixed request, built once (the load generator's own cost stays minimal).
    const built = setupFor(fixture, route)({} as autocannon.Request);
    return { ...built, url: `${appUrl}${built.path}`, path: undefined } as autocannon.Options;
  }
  return { url: appUrl, requests: [{ setupRequest: setupFor(fixture, route) }] };
}

function setupFor(
  fixture: Fixture,
  route: RouteName,
): (request: autocannon.Request) => autocannon.Request {
  const { clients } = fixture;
  let next = 0;
  const client = () => clients[next++ % clients.length]!;
  const body = JSON.stringify({
    type: 'FULL FLOW',
    externalUserId: 'bench-user',
    metadata: { order: 1 },
  });
  const setup: Record<RouteName, (request: autocannon.Request) => autocannon.Request> = {
    status: (request) => {
      const { verificationId, linkId } = client();
      return {
        ...request,
        path: `/api/v1/verifications/${verificationId}/status?linkId=${linkId}`,
      };
    },
    record: (request) => {
      const { verificationId, token } = client();
      return {
        ...request,
        path: `/api/v1/verifications/${verificationId}`,
        headers: { authorization: `Bearer ${token}` },
      };
    },
    links: (request) => ({
      ...request,
      method: 'POST',
      path: '/api/v1/links',
      headers: { authorization: `Bearer ${client().token}`, 'content-type': 'application/json' },
      body,
    }),
  };
  return setup[route];
}
