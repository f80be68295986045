import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { DatabaseHandle } from '../db/database.js';
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
  constructor(
    private readonly database: DatabaseHandle,
    private readonly clock: Clock,
  ) {}

  /** Counts one hit of `bucket` in the window of `windowMs`; answers the hits so far and the time left. */
  async hit(bucket: string, windowMs: number): Promise<RateLimitState> {
    const now = this.clock.now();
    const windowStart = Math.floor(now / windowMs) * windowMs;
    const row = await this.database.singleWrite((db) =>
      db
        .insertInto('rate_limit_counters')
        .values({ bucket, window_start: windowStart, hits: 1, expires_at: windowStart + windowMs })
        .onConflict((oc) =>
          oc
            .columns(['bucket', 'window_start'])
            .doUpdateSet((eb) => ({ hits: eb('rate_limit_counters.hits', '+', 1) })),
        )
        .returning('hits')
        .executeTakeFirstOrThrow(),
    );
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
