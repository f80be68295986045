/**
 * `npm run bench:inbox -w packages/server`: the portal inbox with 100 000 verifications (issue 16
 * target: its first page and each single filter or sort in ≤ 50 ms of server time, on SQLite and
 * on PostgreSQL).
 *
 * Fills one database per dialect with `BENCH_INBOX_ROWS` verifications (default 100 000) spread
 * over five companies (the measured one holds half), with a realistic spread of statuses, link
 * types, methods, creation dates over a year, failure reasons and `externalUserId`s; then times
 * `GET /app/api/verifications` through the real app (session cookie, the route's expiry sweep,
 * the query, JSON and ETag) for the first page and each single filter and sort, `BENCH_INBOX_RUNS`
 * times each (default 15, after 2 warm-up calls), and prints the median and the slowest run.
 * Measured twice: without the indexes of migrations 0013 and 0014 (`before`), then with them
 * (`after`).
 *
 * PostgreSQL is measured when a server is given (`scripts/with-throwaway-postgres.sh` exports
 * IDV_TEST_DATABASE_URL; BENCH_DATABASE_URL or IDV_DATABASE_URL also work); BENCH_DATABASES
 * (`sqlite,postgres`) keeps only those named.
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { INBOX_INDEXES } from '../src/db/migrations/0013-inbox-indexes.js';
import { INBOX_TYPE_INDEX } from '../src/db/migrations/0014-verification-type.js';
import { DROPPED_LINKS_TYPE_INDEX } from '../src/db/migrations/0015-drop-links-type-index.js';
import { portalBrowser, type PortalBrowser } from '../src/testing/portal-session.js';
import { benchDatabases, type BenchDatabase } from './databases.js';
import { benchApp } from './bench-app.js';
import { fill, tidy, type Probes } from './inbox-rows.js';

const ROWS = Number(process.env.BENCH_INBOX_ROWS ?? 100_000);
const RUNS = Number(process.env.BENCH_INBOX_RUNS ?? 15);
const TARGET_MS = 50;
const COMPANIES = 5;

/** The inbox queries measured: the first page, each single filter, each sort. */
function queries(probes: Probes): [string, string][] {
  return [
    ['first page', ''],
    ['status=failed', 'status=failed'],
    ['status=pending', 'status=pending'],
    ['type=ID ONLY', 'type=ID%20ONLY'],
    ['method=FACE', 'method=FACE'],
    ['reason=SPOOF_DETECTED', 'reason=SPOOF_DETECTED'],
    ['from–to (one week)', 'from=2026-01-05&to=2026-01-11'],
    ['q=externalUserId', `q=${probes.somePerson}`],
    ['q=id', `q=${probes.someId}`],
    ['sort=finishedAt', 'sort=finishedAt'],
    ['order=asc', 'order=asc'],
    ['page 200', 'page=200'],
  ];
}

/** Median and slowest of `RUNS` calls of one inbox query, milliseconds. */
async function time(owner: PortalBrowser, query: string): Promise<{ median: number; max: number }> {
  const url = `/verifications${query === '' ? '' : `?${query}`}`;
  const once = async () => {
    const started = performance.now();
    const answer = await owner.call('GET', url);
    const took = performance.now() - started;
    if (answer.statusCode !== 200) throw new Error(`${url}: ${answer.statusCode} ${answer.body}`);
    return took;
  };
  await once();
  await once();
  const took: number[] = [];
  for (let run = 0; run < RUNS; run++) took.push(await once());
  took.sort((a, b) => a - b);
  return { median: took[Math.floor(took.length / 2)]!, max: took.at(-1)! };
}

async function measure(
  database: BenchDatabase,
): Promise<Map<string, { before: number; after: number; maxAfter: number }>> {
  const test = await benchApp(database, 'idv-bench-inbox-');
  try {
    const companyIds: string[] = [];
    for (let c = 0; c < COMPANIES; c++) companyIds.push((await test.account('pro')).companyId);
    const filling = performance.now();
    const probes = await fill(test, companyIds, ROWS);
    const db = test.services.context.database.db;
    await tidy(database, db);
    console.log(
      `${database.name}${database.settings}: ${ROWS} verifications over ${COMPANIES} companies filled in ${((performance.now() - filling) / 1000).toFixed(1)} s`,
    );
    const owner = await portalBrowser(test, companyIds[0]!, 'viewer');
    const figures = new Map<string, { before: number; after: number; maxAfter: number }>();
    // The inbox's indexes as the latest schema has them (0015 dropped one of 0013's).
    const indexes = [...INBOX_INDEXES, INBOX_TYPE_INDEX].filter(
      (index) => index.name !== DROPPED_LINKS_TYPE_INDEX,
    );
    for (const index of indexes) await sql`drop index ${sql.ref(index.name)}`.execute(db);
    await tidy(database, db);
    for (const [name, query] of queries(probes)) {
      if (process.env.BENCH_VERBOSE) console.log(`  before: ${name}`);
      figures.set(name, { before: (await time(owner, query)).median, after: 0, maxAfter: 0 });
    }
    for (const index of indexes)
      await db.schema
        .createIndex(index.name)
        .on(index.table)
        .columns([...index.columns])
        .execute();
    await tidy(database, db);
    for (const [name, query] of queries(probes)) {
      const { median, max } = await time(owner, query);
      figures.set(name, { ...figures.get(name)!, after: median, maxAfter: max });
    }
    return figures;
  } finally {
    await test.close();
  }
}

const ms = (value: number) => `${value.toFixed(1).padStart(7)} ms`;

// The app is driven in process (`inject`), so no listening socket keeps the event loop alive
// while a call waits on the database's unref'd helpers (the WAL checkpointer's worker after the
// fill, the rate-limit flush timer); this does, until the figures are printed.
const alive = setInterval(() => undefined, 60_000);
for (const database of await benchDatabases()) {
  const loadBefore = loadavg()[0]!;
  const figures = await measure(database);
  console.log(
    `inbox of the company holding half of them, median of ${RUNS} (load ${loadBefore.toFixed(2)} → ${loadavg()[0]!.toFixed(2)}):`,
  );
  console.log(
    `  ${'query'.padEnd(24)} ${'before 0013'.padStart(11)} ${'after'.padStart(10)} ${'slowest'.padStart(10)}  ≤ ${TARGET_MS} ms`,
  );
  for (const [name, { before, after, maxAfter }] of figures)
    console.log(
      `  ${name.padEnd(24)} ${ms(before).padStart(11)} ${ms(after)} ${ms(maxAfter)}  ${after <= TARGET_MS ? 'yes' : 'NO'}`,
    );
}
clearInterval(alive);
