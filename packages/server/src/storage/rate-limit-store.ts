import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { DatabaseHandle } from '../db/database.js';
import type { Clock } from '../lib/clock.js';

/** State of one key in its current window, as @fastify/rate-limit expects it. */
export interface RateLimitState {
  current: number;
  ttl: number;
}

/** How often a process writes its counts to the database and reads the others' (ms). */
export const RATE_FLUSH_INTERVAL_MS = 200;

/** Most counters one flush statement carries (4 bind parameters each). */
const MAX_ROWS_PER_STATEMENT = 500;

/**
 * Hits a process decides alone, without the database, stop this far below the limit: the last
 * `max(32, 10 %)` hits of a window (all of them for a small limit) are each counted in the
 * database before they are answered.
 */
export function rateLimitReserve(max: number): number {
  return Math.max(32, Math.ceil(max / 10));
}

/** One counter of this process: a bucket in one window. */
interface Counter {
  bucket: string;
  windowStart: number;
  windowEnd: number;
  /** Hits this process counted in this window (exact). */
  local: number;
  /** Of `local`, those not yet written to the database (nor being written). */
  pending: number;
  /** Of `local`, those the database has confirmed. */
  confirmed: number;
  /** Hits of the other processes as the last write read them (-1 before any write). */
  others: number;
}

/**
 * Fixed-window request counters shared through the database, so limits hold across every server
 * process that uses it, without a database write on every request.
 *
 * Each process counts in memory and, every `RATE_FLUSH_INTERVAL_MS` while it has counted, writes
 * its new hits in one batched upsert that also answers the shared totals (so it learns the other
 * processes' hits). A request is decided from the last known count of the others plus this
 * process's own exact count. Three cases write before answering (the request waits for the next
 * batch): the first hit of a key in a window in this process, and every hit within
 * `rateLimitReserve(max)` of the limit (all hits when the limit is ≤ 32).
 *
 * Bound: within one process the count is exact. A process learns the others' counts at each of its
 * writes, made within `RATE_FLUSH_INTERVAL_MS` of any hit it counts; in between it decides from
 * its own hits and the last count it read. A limit can thus be exceeded only by hits admitted on a
 * view that lags: theirs not yet written (≤ one interval), ours not yet re-read (≤ one interval).
 * Per key and window, the excess is at most what the processes admit for that key in about two
 * flush intervals (0.4 s), less the reserve; with one process, none.
 * `close()` writes what is left, so no count is lost on shutdown.
 */
export class DatabaseRateCounter {
  readonly #counters = new Map<string, Counter>();
  /** Waiters of the next flush (requests decided against the database, `flush()`, `close()`). */
  #waiters: { resolve: () => void; reject: (error: unknown) => void }[] = [];
  #flushing = false;
  #timer: NodeJS.Timeout | null = null;
  #closed = false;

  constructor(
    private readonly database: DatabaseHandle,
    private readonly clock: Clock,
    private readonly onBackgroundError: (error: unknown) => void = () => undefined,
  ) {}

  /**
   * Counts one hit of `bucket` in the window of `windowMs`; answers the hits so far (this one
   * included) and the time left in the window. `max` is the limit the caller applies. The answer
   * is immediate when it is decided from memory (most hits), a promise when it waits for a write.
   */
  hit(bucket: string, windowMs: number, max: number): RateLimitState | Promise<RateLimitState> {
    if (this.#closed) throw new Error('rate limit counter: closed');
    const now = this.clock.now();
    const windowStart = Math.floor(now / windowMs) * windowMs;
    const key = `${windowStart}\u0000${bucket}`;
    let counter = this.#counters.get(key);
    if (counter === undefined) {
      counter = {
        bucket,
        windowStart,
        windowEnd: windowStart + windowMs,
        local: 0,
        pending: 0,
        confirmed: 0,
        others: -1,
      };
      this.#counters.set(key, counter);
    }
    const ordinal = ++counter.local;
    counter.pending++;
    this.#schedule();
    const ttl = counter.windowEnd - now;
    if (counter.others >= 0 && counter.others + ordinal <= max - rateLimitReserve(max)) {
      return { current: counter.others + ordinal, ttl };
    }
    const decided = counter;
    return this.#flushNow().then(() => ({
      current: Math.max(decided.others, 0) + ordinal,
      ttl,
    }));
  }

  /**
   * What this process knows of `bucket` in the current window without counting a hit: the shared
   * count as of its last write plus its own hits since; undefined when it has counted none in this
   * window. Never touches the database (callers on hot paths, e.g. authentication checks).
   */
  known(bucket: string, windowMs: number): RateLimitState | undefined {
    const now = this.clock.now();
    const windowStart = Math.floor(now / windowMs) * windowMs;
    const counter = this.#counters.get(`${windowStart}\u0000${bucket}`);
    if (counter === undefined) return undefined;
    return { current: Math.max(counter.others, 0) + counter.local, ttl: counter.windowEnd - now };
  }

  /** Writes every count not yet written, and reads the shared totals back. */
  async flush(): Promise<void> {
    await this.#flushNow();
  }

  /** Writes what is left and stops the periodic flush (call before closing the database). */
  async close(): Promise<void> {
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
    try {
      await this.#flushNow();
    } finally {
      this.#closed = true;
    }
  }

  /** Deletes counters of windows that have ended. */
  async purge(): Promise<void> {
    await this.database.db
      .deleteFrom('rate_limit_counters')
      .where('expires_at', '<', this.clock.now())
      .execute();
  }

  /** Arms the periodic flush when there is something to write. */
  #schedule(): void {
    if (this.#timer !== null || this.#closed) return;
    this.#timer = setTimeout(() => {
      this.#timer = null;
      this.#flushNow().catch((error: unknown) => this.onBackgroundError(error));
    }, RATE_FLUSH_INTERVAL_MS);
    this.#timer.unref();
  }

  /**
   * Runs a flush now, or right after the running one (whose rows were taken before this call's
   * hits were counted): every hit counted before the call is written when it resolves.
   */
  #flushNow(): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.#waiters.push({ resolve, reject });
      if (this.#flushing) return;
      this.#flushing = true;
      void this.#runFlushes();
    });
  }

  /** Serves the waiters, one batch at a time, until none is left. Never throws. */
  async #runFlushes(): Promise<void> {
    while (this.#waiters.length > 0) {
      // Let the requests read in this turn of the event loop join the batch.
      await new Promise<void>((resolve) => setImmediate(resolve));
      const waiters = this.#waiters;
      this.#waiters = [];
      try {
        await this.#writeBatch();
        for (const waiter of waiters) waiter.resolve();
      } catch (error) {
        // The hits stay pending: the periodic flush writes them later.
        for (const waiter of waiters) waiter.reject(error);
        this.#schedule();
      }
    }
    this.#flushing = false;
  }

  /** One upsert per `MAX_ROWS_PER_STATEMENT` counters; forgets counters of ended windows. */
  async #writeBatch(): Promise<void> {
    const now = this.clock.now();
    const dirty: { counter: Counter; delta: number }[] = [];
    for (const [key, counter] of this.#counters) {
      if (counter.pending > 0) dirty.push({ counter, delta: counter.pending });
      else if (counter.windowEnd <= now) this.#counters.delete(key);
    }
    // One lock order for every process (PostgreSQL: concurrent multi-row upserts cannot deadlock).
    dirty.sort(
      (a, b) =>
        a.counter.windowStart - b.counter.windowStart ||
        (a.counter.bucket < b.counter.bucket ? -1 : a.counter.bucket > b.counter.bucket ? 1 : 0),
    );
    for (let start = 0; start < dirty.length; start += MAX_ROWS_PER_STATEMENT) {
      const slice = dirty.slice(start, start + MAX_ROWS_PER_STATEMENT);
      for (const { counter, delta } of slice) counter.pending -= delta;
      let rows: { bucket: string; window_start: number | string; hits: number | string }[];
      try {
        rows = await this.database.singleWrite((db) =>
          db
            .insertInto('rate_limit_counters')
            .values(
              slice.map(({ counter, delta }) => ({
                bucket: counter.bucket,
                window_start: counter.windowStart,
                hits: delta,
                expires_at: counter.windowEnd,
              })),
            )
            .onConflict((oc) =>
              oc.columns(['bucket', 'window_start']).doUpdateSet((eb) => ({
                hits: eb('rate_limit_counters.hits', '+', eb.ref('excluded.hits')),
              })),
            )
            .returning(['bucket', 'window_start', 'hits'])
            .execute(),
        );
      } catch (error) {
        for (const { counter, delta } of slice) counter.pending += delta;
        throw error;
      }
      const totals = new Map(
        rows.map((row) => [`${Number(row.window_start)}\u0000${row.bucket}`, Number(row.hits)]),
      );
      for (const { counter, delta } of slice) {
        const total = totals.get(`${counter.windowStart}\u0000${counter.bucket}`);
        if (total === undefined) throw new Error('rate limit counter: the upsert missed a row');
        counter.confirmed += delta;
        counter.others = Math.max(counter.others, total - counter.confirmed);
      }
    }
  }
}

/** Options @fastify/rate-limit hands a store for a route. */
type RouteStoreOptions = Parameters<FastifyRateLimitStore['child']>[0];

type IncrementCallback = (error: Error | null, state?: RateLimitState) => void;

/**
 * Builds a @fastify/rate-limit store class over the database counter. The global limit shares one
 * namespace (one budget per client across routes); a route with its own limit gets its own.
 */
export function databaseRateLimitStore(counter: DatabaseRateCounter): FastifyRateLimitStoreCtor {
  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options?: unknown,
      readonly namespace = 'api',
    ) {}

    incr(key: string, callback: IncrementCallback, timeWindow: number, max: number): void {
      let state: RateLimitState | Promise<RateLimitState>;
      try {
        state = counter.hit(`${this.namespace}:${key}`, timeWindow, max);
      } catch (error) {
        callback(error as Error);
        return;
      }
      if (state instanceof Promise)
        state.then(
          (decided) => callback(null, decided),
          (error: Error) => callback(error),
        );
      // Decided from memory: answered at once, without a turn of the promise queue.
      else callback(null, state);
    }

    child(options: RouteStoreOptions): FastifyRateLimitStore {
      // At run time the route sits under `routeInfo` (the published type names the route itself).
      const route =
        (options as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo ?? options;
      const method = Array.isArray(route.method)
        ? route.method.join(',')
        : String(route.method ?? '');
      return new DatabaseRateLimitStore(options, `${method} ${String(route.url ?? '')}`);
    }
  };
}
