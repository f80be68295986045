/**
 * The access token of one client (OAuth 2.0 client credentials): cached, refreshed before it
 * expires, and fetched once for any number of calls that need it at the same time.
 *
 * @packageDocumentation
 */
import type { TokenResponse } from './wire-types.js';

/** A token and the time (ms since the epoch) after which the client stops using it. */
interface CachedToken {
  accessToken: string;
  refreshAt: number;
}

/** Client id and secret of an API client. */
export interface ClientCredentials {
  clientId: string;
  clientSecret: string;
}

/**
 * Encodes the `Authorization: Basic` value of RFC 6749 §2.3.1: each part form-urlencoded, then
 * `id:secret` in base64.
 */
export function basicAuthorization(credentials: ClientCredentials): string {
  const encode = (part: string) => encodeURIComponent(part).replace(/%20/g, '+');
  const pair = `${encode(credentials.clientId)}:${encode(credentials.clientSecret)}`;
  return `Basic ${btoa(pair)}`;
}

/**
 * Holds the token of one client. {@link TokenCache.get} answers the cached token while it has
 * more than `refreshMarginSeconds` left; otherwise it asks `fetchToken` for a new one, and every
 * caller waiting meanwhile shares that one request. {@link TokenCache.invalidate} drops a token
 * the API refused, so the next `get` fetches a new one.
 */
export class TokenCache {
  #token: CachedToken | undefined;
  #pending: Promise<CachedToken> | undefined;

  constructor(
    private readonly fetchToken: () => Promise<TokenResponse>,
    /** Seconds before expiry at which the token is replaced (default 60). */
    private readonly refreshMarginSeconds = 60,
    private readonly now: () => number = Date.now,
  ) {}

  /** A token valid for at least the refresh margin, fetched when needed. */
  async get(): Promise<string> {
    const token = this.#token;
    if (token !== undefined && this.now() < token.refreshAt) return token.accessToken;
    return (await this.refresh()).accessToken;
  }

  /**
   * Forgets `accessToken` if it is still the cached one (an answer refused it). A token another
   * call has already replaced stays.
   */
  invalidate(accessToken?: string): void {
    if (accessToken === undefined || this.#token?.accessToken === accessToken)
      this.#token = undefined;
  }

  /** Starts one token request, or joins the one in flight. */
  private refresh(): Promise<CachedToken> {
    if (this.#pending !== undefined) return this.#pending;
    const requestedAt = this.now();
    const pending = this.fetchToken()
      .then((answer) => {
        const lifetimeMs = Math.max(0, answer.expires_in) * 1000;
        const marginMs = Math.min(this.refreshMarginSeconds * 1000, lifetimeMs);
        // Counted from when the request left: the server's clock started no later than that.
        const token = {
          accessToken: answer.access_token,
          refreshAt: requestedAt + lifetimeMs - marginMs,
        };
        this.#token = token;
        return token;
      })
      .finally(() => {
        if (this.#pending === pending) this.#pending = undefined;
      });
    this.#pending = pending;
    return pending;
  }
}
