/**
 * `@idv/node`: the integrator SDK of the identity verification service.
 *
 * - {@link IdvClient}: the typed REST API client (links, verifications, webhook endpoints,
 *   account, cloud-service keys, billing), with OAuth client credentials, retries and paging.
 * - Webhooks: {@link verifyWebhook}, {@link signWebhook} and receivers for Express, Fastify and
 *   Fetch `Request`s (also alone as `@idv/node/webhooks`).
 * - {@link verifyFingerprint}: signature check of connection fingerprint answers.
 *
 * @packageDocumentation
 */
export { IdvClient, type IdvClientOptions } from './client.js';
export {
  IdvApiError,
  IdvAuthError,
  IdvConflictError,
  IdvConnectionError,
  IdvNotFoundError,
  IdvQuotaError,
  IdvRateLimitError,
  type IdvApiErrorInit,
  type LinkErrorCode,
} from './errors.js';
export type { CallOptions, FetchFunction } from './http.js';
export type { PageOptions } from './paging.js';
export type { RetryOptions } from './retry.js';
export type { Links } from './resources/links.js';
export type { Verifications } from './resources/verifications.js';
export type { WebhookEndpoints } from './resources/webhook-endpoints.js';
export type { LogoUpload, Users } from './resources/users.js';
export type { CloudKeys } from './resources/cloud-keys.js';
export type { Billing } from './resources/billing.js';
export type { Service } from './resources/service.js';
export {
  verifyFingerprint,
  type FingerprintGeoData,
  type FingerprintUserData,
  type FingerprintVerification,
} from './fingerprint.js';
export * from './webhooks/index.js';
export type * from './wire-types.js';
export { SDK_VERSION } from './version.js';
