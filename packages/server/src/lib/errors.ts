import { QUOTA_EXHAUSTED_STATUS } from '@idv/contract';

/**
 * Errors the API answers on purpose. Each carries the HTTP status and a stable code; the error
 * handler turns it into the spec's general format `{type: 'ErrorResponse', message}`.
 */
export class ApiError extends Error {
  override name = 'ApiError';

  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    /** Extra response headers (for example `Retry-After`, `WWW-Authenticate`). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** A 409 of the spec's link error format `{code, name, description, data: {linkId}}`. */
export class LinkError extends Error {
  override name = 'LinkError';

  constructor(
    readonly linkCode: 4091 | 4092 | 4093,
    readonly linkErrorName: 'LinkAlreadyUsed' | 'LinkExpired' | 'LinkInactive',
    readonly description: string,
    readonly linkId: string,
  ) {
    super(description);
  }

  static alreadyUsed(linkId: string): LinkError {
    return new LinkError(
      4091,
      'LinkAlreadyUsed',
      'The link has already been used by another person.',
      linkId,
    );
  }

  static expired(linkId: string): LinkError {
    return new LinkError(4092, 'LinkExpired', 'The link has expired; create a new link.', linkId);
  }

  static inactive(linkId: string): LinkError {
    return new LinkError(
      4093,
      'LinkInactive',
      'The link is no longer active; create a new link.',
      linkId,
    );
  }
}

/**
 * 409 `LinkAlreadyUsed` answered to a hand-off token that is not the link's current one: the same
 * answer as any other device gets, but a failed authentication of the caller's address
 * (`AuthFailureGuard`), since a hand-off token is a credential.
 */
export class HandoffTokenRefused extends LinkError {
  override name = 'HandoffTokenRefused';

  constructor(linkId: string) {
    const used = LinkError.alreadyUsed(linkId);
    super(used.linkCode, used.linkErrorName, used.description, linkId);
  }
}

/** An RFC 6749 §5.2 error of the token endpoint, answered as `{error, error_description, message}`. */
export class OAuthError extends Error {
  override name = 'OAuthError';

  constructor(
    readonly statusCode: 400 | 401 | 501,
    readonly error:
      'invalid_request' | 'invalid_client' | 'unsupported_grant_type' | 'invalid_scope',
    description: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(description);
  }
}

/** Shorthands for the errors of the spec's error table. */
export const Errors = {
  badRequest: (message: string) => new ApiError(400, 'IDV_ERR_BAD_REQUEST', message),
  missingToken: () =>
    new ApiError(
      401,
      'IDV_ERR_MISSING_TOKEN',
      'missing token: send Authorization: Bearer <ACCESS_TOKEN>',
      {
        'WWW-Authenticate': 'Bearer realm="idv"',
      },
    ),
  expiredToken: () =>
    new ApiError(
      401,
      'IDV_ERR_EXPIRED_TOKEN',
      'expired token: request a new one from /oauth/token',
      {
        'WWW-Authenticate':
          'Bearer realm="idv", error="invalid_token", error_description="token expired"',
      },
    ),
  revokedToken: () =>
    new ApiError(
      401,
      'IDV_ERR_REVOKED_TOKEN',
      'revoked token: request a new one from /oauth/token with the current client secret',
      {
        'WWW-Authenticate':
          'Bearer realm="idv", error="invalid_token", error_description="token revoked"',
      },
    ),
  invalidToken: () => new ApiError(403, 'IDV_ERR_INVALID_TOKEN', 'no valid token provided'),
  planRequired: () =>
    new ApiError(403, 'IDV_ERR_PLAN_REQUIRED', 'this endpoint requires a Premium or Pro plan'),
  forbidden: (message: string) => new ApiError(403, 'IDV_ERR_FORBIDDEN', message),
  notFound: (what: string) => new ApiError(404, 'IDV_ERR_NOT_FOUND', `${what} not found`),
  conflict: (message: string) => new ApiError(409, 'IDV_ERR_CONFLICT', message),
  statusForbidsOperation: (status: string) =>
    new ApiError(
      409,
      'IDV_ERR_STATUS',
      `verification status ${status} does not allow this operation`,
    ),
  gone: (message: string) => new ApiError(410, 'IDV_ERR_GONE', message),
  quotaReached: () =>
    new ApiError(
      QUOTA_EXHAUSTED_STATUS,
      'IDV_ERR_QUOTA',
      'max verifications reached for this month',
    ),
  payloadTooLarge: (message: string) => new ApiError(413, 'IDV_ERR_TOO_LARGE', message),
  unsupportedMediaType: (message: string) => new ApiError(415, 'IDV_ERR_MEDIA_TYPE', message),
  unprocessable: (message: string) => new ApiError(422, 'IDV_ERR_UNPROCESSABLE', message),
  tooManyRequests: (retryAfterSeconds: number) =>
    new ApiError(429, 'IDV_ERR_RATE_LIMIT', 'too many requests', {
      'Retry-After': String(retryAfterSeconds),
    }),
  unavailable: (message: string, retryAfterSeconds?: number) =>
    new ApiError(
      503,
      'IDV_ERR_UNAVAILABLE',
      message,
      retryAfterSeconds === undefined ? {} : { 'Retry-After': String(retryAfterSeconds) },
    ),
};
