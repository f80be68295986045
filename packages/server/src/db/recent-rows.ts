import type { DatabaseHandle } from './database.js';
import type { NotificationChannel } from './pg-notifications.js';

/** How long a process may answer a row from `RecentRows` after reading it, ms. */
export const RECENT_ROWS_MS = 1000;

interface Entry<Row> {
  row: Row;
  /** `performance.now()` after which the row is read again. */
  until: number;
}

/**
 * A process-local cache of rows that may be up to `RECENT_ROWS_MS` old: for rows read on a hot
 * path of PostgreSQL, where `RowCache` cannot tell when a row changed and so does not cache.
 *
 * Freshness: a change made through this process is seen at once (its writer calls `forget`); a
 * change made by another process is seen as soon as that process's `NOTIFY` on `channel` arrives
 * (milliseconds after its commit: every entry is dropped), and at the latest `RECENT_ROWS_MS`
 * after the read when the listening connection is down. So only what may lag by that much goes
 * through it (company settings applied to a new link, as token checks are cached for as long);
 * a rule that must be exact (the quota) is decided in the database. Only rows found are kept
 * (an unknown key is read every time), at most `capacity`; kept rows are frozen: callers share them.
 */
export class RecentRows<Row extends object> {
  readonly #entries = new Map<string, Entry<Readonly<Row>>>();
  #listening = false;

  constructor(
    private readonly database: Pick<DatabaseHandle, 'listen'>,
    /** Notified by every writer of the rows (`DatabaseHandle.notify`). */
    private readonly channel: NotificationChannel,
    /** Reads the row of a key (undefined: there is none). */
    private readonly load: (key: string) => Promise<Row | undefined>,
    private readonly capacity = 10_000,
  ) {}

  /** The row of `key`, read at most `RECENT_ROWS_MS` ago and changed by no writer since. */
  async get(key: string): Promise<Readonly<Row> | undefined> {
    if (!this.#listening) {
      // Subscribed by the first read (a serving process), not by short-lived services.
      this.#listening = true;
      this.database.listen(this.channel, () => this.#entries.clear());
    }
    const now = performance.now();
    const cached = this.#entries.get(key);
    if (cached !== undefined && cached.until > now) return cached.row;
    const row = await this.load(key);
    if (row === undefined) return undefined;
    if (this.#entries.size >= this.capacity)
      this.#entries.delete(this.#entries.keys().next().value!);
    const frozen = Object.freeze(row);
    this.#entries.set(key, { row: frozen, until: now + RECENT_ROWS_MS });
    return frozen;
  }

  /** Drops the row of `key` (its writer in this process changed it). */
  forget(key: string): void {
    this.#entries.delete(key);
  }
}
