/**
 * `npm run bench -w packages/server`: requests per second of the status poll, of
 * `GET /verifications/{id}` and of `POST /links` at 32 connections, each beside a bare Fastify route
 * measured in the same server process just before (driven with the route's own requests, so the
 * load generator costs the same on both sides), their ratio, and the server's CPU time per
 * request (the figure a busy machine distorts least; on PostgreSQL on this machine also the
 * database server's, `database … µs`). Targets (issue 17, on PostgreSQL as on
 * SQLite): status poll >= 0.5x the bare route, link creation >= 0.15x. Then the webhook figure: median time from a transition to its first
 * delivery attempt (target <= 50 ms), one transition at a time and 16 at a time
 * (`bench/webhook-latency.ts`).
 *
 * Before each measurement the server is left to finish the background work of the previous one
 * (`settle`), so that no route, nor the bare one, runs beside work it did not cause.
 *
 * Every figure is measured `BENCH_ROUNDS` times, each line with the load average (1 min) before
 * and after it; the summary gives the medians. Both rate-limit settings are measured by default:
 * `on` (the production default; the load is spread over many clients so that none exceeds its
 * budget, see `bench/serve.ts`) and `off` (one client, as the benchmark first measured). The
 * targets are read on the `off` figures (DESIGN §3: `IDV_RATE_LIMITS=off` is the benchmark
 * setting); the verdicts are printed for both.
 *
 * Environment: BENCH_DURATION (seconds per measurement, default 5), BENCH_ROUNDS (default 3),
 * BENCH_CONNECTIONS (default 32), BENCH_WEBHOOK_SAMPLES (transitions per webhook figure, default
 * 200; 0 skips them), BENCH_ROUTES (`status,record,links`, default all), BENCH_RATE_LIMITS
 * (`on,off`, `on` or `off`), BENCH_CLIENTS (clients the load is spread over: default 1500 with
 * limits on, 1 with them off). SQLite is always measured; with BENCH_DATABASE_URL (or
 * IDV_DATABASE_URL) PostgreSQL is measured too, each server on a fresh schema of it, and its
 * figures are printed beside SQLite's with the cluster's durability settings
 * (`scripts/with-throwaway-postgres.sh` exports IDV_TEST_DATABASE_URL, also taken; its
 * cluster runs with fsync and synchronous_commit off, printed beside the figures).
 */
import { cpus, loadavg } from 'node:os';
import autocannon from 'autocannon';
import { benchDatabases, type BenchDatabase } from './databases.js';
import { routeRequests, startBenchServer, type BenchServer, type RouteName } from './fixture.js';
import { measureWebhookLatency } from './webhook-latency.js';

const duration = Number(process.env.BENCH_DURATION ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const webhookSamples = Number(process.env.BENCH_WEBHOOK_SAMPLES ?? 200);
const modes = (process.env.BENCH_RATE_LIMITS ?? 'on,off')
  .split(',')
  .map((mode) => mode.trim())
  .filter((mode) => mode === 'on' || mode === 'off');

interface Measurement {
  requestsPerSecond: number;
  /** Server CPU time per request, microseconds (user + system). */
  cpuMicros: number;
  /** The database server's CPU time per request (PostgreSQL on this machine), microseconds. */
  databaseCpuMicros: number | undefined;
  latencyP99: number;
  failures: number;
}

/** One route's figure of one round. */
interface RouteFigure {
  route: Measurement;
  bare: Measurement;
  ratio: number;
  loadBefore: number;
  loadAfter: number;
}

const ALL_TARGETS: { route: RouteName; name: string; target: number }[] = [
  { route: 'status', name: 'GET /verifications/{id}/status', target: 0.5 },
  { route: 'record', name: 'GET /verifications/{id}', target: 0 },
  { route: 'links', name: 'POST /links', target: 0.15 },
];
const only = process.env.BENCH_ROUTES?.split(',').map((route) => route.trim());
const TARGETS = ALL_TARGETS.filter((t) => only === undefined || only.includes(t.route));

const load1 = () => loadavg()[0]!;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const fixed = (value: number, digits = 0) => value.toFixed(digits);

async function measure(
  server: BenchServer,
  database: BenchDatabase,
  options: autocannon.Options,
): Promise<Measurement> {
  await server.settle();
  await settleDatabase(database);
  const databaseBefore = await database.cpuMicros();
  const cpuBefore = await server.cpuMicros();
  const result = await autocannon({ connections, duration, pipelining: 1, ...options });
  const cpuAfter = await server.cpuMicros();
  const databaseAfter = await database.cpuMicros();
  const requests = Math.max(1, result.requests.total);
  return {
    requestsPerSecond: result.requests.average,
    cpuMicros: (cpuAfter - cpuBefore) / requests,
    databaseCpuMicros:
      databaseBefore === undefined || databaseAfter === undefined
        ? undefined
        : (databaseAfter - databaseBefore) / requests,
    latencyP99: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

/**
 * Waits until the database server is idle too (under 5 % of a core over 300 ms, at most 20 s):
 * after a measurement of link creation, PostgreSQL's background work (autovacuum of the new
 * rows, the checkpointer) ran into the next measurement and took the CPU the server and the load
 * generator share with it (a status poll round at 2 509 req/s and 205 µs of database CPU per poll
 * beside the next at 15 154 req/s and 4 µs). Answers at once when its CPU is not seen.
 */
async function settleDatabase(database: BenchDatabase): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const before = await database.cpuMicros();
    if (before === undefined) return;
    await new Promise((resolve) => setTimeout(resolve, 300));
    const after = await database.cpuMicros();
    if (after === undefined || after - before < 0.05 * 300_000) return;
  }
}

/** The database's CPU per request (the median of several), when the database's processes are seen. */
function databaseCpu(values: (number | undefined)[]): string {
  const known = values.filter((value) => value !== undefined);
  return known.length === 0 ? '' : `, database ${fixed(median(known))} µs`;
}

function verdict(ratio: number, target: number): string {
  if (target === 0) return '';
  return ratio >= target ? ` (target ≥ ${target}: met)` : ` (target ≥ ${target}: NOT met)`;
}

let failed = false;
let webhookFigures = 0;
const summaries: string[] = [];
console.log(
  `idv-server benchmark: ${connections} connections, ${duration} s per measurement, ${rounds} rounds, ` +
    `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, started ${new Date().toISOString()}`,
);
const databases: BenchDatabase[] = await benchDatabases();
for (const database of databases)
  for (const mode of modes) {
    const schema = await database.fresh();
    const server = await startBenchServer({
      env: { IDV_RATE_LIMITS: mode, IDV_DATABASE_URL: schema.url ?? '' },
    });
    const { fixture } = server;
    try {
      console.log(
        `\n— database ${fixture.dialect}${database.settings}, rate limits ${mode}` +
          (fixture.rateLimits ? ` (load spread over ${fixture.clients.length} clients)` : '') +
          `, load average ${loadavg()
            .map((l) => fixed(l, 2))
            .join(' ')}`,
      );
      // Warm-up (not measured): the JIT and the caches of each measured route, as in a server that
      // has been running, so that round 1 does not measure start-up.
      for (const target of TARGETS) {
        await measure(server, database, {
          ...routeRequests(fixture, target.route, fixture.bareUrl),
          duration: 2,
        });
        await measure(server, database, { ...routeRequests(fixture, target.route), duration: 2 });
      }
      const figures = new Map<RouteName, RouteFigure[]>(TARGETS.map((t) => [t.route, []]));
      const webhook = new Map<number, { endToEnd: number[]; serverSide: number[] }>(
        webhookSamples > 0
          ? [
              [1, { endToEnd: [], serverSide: [] }],
              [16, { endToEnd: [], serverSide: [] }],
            ]
          : [],
      );
      for (let round = 1; round <= rounds; round++) {
        for (const target of TARGETS) {
          const loadBefore = load1();
          const bare = await measure(
            server,
            database,
            routeRequests(fixture, target.route, fixture.bareUrl),
          );
          const route = await measure(server, database, routeRequests(fixture, target.route));
          const figure: RouteFigure = {
            route,
            bare,
            ratio: route.requestsPerSecond / bare.requestsPerSecond,
            loadBefore,
            loadAfter: load1(),
          };
          figures.get(target.route)!.push(figure);
          if (route.failures > 0) failed = true;
          console.log(
            `[${round}] ${target.name.padEnd(31)} ${fixed(route.requestsPerSecond).padStart(6)} req/s p99 ${String(route.latencyP99).padStart(3)} ms` +
              ` | bare ${fixed(bare.requestsPerSecond).padStart(6)} req/s | ratio ${fixed(figure.ratio, 2)}${verdict(figure.ratio, target.target)}` +
              ` | CPU/request ${fixed(route.cpuMicros)} µs, bare ${fixed(bare.cpuMicros)} µs` +
              databaseCpu([route.databaseCpuMicros]) +
              ` | load ${fixed(loadBefore, 2)} → ${fixed(figure.loadAfter, 2)}` +
              (route.failures > 0 ? ` | ${route.failures} FAILED requests` : ''),
          );
        }
        for (const [concurrency, samples] of webhook) {
          const loadBefore = load1();
          const result = await measureWebhookLatency({
            appUrl: fixture.appUrl,
            // A client of its own per figure: with rate limits on, its 200 links stay inside the
            // company budget (1000 requests a minute).
            token: fixture.clients[webhookFigures++ % fixture.clients.length]!.token,
            dataDir: fixture.dataDir,
            databaseUrl: schema.url,
            count: webhookSamples,
            concurrency,
          });
          samples.endToEnd.push(result.endToEnd.median);
          samples.serverSide.push(result.serverSide.median);
          if (result.samples < webhookSamples) failed = true;
          console.log(
            `[${round}] ${`webhook, ${concurrency} at a time`.padEnd(31)} median ${fixed(result.endToEnd.median, 1)} ms` +
              ` p95 ${fixed(result.endToEnd.p95, 1)} ms end to end | server side median ${result.serverSide.median} ms` +
              ` p95 ${result.serverSide.p95} ms | ${result.samples} samples | load ${fixed(loadBefore, 2)} → ${fixed(load1(), 2)}`,
          );
        }
      }
      summaries.push(
        `\nmedians of ${rounds} rounds, database ${fixture.dialect}${database.settings}, rate limits ${mode}:`,
      );
      for (const target of TARGETS) {
        const list = figures.get(target.route)!;
        const ratio = median(list.map((f) => f.ratio));
        summaries.push(
          `  ${target.name.padEnd(31)} ${fixed(median(list.map((f) => f.route.requestsPerSecond))).padStart(6)} req/s` +
            ` | bare ${fixed(median(list.map((f) => f.bare.requestsPerSecond))).padStart(6)} req/s` +
            ` | ratio ${fixed(ratio, 2)}${verdict(ratio, target.target)}` +
            ` | CPU/request ${fixed(median(list.map((f) => f.route.cpuMicros)))} µs, bare ${fixed(median(list.map((f) => f.bare.cpuMicros)))} µs` +
            databaseCpu(list.map((f) => f.route.databaseCpuMicros)) +
            ` | load ${fixed(median(list.map((f) => f.loadBefore)), 2)} → ${fixed(median(list.map((f) => f.loadAfter)), 2)}`,
        );
      }
      for (const [concurrency, samples] of webhook) {
        const endToEnd = median(samples.endToEnd);
        summaries.push(
          `  ${`webhook, ${concurrency} at a time`.padEnd(31)} median ${fixed(endToEnd, 1)} ms end to end` +
            ` (target ≤ 50 ms: ${endToEnd <= 50 ? 'met' : 'NOT met'}) | server side ${fixed(median(samples.serverSide), 1)} ms`,
        );
      }
    } finally {
      await server.stop();
      await schema.drop();
    }
  }
console.log(summaries.join('\n'));
console.log(
  `\nfinished ${new Date().toISOString()}, load average ${loadavg()
    .map((l) => fixed(l, 2))
    .join(' ')}`,
);
if (failed) {
  console.error('some requests failed: figures are not valid');
  process.exitCode = 1;
}
