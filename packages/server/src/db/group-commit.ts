import { CompiledQuery, type Kysely } from 'kysely';
import type { Database } from './schema.js';

interface Pending {
  work: (trx: Kysely<Database>) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

const BEGIN = CompiledQuery.raw('begin immediate');
const COMMIT = CompiledQuery.raw('commit');
const ROLLBACK = CompiledQuery.raw('rollback');
const SAVEPOINT = CompiledQuery.raw('savepoint unit');
const RELEASE = CompiledQuery.raw('release unit');
const ROLLBACK_TO = CompiledQuery.raw('rollback to unit');

/**
 * The connection under the group commit, used without Kysely: its own statements (BEGIN,
 * SAVEPOINT, COMMIT…) run at once, and the prepared queries of each unit too (`preparedQuery`).
 * Safe because the whole batch holds the one connection (Kysely's connection mutex).
 */
export interface DirectConnection {
  /** Runs a statement without result at once. */
  exec(sql: string): void;
  /** Lets the prepared queries given `trx` run at once on the connection. */
  adopt(trx: Kysely<Database>): void;
  /** Called once each transaction holds the write lock (BEGIN IMMEDIATE has run). */
  began(): void;
}

/** Most units of work one commit carries. */
const MAX_BATCH = 64;

/** Outcome of one unit in a batch. */
type Outcome = { ok: true; value: unknown } | { ok: false; value: unknown };

/**
 * Group commit for SQLite: units of work that arrive while a commit is running are run together
 * in the next transaction (`BEGIN IMMEDIATE`), so one commit carries many units; under load this
 * removes most of the per-commit cost, with no change for a lone caller (a batch of one).
 *
 * A batch first runs optimistically, its units one after another with nothing between them. When
 * every unit succeeds (nearly always), that is all. When one fails, the whole transaction is rolled
 * back and the batch runs again with each unit inside its own savepoint, so the failure rolls back
 * only that unit. The optimistic pass saves a SAVEPOINT and a RELEASE per unit, and above all the
 * copy SQLite keeps of every page a savepoint changes (about a sixth of a link's creation).
 *
 * A unit must therefore only use the database handle it is given (no waiting on anything else,
 * because the whole batch holds the connection), and it may run twice: its effects must be on
 * that handle only (state of its own it resets when it starts is fine).
 */
export class GroupCommit {
  #queue: Pending[] = [];
  #running = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly direct?: DirectConnection,
  ) {}

  run<T>(work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (!this.#running) {
        // Start on the next turn of the event loop, so that the requests read in this turn
        // (SQLite work completes without yielding) join the same commit.
        this.#running = true;
        setImmediate(() => void this.#drain());
      }
    });
  }

  async #drain(): Promise<void> {
    try {
      while (this.#queue.length > 0) {
        const batch = this.#queue.splice(0, MAX_BATCH);
        await this.#commit(batch);
      }
    } finally {
      this.#running = false;
    }
  }

  async #commit(batch: Pending[]): Promise<void> {
    let outcomes: Outcome[];
    try {
      // A lone unit needs no savepoint: its failure rolls back the transaction, which is its own.
      outcomes =
        (await this.#transaction(batch, batch.length === 1 ? 'alone' : 'optimistic')) ??
        // A unit failed in the optimistic pass (now rolled back): again, each unit isolated.
        (await this.#transaction(batch, 'isolated'))!;
    } catch (error) {
      // BEGIN or COMMIT failed: nothing of the batch was stored.
      for (const unit of batch) unit.reject(error);
      return;
    }
    batch.forEach((unit, index) => {
      const outcome = outcomes[index]!;
      if (outcome.ok) unit.resolve(outcome.value);
      else unit.reject(outcome.value);
    });
  }

  /**
   * Runs the batch in one transaction on the connection. `alone`: one unit, its failure rolls the
   * transaction back. `optimistic`: no savepoints, and the first failure rolls everything back and
   * answers null (never in the other modes). `isolated`: each unit in a savepoint.
   */
  async #transaction(
    batch: Pending[],
    mode: 'alone' | 'optimistic' | 'isolated',
  ): Promise<Outcome[] | null> {
    return this.db.connection().execute(async (connection) => {
      const direct = this.direct;
      direct?.adopt(connection);
      const run = async (query: CompiledQuery): Promise<void> => {
        if (direct !== undefined) direct.exec(query.sql);
        else await connection.executeQuery(query);
      };
      const outcomes: Outcome[] = [];
      await run(BEGIN);
      direct?.began();
      try {
        for (const unit of batch) {
          if (mode !== 'isolated') {
            try {
              outcomes.push({ ok: true, value: await unit.work(connection) });
            } catch (error) {
              // (SQLite may have rolled back already, after an I/O error: nothing left to undo.)
              await run(ROLLBACK).catch(() => undefined);
              if (mode === 'optimistic') return null;
              return [{ ok: false, value: error }];
            }
            continue;
          }
          // Units run one after another, so one savepoint name serves them all (and keeps the
          // statement cache small).
          await run(SAVEPOINT);
          try {
            const value = await unit.work(connection);
            await run(RELEASE);
            outcomes.push({ ok: true, value });
          } catch (error) {
            await run(ROLLBACK_TO);
            await run(RELEASE);
            outcomes.push({ ok: false, value: error });
          }
        }
        await run(COMMIT);
      } catch (error) {
        await run(ROLLBACK).catch(() => undefined);
        throw error;
      }
      return outcomes;
    });
  }
}
