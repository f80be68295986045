/**
 * The databases the benchmark measures: SQLite always, and PostgreSQL when a server is given
 * (`BENCH_DATABASE_URL`, `IDV_DATABASE_URL` or the throwaway cluster's `IDV_TEST_DATABASE_URL`).
 * Each benchmark server gets a fresh PostgreSQL schema, dropped after it.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';

/** One database to measure. */
export interface BenchDatabase {
  name: 'sqlite' | 'postgres';
  /** Printed after the dialect: PostgreSQL's durability settings (they decide its commit cost). */
  settings: string;
  /** A fresh place for one benchmark server: its URL (undefined: SQLite in the data directory). */
  fresh(): Promise<{ url: string | undefined; drop(): Promise<void> }>;
  /**
   * CPU time (user + system, µs) the database server's processes used so far, or undefined
   * (SQLite runs inside the benchmark server; a PostgreSQL server not on this machine).
   */
  cpuMicros(): Promise<number | undefined>;
}

const sqlite: BenchDatabase = {
  name: 'sqlite',
  settings: '',
  fresh: async () => ({ url: undefined, drop: async () => undefined }),
  cpuMicros: async () => undefined,
};

/** Clock ticks per second of `/proc/<pid>/stat` (`getconf CLK_TCK`: 100 on Linux). */
const CLOCK_TICKS_PER_SECOND = 100;

/**
 * CPU time of a PostgreSQL cluster's processes on this machine, in µs: every process it lists in
 * `pg_stat_activity` (backends and background processes, but the reading's own), read from
 * `/proc` (Linux). Each process counts with the last time it was seen, so the total never goes
 * back when a pooled connection closes between two readings; a process's time after its last
 * reading is lost, so compare readings over a measurement whose connections stay open (the
 * server's pool). Answers undefined when `/proc` shows none of them (a cluster elsewhere).
 */
function clusterCpu(url: string): () => Promise<number | undefined> {
  const lastSeen = new Map<number, number>();
  return () =>
    withClient(url, async (client) => {
      const { rows } = await client.query<{ pid: number }>(
        'select pid from pg_stat_activity where pid <> pg_backend_pid()',
      );
      let seen = false;
      for (const { pid } of rows) {
        const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
        if (stat === undefined) continue;
        // After the command name: utime and stime are the 12th and 13th fields.
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        lastSeen.set(pid, Number(fields[11]) + Number(fields[12]));
        seen = true;
      }
      if (!seen) return undefined;
      let ticks = 0;
      for (const value of lastSeen.values()) ticks += value;
      return (ticks * 1e6) / CLOCK_TICKS_PER_SECOND;
    });
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function postgres(url: string): BenchDatabase {
  return {
    name: 'postgres',
    settings: '',
    cpuMicros: clusterCpu(url),
    async fresh() {
      const schema = `bench_${randomBytes(6).toString('hex')}`;
      await withClient(url, (client) => client.query(`create schema ${schema}`));
      const scoped = new URL(url);
      scoped.searchParams.set('options', `-c search_path=${schema}`);
      return {
        url: scoped.toString(),
        drop: async () => {
          await withClient(url, (client) => client.query(`drop schema ${schema} cascade`));
        },
      };
    },
  };
}

/**
 * SQLite, then PostgreSQL when one is given, with its settings read from the server;
 * `BENCH_DATABASES` (`sqlite,postgres`) keeps only those named.
 */
export async function benchDatabases(): Promise<BenchDatabase[]> {
  const only = (process.env.BENCH_DATABASES ?? 'sqlite,postgres').split(',').map((n) => n.trim());
  return (await allDatabases()).filter((database) => only.includes(database.name));
}

async function allDatabases(): Promise<BenchDatabase[]> {
  const url =
    process.env.BENCH_DATABASE_URL ||
    process.env.IDV_DATABASE_URL ||
    process.env.IDV_TEST_DATABASE_URL ||
    undefined;
  if (url === undefined) return [sqlite];
  const database = postgres(url);
  database.settings = await withClient(url, async (client) => {
    const read = async (name: string) =>
      (await client.query<{ value: string }>(`select current_setting('${name}') as value`)).rows[0]!
        .value;
    return ` (fsync ${await read('fsync')}, synchronous_commit ${await read('synchronous_commit')}, max_connections ${await read('max_connections')})`;
  });
  return [sqlite, database];
}
