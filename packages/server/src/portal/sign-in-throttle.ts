import { addressKey } from '../lib/client-address.js';
import { MINUTE_MS } from '../lib/clock.js';
import { Errors } from '../lib/errors.js';
import { sha256Hex } from '../lib/secrets.js';
import type { AppServices } from '../services/index.js';

/**
 * Failed password sign-ins of one e-mail from one client address (IPv6 by /64) per window, before
 * that address is refused for that e-mail for the window's rest.
 */
export const SIGN_IN_FAILURES_PER_EMAIL = 10;
export const SIGN_IN_WINDOW_MS = 15 * MINUTE_MS;

/**
 * Login throttling on the server's shared rate-limit store, counting failures only:
 * - per client address, every account together (the REST API's failed-authentication budget,
 *   `AuthFailureGuard`, `IDV_AUTH_FAILURE_LIMIT` per 10 minutes);
 * - per e-mail *and* client address: {@link SIGN_IN_FAILURES_PER_EMAIL} per 15 minutes.
 *
 * The e-mail budget is not shared between addresses: guesses from one address never lock the
 * person out at another (a budget per e-mail alone let anyone who knows an address keep its
 * owner out). The bound on a guesser is then per address: with N client addresses (N /64s for
 * IPv6) they get at most N × min(10, IDV_AUTH_FAILURE_LIMIT) tries at one person's password per
 * 15 minutes, each an argon2id check of a password of at least 12 characters. Behind one shared
 * address (an office's NAT), the people there share its budgets: that address is one client.
 */
export class SignInThrottle {
  constructor(private readonly services: AppServices) {}

  private bucket(ip: string, email: string): string {
    // Hashed: the rate-limit table never holds an e-mail address.
    return `portal-sign-in:${sha256Hex(`${addressKey(ip)} ${email.trim().toLowerCase()}`)}`;
  }

  private get enabled(): boolean {
    return this.services.context.config.rateLimits;
  }

  /** Refuses (429) an address, or an e-mail at that address, over its budget, before the check. */
  check(ip: string, email: string): void {
    this.services.authFailures.check(ip);
    if (!this.enabled) return;
    const state = this.services.rateCounter.known(this.bucket(ip, email), SIGN_IN_WINDOW_MS);
    if (state !== undefined && state.current >= SIGN_IN_FAILURES_PER_EMAIL)
      throw Errors.tooManyRequests(Math.max(1, Math.ceil(state.ttl / 1000)));
  }

  /** Counts a failure of both; answers the error to throw (`failure`, or 429 past a budget). */
  async fail(ip: string, email: string, failure: Error): Promise<Error> {
    const byAddress = await this.services.authFailures.fail(ip, failure);
    if (!this.enabled) return byAddress;
    const state = await this.services.rateCounter.hit(
      this.bucket(ip, email),
      SIGN_IN_WINDOW_MS,
      SIGN_IN_FAILURES_PER_EMAIL,
    );
    if (state.current > SIGN_IN_FAILURES_PER_EMAIL)
      return Errors.tooManyRequests(Math.max(1, Math.ceil(state.ttl / 1000)));
    return byAddress;
  }
}
