import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import {
  Kysely,
  PostgresDialect,
  SqliteAdapter,
  SqliteDialect,
  sql,
  type DialectAdapter,
  type SqliteDatabase,
  type SqliteStatement,
} from 'kysely';
import pg from 'pg';
import { SqliteChangeTracker, type ForeignKeyEdge } from './change-tracker.js';
import { GroupCommit } from './group-commit.js';
import {
  notifyExpression,
  PgNotificationListener,
  type NotificationChannel,
  type NotificationHandler,
} from './pg-notifications.js';
import { allowDirectQueries } from './prepared.js';
import { WalCheckpointer } from './wal-checkpointer.js';
import type { Database } from './schema.js';

/** Which SQL engine a handle talks to. */
export type DialectName = 'sqlite' | 'postgres';

/** An open database: the Kysely instance plus the few dialect-aware helpers the services need. */
export interface DatabaseHandle {
  readonly db: Kysely<Database>;
  readonly dialect: DialectName;
  /**
   * Runs `work` in one transaction (atomic: all of it or none). On SQLite the write lock is taken
   * up front (`BEGIN IMMEDIATE`), so a transaction that reads before it writes never fails with a
   * stale snapshot when another process (a second server, the CLI) wrote in between, and concurrent
   * units share one commit (see `GroupCommit`): `work` must only use the handle it is given.
   */
  writeTransaction<T>(work: (trx: Kysely<Database>) => Promise<T>): Promise<T>;
  /**
   * Runs a single atomic write statement (`work` issues exactly one): on SQLite it joins the group
   * commit instead of paying a commit of its own; on PostgreSQL it runs as is.
   */
  singleWrite<T>(work: (db: Kysely<Database>) => Promise<T>): Promise<T>;
  /**
   * A number that changes whenever a stored row of one of `tables` may have changed (by this
   * process or another); equal answers mean no row of those tables changed in between (see
   * `SqliteChangeTracker`). `null` when the dialect cannot tell (PostgreSQL). Lets `RowCache`
   * keep rows exactly as fresh as a read.
   */
  changeVersion(tables: readonly string[]): number | null;
  /**
   * Notifies every process of the database on `channel` when `trx` commits (PostgreSQL `NOTIFY`,
   * nothing if it rolls back; several notifications of one transaction arrive as one). SQLite:
   * nothing (its processes share one machine and poll).
   */
  notify(trx: Kysely<Database>, channel: NotificationChannel): Promise<void>;
  /**
   * Calls `handler` when any process notifies `channel` (PostgreSQL `LISTEN` on one connection per
   * process, reconnected when lost; after a reconnection every handler is called with
   * `missed: true`). Answers the unsubscription. SQLite: never called.
   */
  listen(channel: NotificationChannel, handler: NotificationHandler): () => void;
  close(): Promise<void>;
}

/** Where to open the database. */
export interface DatabaseLocation {
  /** PostgreSQL connection string; when absent SQLite is opened in `dataDir`. */
  databaseUrl?: string | undefined;
  /** Directory holding `idv.sqlite` (created when missing). */
  dataDir: string;
  /** Receives errors of the database's background work (SQLite: checkpoints of its log). */
  onBackgroundError?: ((error: unknown) => void) | undefined;
}

/** File name of the embedded database inside the data directory. */
export const SQLITE_FILE_NAME = 'idv.sqlite';

/** How long a SQLite statement waits for another writer before giving up (ms). */
const SQLITE_BUSY_TIMEOUT_MS = 10_000;

/**
 * better-sqlite3 behind Kysely's `SqliteDatabase` interface, with a cache of prepared statements:
 * Kysely prepares every query afresh, and preparing costs more than running the small queries we send.
 */
function cachingSqlite(
  database: BetterSqlite3.Database,
  changes: SqliteChangeTracker,
  capacity = 500,
): SqliteDatabase & { statement(text: string): BetterSqlite3.Statement } {
  const statements = new Map<string, { prepared: BetterSqlite3.Statement; tracked: boolean }>();
  // Every statement run on the connection is looked up here first (Kysely's and ours alike), so
  // this is where the change tracker learns of each write.
  const statement = (text: string): BetterSqlite3.Statement => {
    let entry = statements.get(text);
    if (entry === undefined) {
      const prepared = database.prepare(text);
      entry = { prepared, tracked: SqliteChangeTracker.mayChangeRows(text, prepared.readonly) };
      if (statements.size >= capacity) {
        const oldest = statements.keys().next().value;
        if (oldest !== undefined) statements.delete(oldest);
      }
      statements.set(text, entry);
    }
    if (entry.tracked) changes.noteStatement(text);
    return entry.prepared;
  };
  return {
    statement,
    prepare: (text: string) => statement(text) as unknown as SqliteStatement,
    close(): void {
      statements.clear();
      database.close();
    },
  };
}

/**
 * SQLite adapter whose migration lock is a real write lock (`BEGIN IMMEDIATE` … `COMMIT`), so two
 * processes starting on one data directory never run the same migration twice.
 */
class LockingSqliteAdapter extends SqliteAdapter {
  override async acquireMigrationLock(db: Kysely<unknown>): Promise<void> {
    await sql`begin immediate`.execute(db);
  }

  override async releaseMigrationLock(db: Kysely<unknown>): Promise<void> {
    await sql`commit`.execute(db);
  }
}

class LockingSqliteDialect extends SqliteDialect {
  override createAdapter(): DialectAdapter {
    return new LockingSqliteAdapter();
  }
}

function openSqlite(dataDir: string, onBackgroundError?: (error: unknown) => void): DatabaseHandle {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = join(dataDir, SQLITE_FILE_NAME);
  const raw = new BetterSqlite3(file, { timeout: SQLITE_BUSY_TIMEOUT_MS });
  raw.pragma('journal_mode = WAL');
  raw.pragma('synchronous = NORMAL');
  raw.pragma('foreign_keys = ON');
  // The write-ahead log is checkpointed in a worker thread (`WalCheckpointer`) once it holds
  // ~4 MB. The automatic checkpoint, which runs inside a commit of this connection and so stalls
  // the event loop, stays as a backstop at ~40 MB: by then the worker has copied nearly all of
  // the log, and this short last pass lets the next commit restart the log from its beginning.
  raw.pragma('wal_autocheckpoint = 10000');
  raw.pragma('journal_size_limit = 67108864');
  // Page cache of 64 MiB (the default is 2 MiB) and reads through a memory map: inserts into the
  // indexes of busy tables (random link ids) then find their pages in memory instead of paying a
  // read system call per page.
  raw.pragma('cache_size = -65536');
  raw.pragma('mmap_size = 268435456');
  // Temporary files in memory: each unit of a group commit runs in a savepoint, whose journal
  // (the original of every page the unit changes, kept for a rollback to the savepoint) was
  // otherwise a temporary file, written page by page: about 40 write calls per link created.
  raw.pragma('temp_store = MEMORY');
  const dataVersion = raw.prepare('pragma data_version').pluck();
  const foreignKeys = raw.prepare(
    `select m.name as child, f."table" as parent from sqlite_master m, pragma_foreign_key_list(m.name) f
     where m.type = 'table' and (f.on_delete not in ('NO ACTION', 'RESTRICT') or f.on_update not in ('NO ACTION', 'RESTRICT'))`,
  );
  const changes = new SqliteChangeTracker(
    () => dataVersion.get() as number,
    () => foreignKeys.all() as ForeignKeyEdge[],
  );
  const statements = cachingSqlite(raw, changes);
  const db = new Kysely<Database>({
    dialect: new LockingSqliteDialect({ database: statements }),
  });
  // A read-only prepared query runs at once on the one connection while no transaction is open
  // (then it sees exactly the committed state Kysely would show it), skipping Kysely's connection
  // mutex and its promise hops; inside a group commit it waits for the commit through Kysely.
  allowDirectQueries(db, (text, parameters) => {
    if (raw.inTransaction) return undefined;
    const statement = statements.statement(text);
    return statement.readonly && statement.reader ? statement.all(parameters) : undefined;
  });
  // The group commit holds the one connection for its whole batch: its statements and the
  // prepared queries of its units run at once on it, without Kysely's executor.
  const runDirect = (text: string, parameters: readonly unknown[]): unknown[] => {
    const statement = statements.statement(text);
    if (statement.reader) return statement.all(parameters);
    statement.run(parameters);
    return [];
  };
  const batcher = new GroupCommit(db, {
    exec: (text) => void statements.statement(text).run(),
    adopt: (trx) => allowDirectQueries(trx, runDirect),
    began: () => changes.checkOtherConnections(),
  });
  const checkpointer = new WalCheckpointer(file, { onError: onBackgroundError });
  return {
    db,
    dialect: 'sqlite',
    writeTransaction: (work) => batcher.run(work),
    singleWrite: (work) => batcher.run(work),
    changeVersion: (tables) => changes.version(tables),
    notify: async () => undefined,
    listen: () => () => undefined,
    close: async () => {
      await checkpointer.close();
      await db.destroy();
    },
  };
}

const INT8_OID = 20;
/** SQLSTATE of "cached plan must not change result type". */
const CACHED_PLAN_CHANGED = '0A000';

function openPostgres(
  connectionString: string,
  onBackgroundError?: (error: unknown) => void,
): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString,
    max: 20,
    // COUNT(*) and BIGINT columns arrive as strings by default; every value we store fits a double.
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID
          ? (value: string) => Number(value)
          : pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
    },
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  // Prepared queries run on the pool as named statements: each connection parses and plans one
  // once, then only binds and executes it. Same semantics as Kysely's own path (a pooled
  // connection, autocommit); queries given a transaction still go through Kysely.
  const statementNames = new Map<string, string>();
  allowDirectQueries(db, async (text, parameters) => {
    let name = statementNames.get(text);
    if (name === undefined) {
      name = `idv_${statementNames.size + 1}`;
      statementNames.set(text, name);
    }
    try {
      return (await pool.query({ name, text, values: parameters as unknown[] })).rows;
    } catch (error) {
      // A migration of another process changed a table under a statement this connection
      // prepared (`select *`): "cached plan must not change result type". Run it unprepared.
      if ((error as { code?: string }).code !== CACHED_PLAN_CHANGED) throw error;
      return (await pool.query(text, parameters as unknown[])).rows;
    }
  });
  let listener: PgNotificationListener | undefined;
  return {
    db,
    dialect: 'postgres',
    writeTransaction: (work) => db.transaction().execute(work),
    singleWrite: (work) => work(db),
    changeVersion: () => null,
    notify: async (trx, channel) => {
      await sql`select ${notifyExpression(channel)}`.execute(trx);
    },
    listen: (channel, handler) => {
      listener ??= new PgNotificationListener(connectionString, onBackgroundError);
      return listener.listen(channel, handler);
    },
    close: async () => {
      await listener?.close();
      await db.destroy();
    },
  };
}

/** Opens PostgreSQL when a URL is given, else the embedded SQLite database of the data directory. */
export function openDatabase(location: DatabaseLocation): DatabaseHandle {
  return location.databaseUrl
    ? openPostgres(location.databaseUrl, location.onBackgroundError)
    : openSqlite(location.dataDir, location.onBackgroundError);
}
