/**
 * `IdvClient`: the typed client of the verification service's REST API.
 *
 * @packageDocumentation
 */
import { Transport, type FetchFunction } from './http.js';
import type { RetryOptions } from './retry.js';
import { Billing } from './resources/billing.js';
import { CloudKeys } from './resources/cloud-keys.js';
import { Links } from './resources/links.js';
import { Service } from './resources/service.js';
import { Users } from './resources/users.js';
import { Verifications } from './resources/verifications.js';
import { WebhookEndpoints } from './resources/webhook-endpoints.js';

/** Settings of an {@link IdvClient}. */
export interface IdvClientOptions {
  /**
   * Base address of the API with its version prefix, e.g. `https://idv.example.com/api/v1`
   * (a path is joined to it as is: keep the `/api/v1`).
   */
  baseUrl: string;
  /** API client id (`GET /users/me` → `clientId`, or the developer settings). */
  clientId?: string;
  /** API client secret. Keep it in a backend secret store, never in a frontend bundle. */
  clientSecret?: string;
  /** Retries of idempotent calls on 429, 5xx and lost connections (see {@link RetryOptions}). */
  retry?: RetryOptions;
  /** Time limit of one attempt, ms (default 30,000). */
  timeoutMs?: number;
  /**
   * Seconds before its expiry at which the access token is replaced (default 60; tokens last
   * 3600 seconds).
   */
  tokenRefreshMarginSeconds?: number;
  /** A `fetch` to use instead of the global one (a proxy agent, instrumentation). */
  fetch?: FetchFunction;
  /** Appended to the `User-Agent` header, e.g. `my-shop/2.1`. */
  userAgent?: string;
}

/**
 * The client of the verification service. One instance per set of credentials: it caches one
 * access token, refreshes it before it expires (one request however many calls wait for it),
 * and asks for a new one once if the API answers 401.
 *
 * @example
 * ```ts
 * import { IdvClient } from '@idv/node';
 *
 * const idv = new IdvClient({
 *   baseUrl: process.env.IDV_BASE_URL!, // https://idv.example.com/api/v1
 *   clientId: process.env.IDV_CLIENT_ID!,
 *   clientSecret: process.env.IDV_CLIENT_SECRET!,
 * });
 * const { linkUrl } = await idv.links.create({ type: 'FULL FLOW' });
 * for await (const v of idv.verifications.list()) console.log(v._id, v.status);
 * ```
 */
export class IdvClient {
  /** Single-use verification links. */
  readonly links: Links;
  /** Verification results, images, related verifications, feedback, status poll. */
  readonly verifications: Verifications;
  /** Webhook endpoints and their deliveries. */
  readonly webhookEndpoints: WebhookEndpoints;
  /** The account (`/users/me`): credentials, company settings, logo, stats, activity log. */
  readonly users: Users;
  /** Keys of the analysis APIs. */
  readonly cloudKeys: CloudKeys;
  /** Payment method and subscription. */
  readonly billing: Billing;
  /** Contact request and health. */
  readonly service: Service;
  readonly #http: Transport;

  constructor(options: IdvClientOptions) {
    const { clientId, clientSecret } = options;
    if ((clientId === undefined) !== (clientSecret === undefined))
      throw new TypeError('give both clientId and clientSecret, or neither');
    this.#http = new Transport({
      baseUrl: options.baseUrl,
      credentials:
        clientId !== undefined && clientSecret !== undefined
          ? { clientId, clientSecret }
          : undefined,
      retry: options.retry,
      timeoutMs: options.timeoutMs,
      tokenRefreshMarginSeconds: options.tokenRefreshMarginSeconds,
      fetch: options.fetch,
      userAgent: options.userAgent,
    });
    this.links = new Links(this.#http);
    this.verifications = new Verifications(this.#http);
    this.webhookEndpoints = new WebhookEndpoints(this.#http);
    this.users = new Users(this.#http);
    this.cloudKeys = new CloudKeys(this.#http);
    this.billing = new Billing(this.#http);
    this.service = new Service(this.#http);
  }

  /** The base URL calls go to (without a trailing slash). */
  get baseUrl(): string {
    return this.#http.baseUrl;
  }

  /**
   * The current access token, fetched if none is cached or it is about to expire. Calls of this
   * client do this themselves; use it only for a request the client does not cover.
   */
  accessToken(): Promise<string> {
    return this.#http.accessToken();
  }

  /** Drops the cached access token (after revoking the client's tokens elsewhere, say). */
  forgetToken(): void {
    this.#http.forgetToken();
  }
}
