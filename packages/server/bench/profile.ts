/**
 * `npm run bench:profile -w packages/server -- <route> [seconds]`: runs the benchmark server under
 * `node --cpu-prof`, loads one route with autocannon (32 connections), and prints where the
 * server's CPU time went: self time by function and by package. The `.cpuprofile` is kept
 * (its path is printed) for a flame graph (Chrome DevTools › Performance, or speedscope).
 *
 * Routes: `status` (the status poll), `record` (`GET /verifications/{id}`), `links`
 * (`POST /links`), `bare` (the bare Fastify route, for comparison). Environment as `bench/run.ts`:
 * the database is PostgreSQL when one is given (`BENCH_DATABASE_URL`, `IDV_DATABASE_URL` or the
 * throwaway cluster's `IDV_TEST_DATABASE_URL`; a fresh schema, dropped after), else SQLite;
 * `BENCH_DATABASES=sqlite` keeps SQLite. Rate limits are off unless `BENCH_RATE_LIMITS=on`
 * (or `IDV_RATE_LIMITS=on`).
 *
 * It also prints the server's CPU time per request and, on PostgreSQL on this machine, the
 * database's. `BENCH_PROFILER=perf` records with `perf record -e cpu-clock` instead of
 * `--cpu-prof` (on-CPU time only, kernel included: see `bench/perf-record.ts` for why the V8
 * profile overstates socket writes) and prints `perf report`'s heaviest functions.
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { benchDatabases } from './databases.js';
import { PERF_NODE_OPTIONS, perfSummary, recordPerf, type PerfRecording } from './perf-record.js';
import { startBenchServer, routeRequests, type RouteName } from './fixture.js';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const route = (process.argv[2] ?? 'status') as RouteName | 'bare';
const seconds = Number(process.argv[3] ?? 10);
const profileDir = mkdtempSync(join(tmpdir(), 'idv-profile-'));
const usePerf = process.env.BENCH_PROFILER === 'perf';
const perfFile = join(profileDir, 'perf.data');

// The last database measured by `bench/run.ts`: PostgreSQL when one is given.
const database = (await benchDatabases()).at(-1)!;
const schema = await database.fresh();
const rateLimits =
  (process.env.BENCH_RATE_LIMITS ?? process.env.IDV_RATE_LIMITS) === 'on' ? 'on' : 'off';
const server = await startBenchServer({
  nodeOptions: [
    ...(usePerf ? PERF_NODE_OPTIONS : ['--cpu-prof', `--cpu-prof-dir=${profileDir}`]),
    ...(process.env.BENCH_NODE_OPTIONS?.split(' ') ?? []),
  ],
  env: { IDV_RATE_LIMITS: rateLimits, IDV_DATABASE_URL: schema.url ?? '' },
});
console.log(
  `profiling ${route} on ${server.fixture.dialect}${database.settings}, rate limits ${rateLimits}`,
);
let recording: PerfRecording | undefined;
try {
  const requests = route === 'bare' ? undefined : routeRequests(server.fixture, route);
  const load = (duration: number) =>
    autocannon({
      url: route === 'bare' ? `${server.fixture.bareUrl}/bare` : server.fixture.appUrl,
      connections: 32,
      duration,
      ...(requests ?? {}),
    });
  // perf records the load alone: 2 s of warm-up first (the V8 profile skips its first 0.5 s).
  if (usePerf) {
    await load(2);
    recording = await recordPerf(server.pid, perfFile);
  }
  const databaseBefore = await database.cpuMicros();
  const cpuBefore = await server.cpuMicros();
  const result = await load(seconds);
  const perRequest = (micros: number) => (micros / Math.max(1, result.requests.total)).toFixed(0);
  const cpu = perRequest((await server.cpuMicros()) - cpuBefore);
  const databaseAfter = await database.cpuMicros();
  const databaseCpu =
    databaseBefore === undefined || databaseAfter === undefined
      ? ''
      : `, database ${perRequest(databaseAfter - databaseBefore)} µs`;
  console.log(
    `${route}: ${result.requests.average.toFixed(0)} req/s, ${result.non2xx} non-2xx, ${result.errors} errors` +
      ` | CPU/request ${cpu} µs${databaseCpu}`,
  );
} finally {
  await recording?.stop();
  await server.stop();
  await schema.drop();
}
if (usePerf) {
  console.log(
    `\non-CPU time by function, inclusive (perf report --children):\n${perfSummary(perfFile)}`,
  );
  console.log(`\nperf data: ${perfFile} (perf report -i ${perfFile})`);
} else {
  printV8Profile();
}

/** Self and inclusive time by function and by package, of the V8 profile's load window. */
function printV8Profile(): void {
  const file = readdirSync(profileDir).find((name) => name.endsWith('.cpuprofile'));
  if (file === undefined) throw new Error('no profile written');
  const profile = JSON.parse(readFileSync(join(profileDir, file), 'utf8')) as CpuProfile;
  // Only the samples of the load (the last `seconds` before shutdown), not start-up and fixtures.
  const times: number[] = [];
  profile.timeDeltas.reduce((at, delta) => (times.push(at + delta), at + delta), 0);
  const end = times.at(-1) ?? 0;
  const inWindow = (index: number) =>
    times[index]! > end - (seconds - 0.5) * 1e6 && times[index]! < end - 0.3e6;
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parents.set(child, node.id);

  function label(node: ProfileNode): { name: string; pkg: string } {
    const { functionName, url, lineNumber } = node.callFrame;
    const where = url.replace(/^file:\/\//, '');
    const name = `${functionName || '(anonymous)'} ${where.split('/node_modules/').at(-1)}:${lineNumber + 1}`;
    const inModules = where.split('/node_modules/').at(-1)!;
    const pkg = where.includes('/node_modules/')
      ? inModules
          .split('/')
          .slice(0, inModules.startsWith('@') ? 2 : 1)
          .join('/')
      : where.includes('/packages/server/')
        ? 'idv-server'
        : where === ''
          ? functionName.startsWith('(')
            ? functionName
            : '(native)'
          : where.startsWith('node:')
            ? where
            : 'other';
    return { name, pkg };
  }

  let total = 0;
  const byFunction = new Map<string, number>();
  const byPackage = new Map<string, number>();
  const inclusive = new Map<string, number>();
  profile.samples.forEach((id, index) => {
    if (!inWindow(index)) return;
    const micros = profile.timeDeltas[index + 1] ?? profile.timeDeltas[index] ?? 0;
    total += micros;
    const { name, pkg } = label(nodes.get(id)!);
    byFunction.set(name, (byFunction.get(name) ?? 0) + micros);
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + micros);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parents.get(at)) {
      const own = label(nodes.get(at)!).name;
      if (seen.has(own)) continue;
      seen.add(own);
      inclusive.set(own, (inclusive.get(own) ?? 0) + micros);
    }
  });
  const top = (map: Map<string, number>, count: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([name, micros]) => `${((100 * micros) / total).toFixed(1).padStart(5)} %  ${name}`)
      .join('\n');
  console.log(
    `\nself time by package (${(total / 1e6).toFixed(1)} s sampled):\n${top(byPackage, 25)}`,
  );
  console.log(`\nself time by function:\n${top(byFunction, 45)}`);
  console.log(`\ntotal (inclusive) time by function:\n${top(inclusive, 70)}`);
  console.log(`\nprofile: ${join(profileDir, file)}`);
}
