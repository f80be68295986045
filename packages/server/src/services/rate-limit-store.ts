import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { DatabaseHandle } from '../db/database.js';
import { preparedQuery } from '../db/prepared.js';
import type { Clock } from '../lib/clock.js';

/** State of one key in its current window, as @fastify/rate-limit expects it. */
export interface RateLimitState {
  current: number;
  ttl: number;
}

/**
 * Fixed-window request counters in the database, so limits hold across every server process that
 * shares it. One atomic upsert per request.
 */
export class DatabaseRateCounter {
  /** The counting upsert, compiled once (it runs on every rate-limited request). */
  readonly #count;

  constructor(
    private readonly database: DatabaseHandle,
    private readonly clock: Clock,
  ) {
    const db = database.db;
    this.#count = preparedQuery(db, ['bucket', 'windowStart', 'expiresAt'], (p) =>
      db
        .insertInto('rate_limit_counters')
        .values({
          bucket: p.bucket,
          window_start: p.windowStart as unknown as number,
          hits: 1,
          expires_at: p.expiresAt as unknown as number,
        })
        .onConflict((oc) =>
          oc
            .columns(['bucket', 'window_start'])
            .doUpdateSet((eb) => ({ hits: eb('rate_limit_counters.hits', '+', 1) })),
        )
        .returning('hits'),
    );
  }

  /** Counts one hit of `bucket` in the window of `windowMs`; answers the hits so far and the time left. */
  async hit(bucket: string, windowMs: number): Promise<RateLimitState> {
    const now = this.clock.now();
    const windowStart = Math.floor(now / windowMs) * windowMs;
    const [row] = await this.database.singleWrite((db) =>
      this.#count({ bucket, windowStart, expiresAt: windowStart + windowMs }, db),
    );
    if (row === undefined) throw new Error('rate limit counter: the upsert returned no row');
    return { current: Number(row.hits), ttl: windowStart + windowMs - now };
  }

  /** Deletes counters of windows that have ended. */
  async purge(): Promise<void> {
    await this.database.db
      .deleteFrom('rate_limit_counters')
      .where('expires_at', '<', this.clock.now())
      .execute();
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

    incr(key: string, callback: IncrementCallback, timeWindow: number): void {
      counter.hit(`${this.namespace}:${key}`, timeWindow).then(
        (state) => callback(null, state),
        (error: Error) => callback(error),
      );
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
