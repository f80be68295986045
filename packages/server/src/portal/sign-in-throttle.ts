import { MINUTE_MS } from '../lib/clock.js';
import { Errors } from '../lib/errors.js';
import { sha256Hex } from '../lib/secrets.js';
import type { AppServices } from '../services/index.js';

/** Failed password sign-ins of one e-mail per window, before it is refused for the window's rest. */
export const SIGN_IN_FAILURES_PER_EMAIL = 10;
export const SIGN_IN_WINDOW_MS = 15 * MINUTE_MS;

/**
 * Login throttling on the server's shared rate-limit store: per client address (the REST API's
 * failed-authentication budget, `AuthFailureGuard`) and per e-mail (so a guesser spread over many
 * addresses still gets only a few tries at one person's password). Counts failures only.
 */
export class SignInThrottle {
  constructor(private readonly services: AppServices) {}

  private bucket(email: string): string {
    // Hashed: the rate-limit table never holds an e-mail address.
    return `portal-sign-in:${sha256Hex(email.trim().toLowerCase())}`;
  }

  private get enabled(): boolean {
    return this.services.context.config.rateLimits;
  }

  /** Refuses (429) an address or an e-mail over its budget, before the password is checked. */
  check(ip: string, email: string): void {
    this.services.authFailures.check(ip);
    if (!this.enabled) return;
    const state = this.services.rateCounter.known(this.bucket(email), SIGN_IN_WINDOW_MS);
    if (state !== undefined && state.current >= SIGN_IN_FAILURES_PER_EMAIL)
      throw Errors.tooManyRequests(Math.max(1, Math.ceil(state.ttl / 1000)));
  }

  /** Counts a failure of both; answers the error to throw (`failure`, or 429 past a budget). */
  async fail(ip: string, email: string, failure: Error): Promise<Error> {
    const byAddress = await this.services.authFailures.fail(ip, failure);
    if (!this.enabled) return byAddress;
    const state = await this.services.rateCounter.hit(
      this.bucket(email),
      SIGN_IN_WINDOW_MS,
      SIGN_IN_FAILURES_PER_EMAIL,
    );
    if (state.current > SIGN_IN_FAILURES_PER_EMAIL)
      return Errors.tooManyRequests(Math.max(1, Math.ceil(state.ttl / 1000)));
    return byAddress;
  }
}
