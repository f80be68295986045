import type { Kysely } from 'kysely';
import type { DatabaseHandle } from './database.js';
import type { Database } from './schema.js';

/**
 * A process-local read-through cache of rows, exactly as fresh as reading them: every entry is
 * dropped as soon as a row of the tables it was read from may have changed, in this process or
 * another (`DatabaseHandle.changeVersion`). On a database that cannot tell (PostgreSQL) it does
 * not cache. Only rows found are kept (an unknown key is read every time), at most `capacity`
 * of them, the oldest dropped first. Kept rows are frozen: callers share them.
 *
 * For rows read far more often than they change, on a hot path: the status poll.
 */
export class RowCache<Row> {
  readonly #entries = new Map<string, Row>();
  #version = -1;

  constructor(
    private readonly database: Pick<DatabaseHandle, 'changeVersion'>,
    /** The tables the cached rows are read from. */
    private readonly tables: readonly string[],
    /** Reads the row of a key with `executor` (undefined: there is none). */
    private readonly load: (key: string, executor?: Kysely<Database>) => Promise<Row | undefined>,
    private readonly capacity = 10_000,
  ) {}

  /**
   * The row of `key`: from the cache while nothing it was read from changed, else read (with
   * `executor`, a write transaction, when given). Inside a transaction that changed the tables,
   * rows are read and not kept; a rollback empties the cache (it may have kept what it undid).
   */
  async get(key: string, executor?: Kysely<Database>): Promise<Row | undefined> {
    const version = this.database.changeVersion(this.tables);
    if (version === null) return this.load(key, executor);
    if (version !== this.#version) {
      this.#entries.clear();
      this.#version = version;
    }
    const cached = this.#entries.get(key);
    if (cached !== undefined) return cached;
    const row = await this.load(key, executor);
    // A write may have run while the read waited (behind a transaction): keep only a row read
    // under the version it is filed under.
    if (row !== undefined && this.database.changeVersion(this.tables) === version) {
      if (this.#entries.size >= this.capacity) {
        this.#entries.delete(this.#entries.keys().next().value!);
      }
      // Shared by every caller from now on: frozen, so that none can change it for the others.
      this.#entries.set(key, Object.freeze(row));
    }
    return row;
  }
}
