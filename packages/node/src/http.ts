/**
 * The HTTP transport of the client, on the global `fetch`: base URL, authentication, request ids,
 * timeouts, retries of idempotent calls, and the typed errors of {@link ./errors.ts}.
 *
 * @packageDocumentation
 */
import { basicAuthorization, TokenCache, type ClientCredentials } from './auth.js';
import { apiErrorFor, IdvConnectionError, messageOf } from './errors.js';
import {
  backoffDelayMs,
  isRetryableStatus,
  parseRetryAfter,
  retryPolicy,
  sleep,
  type RetryOptions,
  type RetryPolicy,
} from './retry.js';
import type { TokenResponse } from './wire-types.js';
import { SDK_VERSION } from './version.js';

/** The `fetch` the client calls (the global one unless a client is given another). */
export type FetchFunction = (input: string, init: RequestInit) => Promise<Response>;

/** Settings of the transport (see `IdvClientOptions`). */
export interface TransportOptions {
  /** Base address of the API, ending with the version prefix, e.g. `https://idv.example.com/api/v1`. */
  baseUrl: string;
  /** API client credentials; needed by every Bearer call. */
  credentials?: ClientCredentials;
  retry?: RetryOptions;
  /** Time limit of one attempt, ms (default 30,000). */
  timeoutMs?: number;
  /** Seconds before expiry at which the token is replaced (default 60). */
  tokenRefreshMarginSeconds?: number;
  fetch?: FetchFunction;
  /** Appended to the `User-Agent` header. */
  userAgent?: string;
}

/** How a call authenticates. */
export type AuthMode = 'bearer' | 'basic' | 'none';

/** One call of the API. */
export interface RequestSpec {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Path relative to the base URL, starting with `/`; callers encode path segments. */
  path: string;
  query?: Record<string, string | number | undefined>;
  /** A JSON body. */
  json?: unknown;
  /** A form body (`application/x-www-form-urlencoded`). */
  form?: URLSearchParams;
  /** A multipart body. */
  multipart?: FormData;
  auth: AuthMode;
  /**
   * Whether repeating the call has the same effect as making it once. Only idempotent calls are
   * retried after a 429, a 5xx or a lost connection; any call is repeated once after a 401 (the
   * server refuses those before doing anything).
   */
  idempotent: boolean;
  /** The call consumes the monthly quota (`POST /links`): its 422 is an `IdvQuotaError`. */
  consumesQuota?: boolean;
  /** `bytes` answers the raw body; `json` (default) parses it. */
  responseType?: 'json' | 'bytes';
  signal?: AbortSignal;
}

/** Options every resource method accepts. */
export interface CallOptions {
  /** Aborts the call (and its retries). */
  signal?: AbortSignal;
}

/** Statuses whose answers have no body (a `Response` refuses one). */
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/** Sends requests; one per client, shared by its resources. */
export class Transport {
  readonly baseUrl: string;
  readonly #policy: RetryPolicy;
  readonly #timeoutMs: number;
  readonly #fetch: FetchFunction;
  readonly #userAgent: string;
  readonly #tokens: TokenCache;
  #credentials: ClientCredentials | undefined;

  constructor(options: TransportOptions) {
    const base = new URL(options.baseUrl);
    if (base.protocol !== 'https:' && base.protocol !== 'http:')
      throw new TypeError('baseUrl must be an http(s) URL');
    this.baseUrl = base.href.replace(/\/+$/, '');
    this.#policy = retryPolicy(options.retry);
    this.#timeoutMs = options.timeoutMs ?? 30_000;
    this.#fetch = options.fetch ?? ((input, init) => fetch(input, init));
    this.#userAgent = `idv-node/${SDK_VERSION}${options.userAgent ? ` ${options.userAgent}` : ''}`;
    this.#credentials = options.credentials;
    this.#tokens = new TokenCache(
      () => this.requestToken(),
      options.tokenRefreshMarginSeconds ?? 60,
    );
  }

  /**
   * Replaces the client secret (after `users.rotateClientSecret`) and drops the cached token,
   * which the rotation revoked.
   */
  setCredentials(credentials: ClientCredentials): void {
    this.#credentials = credentials;
    this.#tokens.invalidate();
  }

  /** Drops the cached token: the next Bearer call fetches a new one. */
  forgetToken(): void {
    this.#tokens.invalidate();
  }

  /** A token for Bearer calls (cached; one request shared by concurrent callers). */
  accessToken(): Promise<string> {
    return this.#tokens.get();
  }

  /** Sends `spec` and answers its parsed body; throws `IdvApiError` or `IdvConnectionError`. */
  async request<T>(spec: RequestSpec): Promise<T> {
    let retry = 0;
    let renewedToken = false;
    for (;;) {
      const token = spec.auth === 'bearer' ? await this.#tokens.get() : undefined;
      const requestId = crypto.randomUUID();
      let response: Response;
      try {
        response = await this.send(spec, requestId, token);
      } catch (error) {
        if (spec.signal?.aborted) throw spec.signal.reason;
        if (spec.idempotent && retry < this.#policy.maxRetries) {
          await sleep(backoffDelayMs(this.#policy, retry), spec.signal);
          retry++;
          continue;
        }
        throw new IdvConnectionError(
          `${spec.method} ${spec.path}: ${(error as Error).message ?? 'request failed'}`,
          requestId,
          { cause: error },
        );
      }
      if (response.ok) return this.read<T>(response, spec);

      if (response.status === 401 && token !== undefined && !renewedToken) {
        // Expired or revoked under us: one new token, one more try (nothing was done on a 401).
        await response.body?.cancel();
        this.#tokens.invalidate(token);
        renewedToken = true;
        continue;
      }
      const retryAfterSeconds = parseRetryAfter(response.headers.get('retry-after'));
      if (
        spec.idempotent &&
        isRetryableStatus(response.status) &&
        retry < this.#policy.maxRetries &&
        (retryAfterSeconds === undefined || retryAfterSeconds <= this.#policy.maxRetryAfterSeconds)
      ) {
        await response.body?.cancel();
        const wait =
          retryAfterSeconds !== undefined
            ? // Honoured as asked, plus up to 10 % so that refused clients spread out.
              retryAfterSeconds * 1000 * (1 + Math.random() * 0.1)
            : backoffDelayMs(this.#policy, retry);
        await sleep(wait, spec.signal);
        retry++;
        continue;
      }
      throw await this.failure(response, spec, requestId, retryAfterSeconds);
    }
  }

  /** One attempt, with its own time limit. */
  private async send(spec: RequestSpec, requestId: string, token: string | undefined) {
    const url = new URL(this.baseUrl + spec.path);
    for (const [key, value] of Object.entries(spec.query ?? {}))
      if (value !== undefined) url.searchParams.set(key, String(value));
    const headers: Record<string, string> = {
      accept: spec.responseType === 'bytes' ? '*/*' : 'application/json',
      'user-agent': this.#userAgent,
      'x-request-id': requestId,
    };
    let body: BodyInit | undefined;
    if (spec.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(spec.json);
    } else if (spec.form !== undefined) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = spec.form.toString();
    } else if (spec.multipart !== undefined) {
      body = spec.multipart;
    }
    if (spec.auth === 'bearer') headers.authorization = `Bearer ${token}`;
    if (spec.auth === 'basic') headers.authorization = basicAuthorization(this.credentials());

    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(new Error(`timed out after ${this.#timeoutMs} ms`)),
      this.#timeoutMs,
    );
    const onAbort = () => controller.abort(spec.signal?.reason);
    if (spec.signal?.aborted) onAbort();
    spec.signal?.addEventListener('abort', onAbort, { once: true });
    try {
      const response = await this.#fetch(url.href, {
        method: spec.method,
        headers,
        body,
        signal: controller.signal,
        redirect: 'error',
      });
      // The body is read under the same time limit (statuses without a body keep none).
      const bytes = await response.arrayBuffer();
      const buffered = new Response(NULL_BODY_STATUSES.has(response.status) ? null : bytes, {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      });
      return buffered;
    } catch (error) {
      throw controller.signal.aborted && !spec.signal?.aborted
        ? (controller.signal.reason as Error)
        : error;
    } finally {
      clearTimeout(timer);
      spec.signal?.removeEventListener('abort', onAbort);
    }
  }

  private async read<T>(response: Response, spec: RequestSpec): Promise<T> {
    if (spec.responseType === 'bytes') return new Uint8Array(await response.arrayBuffer()) as T;
    const text = await response.text();
    return (text.length === 0 ? undefined : JSON.parse(text)) as T;
  }

  private async failure(
    response: Response,
    spec: RequestSpec,
    requestId: string,
    retryAfterSeconds: number | undefined,
  ) {
    const text = await response.text().catch(() => '');
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON (a proxy's page): keep the text.
    }
    return apiErrorFor({
      status: response.status,
      message: messageOf(body) ?? response.statusText,
      requestId: response.headers.get('x-request-id') ?? requestId,
      method: spec.method,
      path: spec.path,
      body,
      retryAfterSeconds,
      consumesQuota: spec.consumesQuota,
    });
  }

  private credentials(): ClientCredentials {
    if (this.#credentials === undefined)
      throw new TypeError('this call needs clientId and clientSecret in the client options');
    return this.#credentials;
  }

  /** `POST /oauth/token` with the client's credentials (retried like any idempotent call). */
  private requestToken(): Promise<TokenResponse> {
    this.credentials();
    return this.request<TokenResponse>({
      method: 'POST',
      path: '/oauth/token',
      form: new URLSearchParams({ grant_type: 'client_credentials' }),
      auth: 'basic',
      idempotent: true,
    });
  }
}
