import { describe, expect, it } from 'vitest';
import type * as C from './testing/contract-types.js';
import type * as E from './errors.js';
import type * as F from './fingerprint.js';
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
  // The spec's allowed values, not any string, on every read shape (source and permission).
  GeolocationSource: true as Equals<W.Geolocation['source'], C.LocationSource | undefined>,
  GeolocationPermission: true as Equals<
    W.Geolocation['permission'],
    C.LocationPermissionState | undefined
  >,
  PublicGeolocationSource: true as Equals<
    C.PublicGeolocation['source'],
    W.LocationSource | undefined
  >,
  PublicGeolocationPermission: true as Equals<
    C.PublicGeolocation['permission'],
    W.LocationPermissionState | undefined
  >,
  WebhookGeolocationSource: true as Equals<
    W.WebhookGeolocation['source'],
    C.LocationSource | undefined
  >,
  LocationSource: true as Equals<C.LocationSource, W.LocationSource>,
  LocationPermissionState: true as Equals<C.LocationPermissionState, W.LocationPermissionState>,
  LocationTier: true as Equals<C.LocationTier, W.LocationTier>,
  QuotaExhaustedStatus: true as Equals<C.QuotaExhaustedStatus, typeof E.QUOTA_EXHAUSTED_STATUS>,
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
  RelatedVerification: true as Equals<C.RelatedVerification, W.RelatedVerification>,
  ImageInfo: true as Equals<C.ImageInfo, W.ImageInfo>,
  FeedbackBody: true as Equals<C.FeedbackBody, W.FeedbackBody>,
  FeedbackView: true as Equals<C.FeedbackView, W.FeedbackView>,
  FeedbackReason: true as Equals<C.FeedbackReason, W.FeedbackReason>,
  WebhookEndpoint: true as Equals<C.WebhookEndpoint, W.WebhookEndpoint>,
  NewWebhookEndpointBody: true as Equals<C.NewWebhookEndpointBody, W.NewWebhookEndpointBody>,
  WebhookEndpointPatchBody: true as Equals<C.WebhookEndpointPatchBody, W.WebhookEndpointPatchBody>,
  AnalysisService: true as Equals<C.AnalysisService, W.AnalysisService>,
  CloudKey: true as Equals<C.CloudKey, W.CloudKey>,
  CloudKeyWithSecret: true as Equals<C.CloudKeyWithSecret, W.CloudKeyWithSecret>,
  Invoice: true as Equals<C.Invoice, W.Invoice>,
  PaymentMethodResult: true as Equals<C.PaymentMethodResult, W.PaymentMethodResult>,
  Subscription: true as Equals<C.Subscription, W.Subscription>,
  ContactRequest: true as Equals<C.ContactRequest, W.ContactRequest>,
  HealthStatus: true as Equals<C.HealthStatus, W.HealthStatus>,
  WebhookGeolocation: true as Equals<C.WebhookGeolocation, W.WebhookGeolocation>,
  WebhookEventData: true as Equals<C.WebhookEventData, W.WebhookEventData>,
  WebhookFinalEventData: true as Equals<C.WebhookFinalEventData, W.WebhookFinalEventData>,
  WebhookPayload: true as Equals<C.WebhookPayload, W.WebhookPayload>,
  VerificationEventType: true as Equals<C.VerificationEventType, W.VerificationEventType>,
  TokenResponse: true as Equals<C.OAuthToken, W.TokenResponse>,
  Deleted: true as Equals<C.DeletedResource, W.Deleted>,
  FingerprintUserData: true as Equals<C.FingerprintUserData, F.FingerprintUserData>,
  FingerprintGeoData: true as Equals<C.FingerprintGeoData, F.FingerprintGeoData>,
} satisfies Record<string, true>;

describe('wire types', () => {
  it('are the contract types (checked by the typecheck of this file)', () => {
    expect(Object.values(checks).every(Boolean)).toBe(true);
  });
});
