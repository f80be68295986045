/**
 * `npm run bench:index-plans -w packages/server`: the plan and the time of every query that reads
 * one company's verifications, with `verifications_company_created_idx` (`(company_id,
 * created_at)`, migration 0001) and without it, on SQLite and on PostgreSQL: the check behind
 * migration 0016, which drops it as a duplicate of the start of `verifications_inbox_created_idx`
 * (`(company_id, created_at, id, expires_at, link_id)`, 0013).
 *
 * Fills `BENCH_INBOX_ROWS` verifications (default 100 000, half to the measured company) as
 * `bench/inbox.ts` does, creates the index again (the latest schema no longer has it), and runs
 * every read of the company's verifications through the real app, recording the SQL each one
 * sends: the REST API's lists (latest, a page, the last hour, related), the portal inbox (first
 * page, each filter and sort, a deep page) and the Overview. Each recorded statement that reads
 * `verifications` with a `company_id` is then explained and timed (`BENCH_PLAN_RUNS`, default 9,
 * median) with the index, and again once it is dropped. PostgreSQL is measured when a server is
 * given (`scripts/with-throwaway-postgres.sh`; see `bench/databases.ts`).
 */
import { performance } from 'node:perf_hooks';
import {
  CompiledQuery,
  sql,
  type Kysely,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryExecutor,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import type { DatabaseHandle } from '../src/db/database.js';
import type { Database } from '../src/db/schema.js';
import type { TestApp } from '../src/testing/harness.js';
import { benchApp } from './bench-app.js';
import { portalBrowser } from '../src/testing/portal-session.js';
import { benchDatabases, type BenchDatabase } from './databases.js';
import { fill, tidy, type Probes } from './inbox-rows.js';

const ROWS = Number(process.env.BENCH_INBOX_ROWS ?? 100_000);
const RUNS = Number(process.env.BENCH_PLAN_RUNS ?? 9);
const COMPANIES = 5;

/** The index under test, as migration 0001 created it. */
const INDEX = {
  name: 'verifications_company_created_idx',
  table: 'verifications',
  columns: ['company_id', 'created_at'],
} as const;

/**
 * Records every distinct statement (SQL and parameters: the inbox's first page and page 200 differ
 * only by their offset) sent through the Kysely it is plugged into.
 */
class StatementRecorder implements KyselyPlugin {
  readonly #seen = new Map<string, [string, readonly unknown[]]>();

  constructor(private readonly executor: QueryExecutor) {}

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const compiled = this.executor.compileQuery(args.node, args.queryId);
    const key = JSON.stringify([compiled.sql, compiled.parameters]);
    if (!this.#seen.has(key)) this.#seen.set(key, [compiled.sql, compiled.parameters]);
    return args.node;
  }

  /** The statements recorded, in the order they were first sent. */
  get statements(): [string, readonly unknown[]][] {
    return [...this.#seen.values()];
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

/** Every read of the measured company's verifications, through the app's routes. */
async function readEverything(test: TestApp, companyId: string, token: string, probes: Probes) {
  const api = async (url: string) => {
    const answer = await test.inject({ method: 'GET', url: `/api/v1${url}`, token });
    if (answer.statusCode !== 200) throw new Error(`${url}: ${answer.statusCode} ${answer.body}`);
  };
  await api('/verifications');
  await api('/verifications/25/40');
  await api('/verifications/last-hour');
  await api(`/verifications/${probes.someId}/related`);
  const owner = await portalBrowser(test, companyId, 'viewer');
  const portal = async (url: string) => {
    const answer = await owner.call('GET', url);
    if (answer.statusCode !== 200) throw new Error(`${url}: ${answer.statusCode} ${answer.body}`);
  };
  for (const query of [
    '',
    'status=failed',
    'type=ID%20ONLY',
    'method=FACE',
    'reason=SPOOF_DETECTED',
    'from=2026-01-05&to=2026-01-11',
    `q=${probes.somePerson}`,
    `q=${probes.someId}`,
    'sort=finishedAt',
    'order=asc',
    'page=200',
  ])
    await portal(`/verifications${query === '' ? '' : `?${query}`}`);
  await portal('/overview');
}

/** The plan the database chooses for a statement, one step a line. */
async function plan(handle: DatabaseHandle, text: string, parameters: readonly unknown[]) {
  const explain =
    handle.dialect === 'postgres' ? `explain (costs off) ${text}` : `explain query plan ${text}`;
  const { rows } = await handle.db.executeQuery<Record<string, unknown>>(
    CompiledQuery.raw(explain, [...parameters]),
  );
  return rows.map((row) => String(row['QUERY PLAN'] ?? row['detail']));
}

/** Median milliseconds of `RUNS` runs of a read (after one), or null for a write (not run). */
async function median(handle: DatabaseHandle, text: string, parameters: readonly unknown[]) {
  if (!/^select/i.test(text)) return null;
  const run = () => handle.db.executeQuery(CompiledQuery.raw(text, [...parameters]));
  await run();
  const took: number[] = [];
  for (let at = 0; at < RUNS; at++) {
    const started = performance.now();
    await run();
    took.push(performance.now() - started);
  }
  took.sort((a, b) => a - b);
  return took[Math.floor(took.length / 2)]!;
}

async function measure(database: BenchDatabase): Promise<void> {
  const test = await benchApp(database, 'idv-bench-plans-');
  try {
    const accounts = [];
    for (let c = 0; c < COMPANIES; c++) accounts.push(await test.account('pro'));
    const companyIds = accounts.map((account) => account.companyId);
    const probes = await fill(test, companyIds, ROWS);
    const handle = test.services.context.database;
    const db: Kysely<Database> = handle.db;
    await sql`drop index if exists ${sql.ref(INDEX.name)}`.execute(db);
    await db.schema
      .createIndex(INDEX.name)
      .on(INDEX.table)
      .columns([...INDEX.columns])
      .execute();
    await tidy(database, db);
    // The services read `handle.db` at each call: for this pass it records what they send.
    const recorder = new StatementRecorder(db.getExecutor());
    (handle as { db: Kysely<Database> }).db = db.withPlugin(recorder);
    try {
      await readEverything(test, companyIds[0]!, accounts[0]!.token, probes);
    } finally {
      (handle as { db: Kysely<Database> }).db = db;
    }
    const statements = recorder.statements.filter(
      ([text]) => text.includes('"verifications"') && text.includes('company_id'),
    );
    const withIndex = [];
    for (const [text, parameters] of statements)
      withIndex.push({
        plan: await plan(handle, text, parameters),
        ms: await median(handle, text, parameters),
      });
    await sql`drop index ${sql.ref(INDEX.name)}`.execute(db);
    await tidy(database, db);
    console.log(
      `${database.name}: ${ROWS} verifications over ${COMPANIES} companies; ${statements.length} statements read one company's verifications`,
    );
    const used: number[] = [];
    const changed: number[] = [];
    for (const [at, [text, parameters]] of statements.entries()) {
      const before = withIndex[at]!;
      const after = {
        plan: await plan(handle, text, parameters),
        ms: await median(handle, text, parameters),
      };
      if (before.plan.some((step) => step.includes(INDEX.name))) used.push(at + 1);
      if (before.plan.join('\n') !== after.plan.join('\n')) changed.push(at + 1);
      const ms = (value: number | null) => (value === null ? 'write' : `${value.toFixed(2)} ms`);
      console.log(`\n#${at + 1} ${text}`);
      console.log(`  parameters: ${JSON.stringify(parameters)}`);
      console.log(`  with ${INDEX.name} (${ms(before.ms)}):`);
      for (const step of before.plan) console.log(`    ${step}`);
      console.log(`  without it (${ms(after.ms)}):`);
      for (const step of after.plan) console.log(`    ${step}`);
    }
    console.log(
      `\n${database.name}: plans naming ${INDEX.name} while it existed: ${used.length === 0 ? 'none' : used.map((n) => `#${n}`).join(' ')}; plans that changed without it: ${changed.length === 0 ? 'none' : changed.map((n) => `#${n}`).join(' ')}\n`,
    );
  } finally {
    await test.close();
  }
}

// The app is driven in process (`inject`): this keeps the event loop alive until the end (see
// bench/inbox.ts).
const alive = setInterval(() => undefined, 60_000);
for (const database of await benchDatabases()) await measure(database);
clearInterval(alive);
