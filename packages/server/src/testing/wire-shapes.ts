/**
 * The names the server gives the wire shapes it produces, for the compile-time drift test
 * (`test/contracts/wire-types.ts`): each must stay the contract's type, not a copy.
 */
import type { eventPayload } from '../services/webhooks/events.js';

export type {
  DocumentData,
  PublicGeolocation,
  ReportedGeolocation,
  StoredGeolocation,
  VerificationRecord,
} from '../services/verification-views.js';

/** The webhook payload the server builds (`eventPayload` of `services/webhooks/events.ts`). */
export type ServerWebhookPayload = ReturnType<typeof eventPayload>;
