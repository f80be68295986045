import { describe, expect, it } from 'vitest';
import type * as C from './testing/contract-types.js';
import type * as W from './wire-types.js';

/** `true` only when `A` and `B` are the same type (each assignable to the other, exactly). */
type Equals<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

/**
 * The SDK publishes its wire types as plain declarations (its .d.ts needs no other package); this
 * file's typecheck fails as soon as one of them differs from the contract's type of the same name.
 */
const checks = {
  NewLinkBody: true as Equals<C.NewLinkBody, W.NewLinkBody>,
  CreatedLink: true as Equals<C.CreatedLink, W.CreatedLink>,
  LinkCompany: true as Equals<C.LinkCompany, W.LinkCompany>,
  LinkRecord: true as Equals<C.LinkRecord, W.LinkRecord>,
  GateRules: true as Equals<C.GateRules, W.GateRules>,
  Geolocation: true as Equals<C.Geolocation, W.Geolocation>,
  DocumentData: true as Equals<C.DocumentData, W.DocumentData>,
  VerificationRecord: true as Equals<C.VerificationRecord, W.VerificationRecord>,
  VerificationPage: true as Equals<C.VerificationPage, W.VerificationPage>,
  StatusWithOperation: true as Equals<C.StatusWithOperation, W.StatusWithOperation>,
  CompanyView: true as Equals<C.CompanyView, W.CompanyView>,
  CompanyPatchBody: true as Equals<C.CompanyPatchBody, W.CompanyPatchBody>,
  UserView: true as Equals<C.UserView, W.UserView>,
  UsageStats: true as Equals<C.UsageStats, W.UsageStats>,
  ActivityPage: true as Equals<C.ActivityPage, W.ActivityPage>,
  WebhookDelivery: true as Equals<C.WebhookDelivery, W.WebhookDelivery>,
  WebhookDeliveryPage: true as Equals<C.WebhookDeliveryPage, W.WebhookDeliveryPage>,
  // TODO(@idv/contract): with the contract, also (all identical to feat/contract on 2026-11-26):
  // RelatedVerification, ImageInfo, FeedbackBody, FeedbackView, FeedbackReason, WebhookEndpoint,
  // NewWebhookEndpointBody, WebhookEndpointPatchBody, AnalysisService, CloudKey,
  // CloudKeyWithSecret, Invoice, PaymentMethodResult, Subscription, ContactRequest, HealthStatus,
  // WebhookGeolocation, WebhookEventData, WebhookFinalEventData, WebhookPayload,
  // VerificationEventType; OAuthToken = W.TokenResponse, DeletedResource = W.Deleted;
  // FingerprintUserData and FingerprintGeoData of ./fingerprint.ts.
} satisfies Record<string, true>;

describe('wire types', () => {
  it('are the contract types (checked by the typecheck of this file)', () => {
    expect(Object.values(checks).every(Boolean)).toBe(true);
  });
});
