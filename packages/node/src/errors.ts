/**
 * Typed errors of the client. Every answer of the API outside 2xx becomes an {@link IdvApiError}
 * (or one of its subclasses), carrying the HTTP status, the message the API sent in one of its
 * documented error formats, and the request id.
 *
 * @packageDocumentation
 */

/** The link error codes of the spec's 409 link error format. */
export type LinkErrorCode = 4091 | 4092 | 4093;

/**
 * The status of `POST /links` when the monthly quota is used up: that route's only 422 (the
 * contract's `QUOTA_EXHAUSTED_STATUS`; `wire-drift.test.ts` keeps the two equal).
 */
export const QUOTA_EXHAUSTED_STATUS = 422;

/** What {@link IdvApiError} is built from. */
export interface IdvApiErrorInit {
  status: number;
  /** The API's message (`message`, `description` or `error_description` of the body). */
  message: string;
  /** The request id: the `X-Request-Id` the server answered, else the one this client sent. */
  requestId: string;
  method: string;
  /** Path relative to the base URL, for example `/links`. */
  path: string;
  /** The parsed error body (or its text when it was not JSON). */
  body: unknown;
  /** Seconds from the `Retry-After` header, when the answer had one. */
  retryAfterSeconds?: number;
  /**
   * The call consumes the monthly quota (`POST /links`): its {@link QUOTA_EXHAUSTED_STATUS} answer
   * is an {@link IdvQuotaError}.
   */
  consumesQuota?: boolean;
}

/**
 * An answer of the API outside 2xx. Subclasses name the cases an integrator handles differently:
 * {@link IdvAuthError} (401, 403), {@link IdvNotFoundError} (404), {@link IdvConflictError}
 * (409, with the link codes 4091–4093), {@link IdvQuotaError} (422 monthly quota),
 * {@link IdvRateLimitError} (429).
 *
 * @example
 * ```ts
 * try {
 *   await idv.verifications.get(id);
 * } catch (error) {
 *   if (error instanceof IdvNotFoundError) return null;
 *   if (error instanceof IdvApiError) log.warn({ status: error.status, requestId: error.requestId });
 *   throw error;
 * }
 * ```
 */
export class IdvApiError extends Error {
  override name = 'IdvApiError';
  /** HTTP status of the answer. */
  readonly status: number;
  /** The request id, to quote when asking the operator about this call. */
  readonly requestId: string;
  /** HTTP method of the failed call. */
  readonly method: string;
  /** Path of the failed call, relative to the base URL. */
  readonly path: string;
  /** The parsed error body (or its text when it was not JSON). */
  readonly body: unknown;
  /** Seconds the server asked to wait (`Retry-After`), when it said so. */
  readonly retryAfterSeconds: number | undefined;

  constructor(init: IdvApiErrorInit) {
    super(`${init.method} ${init.path} answered ${init.status}: ${init.message}`);
    this.status = init.status;
    this.requestId = init.requestId;
    this.method = init.method;
    this.path = init.path;
    this.body = init.body;
    this.retryAfterSeconds = init.retryAfterSeconds;
  }

  /** The API's own message, without the method, path and status this error's `message` adds. */
  get apiMessage(): string {
    return messageOf(this.body) ?? '';
  }
}

/**
 * 401 or 403: missing, expired, revoked or invalid token, wrong client credentials, a plan without API
 * access, or a resource of another company (`GET /billing/{id}`).
 */
export class IdvAuthError extends IdvApiError {
  override name = 'IdvAuthError';
  /** The RFC 6749 `error` code of a token-endpoint failure (for example `invalid_client`). */
  readonly oauthError: string | undefined;

  constructor(init: IdvApiErrorInit) {
    super(init);
    const body = init.body as { error?: unknown } | null;
    this.oauthError =
      typeof body === 'object' && body !== null && typeof body.error === 'string'
        ? body.error
        : undefined;
  }
}

/** 404: the resource does not exist (or is not this company's), or an image past `expiresAt`. */
export class IdvNotFoundError extends IdvApiError {
  override name = 'IdvNotFoundError';
}

/**
 * 409: a link already used (4091), expired (4092) or inactive (4093), in the spec's link error
 * format; or a verification whose status forbids the operation (no `linkCode` then).
 */
export class IdvConflictError extends IdvApiError {
  override name = 'IdvConflictError';
  /** 4091 LinkAlreadyUsed, 4092 LinkExpired, 4093 LinkInactive; undefined for other conflicts. */
  readonly linkCode: LinkErrorCode | undefined;
  /** `LinkAlreadyUsed`, `LinkExpired` or `LinkInactive` with a link code. */
  readonly linkErrorName: string | undefined;
  /** The link of a link error. */
  readonly linkId: string | undefined;

  constructor(init: IdvApiErrorInit) {
    super(init);
    const body = init.body as {
      code?: unknown;
      name?: unknown;
      data?: { linkId?: unknown };
    } | null;
    const code = typeof body === 'object' && body !== null ? body.code : undefined;
    this.linkCode = code === 4091 || code === 4092 || code === 4093 ? code : undefined;
    this.linkErrorName =
      this.linkCode !== undefined && typeof body?.name === 'string' ? body.name : undefined;
    this.linkId =
      this.linkCode !== undefined && typeof body?.data?.linkId === 'string'
        ? body.data.linkId
        : undefined;
  }
}

/**
 * 422 `max verifications reached` on `POST /links`: the monthly quota is used up. Told by the call
 * and its status ({@link QUOTA_EXHAUSTED_STATUS}), not by the wording of the message.
 */
export class IdvQuotaError extends IdvApiError {
  override name = 'IdvQuotaError';
}

/**
 * 429: a rate limit is spent. Thrown when the call may not be retried (not idempotent), when the
 * retries are used up, or when `Retry-After` is longer than the client's `maxRetryAfterSeconds`.
 */
export class IdvRateLimitError extends IdvApiError {
  override name = 'IdvRateLimitError';
}

/**
 * The call did not get an answer: the connection failed, or it timed out. `cause` holds the
 * underlying error. Idempotent calls were retried before this was thrown.
 */
export class IdvConnectionError extends Error {
  override name = 'IdvConnectionError';

  constructor(
    message: string,
    /** The request id this client sent. */
    readonly requestId: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** The message of a body in any of the API's error formats. */
export function messageOf(body: unknown): string | undefined {
  if (typeof body === 'string') return body.length > 0 ? body.slice(0, 500) : undefined;
  if (typeof body !== 'object' || body === null) return undefined;
  const fields = body as Record<string, unknown>;
  for (const key of ['message', 'description', 'error_description', 'error']) {
    const value = fields[key];
    if (typeof value === 'string' && value.length > 0) return value;
  }
  return undefined;
}

/** The {@link IdvApiError} subclass for an answer's status. */
export function apiErrorFor(init: IdvApiErrorInit): IdvApiError {
  switch (init.status) {
    case 401:
    case 403:
      return new IdvAuthError(init);
    case 404:
      return new IdvNotFoundError(init);
    case 409:
      return new IdvConflictError(init);
    case QUOTA_EXHAUSTED_STATUS:
      // 422 is also "5 keys per service" on cloud keys: only a quota-consuming call's is quota.
      return init.consumesQuota === true ? new IdvQuotaError(init) : new IdvApiError(init);
    case 429:
      return new IdvRateLimitError(init);
    default:
      return new IdvApiError(init);
  }
}
