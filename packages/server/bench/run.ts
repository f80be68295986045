/**
 * `npm run bench -w packages/server`: requests per second of the status poll, of
 * `GET /verifications/{id}` and of `POST /links` at 32 connections, each beside a bare Fastify route
 * measured in the same run (same server process, measured just before), and their ratios.
 * Targets: status poll >= 0.7x the bare route, link creation >= 0.3x. Then the webhook figure:
 * median time from a transition to its first delivery attempt (target <= 50 ms), one transition at
 * a time and 16 at a time (`bench/webhook-latency.ts`).
 *
 * Environment: BENCH_DURATION (seconds per measurement, default 10), BENCH_CONNECTIONS (default 32),
 * BENCH_WEBHOOK_SAMPLES (transitions per webhook figure, default 200),
 * IDV_DATABASE_URL to measure PostgreSQL instead of SQLite.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { measureWebhookLatency } from './webhook-latency.js';

const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const webhookSamples = Number(process.env.BENCH_WEBHOOK_SAMPLES ?? 200);

interface Fixture {
  dataDir: string;
  appUrl: string;
  bareUrl: string;
  token: string;
  linkId: string;
  verificationId: string;
  dialect: string;
}

interface Measurement {
  requestsPerSecond: number;
  /** Server CPU time per request, microseconds (user + system). */
  cpuMicros: number;
  latencyP99: number;
  non2xx: number;
  errors: number;
}

async function serverCpu(): Promise<number> {
  const usage = (await (await fetch(`${fixture.bareUrl}/__cpu`)).json()) as {
    user: number;
    system: number;
  };
  return usage.user + usage.system;
}

async function measure(options: autocannon.Options): Promise<Measurement> {
  const cpuBefore = await serverCpu();
  const result = await autocannon({ connections, duration, pipelining: 1, ...options });
  const cpuAfter = await serverCpu();
  return {
    requestsPerSecond: result.requests.average,
    cpuMicros: (cpuAfter - cpuBefore) / Math.max(1, result.requests.total),
    latencyP99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

const dataDir = mkdtempSync(join(tmpdir(), 'idv-bench-'));
const server = spawn(
  process.execPath,
  ['--import', 'tsx', fileURLToPath(new URL('./serve.ts', import.meta.url)), dataDir],
  {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: process.env,
  },
);
const fixture = await new Promise<Fixture>((resolve, reject) => {
  const lines = createInterface({ input: server.stdout! });
  lines.once('line', (line) => resolve(JSON.parse(line) as Fixture));
  server.once('exit', (code) => reject(new Error(`benchmark server exited with ${code}`)));
});

const auth = { authorization: `Bearer ${fixture.token}` };
const targets: { name: string; target: number; options: autocannon.Options }[] = [
  {
    name: 'GET /verifications/{id}/status',
    target: 0.7,
    options: {
      url: `${fixture.appUrl}/api/v1/verifications/${fixture.verificationId}/status?linkId=${fixture.linkId}`,
    },
  },
  {
    name: 'GET /verifications/{id}',
    target: 0,
    options: {
      url: `${fixture.appUrl}/api/v1/verifications/${fixture.verificationId}`,
      headers: auth,
    },
  },
  {
    name: 'POST /links',
    target: 0.3,
    options: {
      url: `${fixture.appUrl}/api/v1/links`,
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({
        type: 'FULL FLOW',
        externalUserId: 'bench-user',
        metadata: { order: 1 },
      }),
    },
  },
];

console.log(
  `idv-server benchmark: ${connections} connections, ${duration} s per measurement, database ${fixture.dialect}`,
);
console.log(
  `machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, load average before ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
const warm = await measure({ url: `${fixture.bareUrl}/bare`, duration: 2 });
void warm;
const rows: string[] = [];
let failed = false;
for (const target of targets) {
  const bare = await measure({ url: `${fixture.bareUrl}/bare` });
  const route = await measure(target.options);
  const ratio = route.requestsPerSecond / bare.requestsPerSecond;
  const verdict =
    target.target === 0
      ? ''
      : ratio >= target.target
        ? ` (target ≥ ${target.target}: met)`
        : ` (target ≥ ${target.target}: NOT met)`;
  if (route.non2xx > 0 || route.errors > 0) failed = true;
  const cpuRatio = bare.cpuMicros / route.cpuMicros;
  rows.push(
    `${target.name.padEnd(32)} ${route.requestsPerSecond.toFixed(0).padStart(8)} req/s  p99 ${String(route.latencyP99).padStart(4)} ms` +
      ` | bare ${bare.requestsPerSecond.toFixed(0).padStart(8)} req/s | ratio ${ratio.toFixed(2)}${verdict}` +
      ` | server CPU/request ${route.cpuMicros.toFixed(0)} µs vs bare ${bare.cpuMicros.toFixed(0)} µs (ratio ${cpuRatio.toFixed(2)})` +
      (route.non2xx > 0 || route.errors > 0
        ? ` | ${route.non2xx} non-2xx, ${route.errors} errors`
        : ''),
  );
  console.log(rows.at(-1));
}
for (const concurrency of [1, 16]) {
  const figures = await measureWebhookLatency({
    appUrl: fixture.appUrl,
    token: fixture.token,
    dataDir: fixture.dataDir,
    count: webhookSamples,
    concurrency,
  });
  const verdict = figures.endToEnd.median <= 50 ? 'met' : 'NOT met';
  console.log(
    `${`webhook: transition → 1st attempt (${concurrency} at a time)`.padEnd(52)} median ${figures.endToEnd.median.toFixed(1)} ms` +
      ` p95 ${figures.endToEnd.p95.toFixed(1)} ms end to end (target median ≤ 50 ms: ${verdict})` +
      ` | server side median ${figures.serverSide.median} ms p95 ${figures.serverSide.p95} ms | ${figures.samples} samples`,
  );
  if (figures.samples < webhookSamples) failed = true;
}
console.log(
  `load average after ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
server.kill('SIGTERM');
await new Promise((resolve) => server.once('exit', resolve));
rmSync(dataDir, { recursive: true, force: true });
if (failed) {
  console.error('some requests failed: figures are not valid');
  process.exitCode = 1;
}
