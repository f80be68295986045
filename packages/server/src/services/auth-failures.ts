import { addressKey } from '../lib/client-address.js';
import { Errors } from '../lib/errors.js';
import type { DatabaseRateCounter } from '../storage/rate-limit-store.js';

/** The window failed authentications are counted in, ms. */
export const AUTH_FAILURE_WINDOW_MS = 10 * 60_000;

/**
 * Failed authentications counted per client address (IPv6 by /64): an unknown or forged Bearer
 * token, wrong client credentials on `/oauth/token`, an unknown `X-Flow-Session`, a wrong hand-off
 * token on `POST /flow/sessions`. Past `limit`
 * failures in a 10-minute window, every authentication from that address answers 429 with
 * `Retry-After` until the window ends, correct credentials included, so guessing costs the
 * guesser, not the service. Counts are shared through the database (see `DatabaseRateCounter`);
 * a process refuses an address once it has itself seen a failure from it and learnt the shared
 * count, so the number of failed attempts stays bounded across processes.
 */
export class AuthFailureGuard {
  constructor(
    private readonly counter: DatabaseRateCounter,
    /** Failures per address per window (`IDV_AUTH_FAILURE_LIMIT`). */
    readonly limit: number,
    /** Off with `IDV_RATE_LIMITS=off`. */
    private readonly enabled: boolean,
  ) {}

  /**
   * Refuses an address over its failure budget, before its credentials are checked.
   * @throws {ApiError} 429 with `Retry-After`.
   */
  check(ip: string): void {
    if (!this.enabled) return;
    const state = this.counter.known(bucketOf(ip), AUTH_FAILURE_WINDOW_MS);
    if (state !== undefined && state.current >= this.limit) throw tooMany(state.ttl);
  }

  /**
   * Counts one failure of `ip`, then answers what the caller throws: `failure` itself, or 429
   * once this failure puts the address over its budget.
   */
  async fail(ip: string, failure: Error): Promise<Error> {
    if (!this.enabled) return failure;
    const state = await this.counter.hit(bucketOf(ip), AUTH_FAILURE_WINDOW_MS, this.limit);
    return state.current > this.limit ? tooMany(state.ttl) : failure;
  }
}

function bucketOf(ip: string): string {
  return `auth-failures:${addressKey(ip)}`;
}

function tooMany(ttlMs: number) {
  return Errors.tooManyRequests(Math.max(1, Math.ceil(ttlMs / 1000)));
}
