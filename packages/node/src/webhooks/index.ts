/**
 * `@idv/node/webhooks`: verification of webhook deliveries and receivers for Express, Fastify and
 * Fetch `Request`s, without the API client. Web Crypto only: runs on Node ≥ 20 and edge runtimes.
 *
 * @packageDocumentation
 */
export {
  headerValue,
  signWebhook,
  verifyWebhook,
  WebhookVerificationError,
  type RawBody,
  type SignWebhookOptions,
  type VerifiedWebhook,
  type VerifyWebhookOptions,
  type WebhookHeaders,
  type WebhookVerificationErrorCode,
} from './verify.js';
export {
  idvExpressWebhook,
  idvWebhookHandler,
  idvWebhookRoutes,
  MAX_WEBHOOK_BODY_BYTES,
  verifyWebhookRequest,
  type ExpressLikeRequest,
  type ExpressLikeResponse,
  type FastifyLikeInstance,
  type FastifyLikeReply,
  type FastifyWebhookOptions,
  type WebhookReceiverOptions,
} from './adapters.js';
export type { VerificationEventType, WebhookEvent, WebhookGeolocation } from '../wire-types.js';
