/**
 * The wire shapes of the REST API (`/api/v1`) as the server sends and accepts them.
 *
 * TODO(@idv/contract): temporary copy. The shared contract package (`packages/contract`,
 * `@idv/contract`) is being written in parallel with this SDK and will export these very names
 * (`VerificationRecord`, `VerificationPage`, `LinkRecord`, `NewLinkBody`, `CreatedLink`,
 * `CompanyView`, `WebhookDelivery`, …) as `Static<>` types of the server's schemas. When it lands,
 * this file becomes `export type { … } from '@idv/contract'` and the hand-written copies go.
 * Transcribed from packages/server/src/schemas/*.ts and the route files (responses of
 * verifications, webhook endpoints, billing, cloud services, the contact request).
 *
 * @packageDocumentation
 */

/** A UUID string. */
export type Uuid = string;
/** An ISO 8601 date-time string. */
export type DateTime = string;

/** The two kinds of link. */
export type LinkType = 'FULL FLOW' | 'ID ONLY';
/** A document type a person may show. */
export type DocumentType = 'ID_CARD' | 'PASSPORT';
/** Whether device hand-off is offered. */
export type HandoffMode = 'never' | 'suggest' | 'require';
/** Location policy. */
export type LocationPermission = 'never' | 'optional' | 'required';
/** Subscribed plan. */
export type Plan = 'basic' | 'premium' | 'pro';
/** Status of a verification. */
export type VerificationStatus = 'pending' | 'started' | 'expired' | 'success' | 'failed';
/** Step of a verification. */
export type VerificationStep = 'NEW_OPERATION' | 'ADD_FRONT' | 'ADD_BACK' | 'END_OPERATION';
/** Resolved branch of a verification (`null` while unresolved). */
export type Method = 'FACE' | 'DOCUMENT' | null;

/** Why a gate rule holds a device back. */
export type GateReason =
  'os_outdated' | 'unsupported_platform' | 'unsupported_form_factor' | 'camera_unsuitable';
/** Device form factor of a gate rule. */
export type FormFactor = 'mobile' | 'tablet' | 'desktop';
/** Device platform of a gate rule. */
export type Platform = 'ios' | 'android' | 'windows' | 'macos' | 'linux' | 'other';

/** The resolved gate rules of a company. */
export interface GateRules {
  version: string;
  rules: {
    id: string;
    reason: GateReason;
    match: { formFactor?: FormFactor; platform?: Platform; osVersionMax?: string };
  }[];
}

/** Body of `POST /links`. */
export interface NewLinkBody {
  type: LinkType;
  /** Redirect after the flow (absolute http(s) URL). */
  callbackUrl?: string;
  /** Your own identifier of the person (1–256 characters); echoed in webhooks and results. */
  externalUserId?: string;
  /** Tri-state: omitted follows the company setting; `true`/`false` force it. */
  adaptiveFlow?: boolean;
  /** Document types the person may show (non-empty, each once). */
  documentTypes?: DocumentType[];
  /** Free key-value pairs (≤ 50 keys, ≤ 4 KiB serialized) copied to the verification and webhooks. */
  metadata?: Record<string, string | number | boolean | null>;
}

/** Answer of `POST /links`. */
export interface CreatedLink {
  linkId: Uuid;
  /** Absolute URL to give the person; treat as opaque. */
  linkUrl: string;
  verificationId: Uuid;
}

/** The company as a link carries it. */
export interface LinkCompany {
  name: string;
  antiSpoofing: boolean;
  color: string;
  plan: Plan;
  handoffMode: HandoffMode;
  gateRules: GateRules;
  locationPermission: LocationPermission;
}

/** A link record (`GET /links`, `GET /links/{id}`). */
export interface LinkRecord {
  _id: Uuid;
  verificationId: Uuid;
  type: LinkType;
  active: boolean;
  expiresAt: DateTime;
  createdAt: DateTime;
  callbackUrl?: string;
  externalUserId?: string;
  metadata: Record<string, unknown>;
  defaultTemplateVersion: string | null;
  adaptiveFlow: boolean;
  documentTypes: DocumentType[];
  company: LinkCompany;
}

/** Geolocation of an authenticated verification read. */
export interface Geolocation {
  ip?: string;
  accuracyRadius?: number;
  latitude?: string;
  longitude?: string;
  country?: string;
  city?: string;
  subdivisions?: string;
  accuracy?: number;
  source?: LocationSource;
  tier: LocationTier;
  permission?: LocationPermissionState;
  sample?: string;
  capturedAt?: string;
  deviceLatitude?: number;
  deviceLongitude?: number;
  policy: LocationPermission;
  ipDistanceKm: number | null;
  serverIp: string;
}

/** Extracted document data. */
export interface DocumentData {
  firstNames?: string;
  lastNames?: string;
  name?: string;
  adult?: boolean;
  nationality?: string;
  gender?: string;
  birthDate?: string;
  dateOfIssue?: string;
  dateOfExpiry?: string;
  idNumber?: string;
  ocrRaw?: string;
  barcodeRaw?: string;
  documentType?: DocumentType;
}

/** The authenticated verification record (`GET /verifications/{id}`). */
export interface VerificationRecord {
  _id: Uuid;
  linkId: Uuid;
  companyId: Uuid;
  type: LinkType;
  userName?: string;
  termsAndConditions: boolean;
  images: { addFront?: Uuid; addBack?: Uuid; register: Uuid[] };
  errorMessage: string | null;
  errorCode: string | null;
  step: VerificationStep;
  detectedDocumentCountry?: string;
  status: VerificationStatus;
  method: Method;
  operationGuid: string | null;
  remainingRetries: { front: number; back: number; selfie: number };
  externalUserId?: string;
  externalUserIdSource?: 'api' | 'identify';
  metadata: Record<string, unknown>;
  data: DocumentData;
  dataExpired: boolean;
  expiresAt: DateTime;
  createdAt: DateTime;
  updatedAt: DateTime;
  geolocation?: Geolocation;
  device?: Record<string, unknown>;
}

/** A page of verifications. */
export interface VerificationPage {
  total: number;
  page: number;
  size: number;
  data: VerificationRecord[];
}

/** An item of `GET /verifications/{id}/related`. */
export interface RelatedVerification {
  _id: Uuid;
  createdAt: DateTime;
  status: VerificationStatus;
  dataExpired: boolean;
}

/** An item of `GET /verifications/{id}/images`. */
export interface ImageInfo {
  _id: Uuid;
  kind: 'front' | 'back' | 'selfie';
  contentType: string;
  size: number;
  createdAt: DateTime;
}

/** Body of `POST /verifications/feedback`. */
export interface FeedbackBody {
  verificationId: Uuid;
  overrideStatus: 'success' | 'failed';
  /** From `GET /verification-feedback/reasons`. */
  reasonId: Uuid;
}

/** Answer of `POST /verifications/feedback`. */
export interface FeedbackView {
  _id: Uuid;
  verificationId: Uuid;
  reasonId: Uuid;
  overrideStatus: 'success' | 'failed';
  previousStatus: string;
  status: VerificationStatus;
  createdAt: DateTime;
}

/** A feedback reason. */
export interface FeedbackReason {
  _id: Uuid;
  reason: string;
}

/** Public status poll with `include=operationGuid`. */
export interface StatusWithOperation {
  status: VerificationStatus;
  operationGuid: string | null;
  method: Method;
}

/** A webhook endpoint record (carries no secret). */
export interface WebhookEndpoint {
  _id: Uuid;
  userId: Uuid;
  description: string;
  url: string;
  createdAt: DateTime;
  updatedAt: DateTime;
}

/** Body of `POST /webhook-endpoints`. */
export interface NewWebhookEndpointBody {
  url: string;
  description?: string;
}

/** Body of `PATCH /webhook-endpoints/{id}` (at least one field). */
export interface WebhookEndpointPatchBody {
  url?: string;
  description?: string;
}

/** One delivery of one event to one endpoint, with every attempt. */
export interface WebhookDelivery {
  _id: Uuid;
  endpointId: Uuid;
  eventId: Uuid;
  type: string;
  verificationId: Uuid;
  status: 'pending' | 'succeeded' | 'failed';
  attempts: {
    attempt: number;
    startedAt: DateTime;
    durationMs: number;
    statusCode: number | null;
    error: string | null;
    success: boolean;
  }[];
  payload: unknown;
  createdAt: DateTime;
  updatedAt: DateTime;
}

/** A page of deliveries. */
export interface WebhookDeliveryPage {
  total: number;
  page: number;
  size: number;
  data: WebhookDelivery[];
}

/** `{_id, deleted: true}` answered by deletions. */
export interface Deleted {
  _id: Uuid;
  deleted: true;
}

/** The account (`GET /users/me`), with its credentials. */
export interface UserView {
  _id: Uuid;
  email: string | null;
  companyId: Uuid;
  clientId: string;
  clientSecret: string;
  webhookSecret: string;
  callbackUrl: string | null;
  createdAt: DateTime;
  updatedAt: DateTime;
}

/** Company settings (`GET /users/me/company`). */
export interface CompanyView {
  _id: Uuid;
  name: string;
  plan: Plan;
  quota: number;
  color: string;
  logoUrl: string | null;
  antiSpoofing: boolean;
  allowUploadedSelfie: boolean;
  handoffMode: HandoffMode;
  callbackUrl: string | null;
  onboardingBusinessId: Uuid;
  linkConfig: { expirationTime: number; dataExpirationTime: number; adaptiveFlow: boolean };
  verificationConfig: {
    locationPermission: LocationPermission;
    requestedLocationPermission: LocationPermission;
    documentTypes: DocumentType[];
  };
  gateRules: GateRules;
  subscriptionId: Uuid | null;
  createdAt: DateTime;
  updatedAt: DateTime;
}

/** Body of `PATCH /users/me/company` (`gateRules` is never accepted). */
export interface CompanyPatchBody {
  name?: string;
  color?: string;
  antiSpoofing?: boolean;
  allowUploadedSelfie?: boolean;
  handoffMode?: HandoffMode;
  callbackUrl?: string | null;
  linkConfig?: { expirationTime?: number; dataExpirationTime?: number; adaptiveFlow?: boolean };
  verificationConfig?: {
    locationPermission?: LocationPermission;
    documentTypes?: DocumentType[];
  };
}

/** Usage of the current calendar month (UTC). */
export interface UsageStats {
  plan: Plan;
  quota: number;
  used: number;
  remaining: number;
  linksGenerated: number;
  period: { start: DateTime; end: DateTime };
}

/** One entry of the activity log. */
export interface ActivityEntry {
  _id: Uuid;
  action: string;
  resource: string;
  resourceId: string | null;
  createdAt: DateTime;
  ip: string | null;
}

/** A page of the activity log. */
export interface ActivityPage {
  total: number;
  page: number;
  data: ActivityEntry[];
}

/** The analysis services a cloud-service key is for. */
export type AnalysisService = 'id' | 'face' | 'antispoofing';

/** A cloud-service key and its usage. */
export interface CloudKey {
  _id: Uuid;
  service: AnalysisService;
  name: string;
  prefix: string;
  status: 'active' | 'paused';
  paused: boolean;
  usage: { used: number; limit: number; remaining: number };
  lastUsedAt: DateTime | null;
  rotatedAt: DateTime | null;
  createdAt: DateTime;
  updatedAt: DateTime;
}

/** A cloud-service key with its secret (shown once: at creation and at rotation). */
export interface CloudKeyWithSecret extends CloudKey {
  /** Send it as the `Api-Key` header. */
  secret: string;
}

/** An invoice. */
export interface Invoice {
  _id: Uuid;
  amount: number;
  currency: string;
  status: 'open' | 'processing' | 'paid';
  periodStart: DateTime;
  periodEnd: DateTime;
  paidAt: DateTime | null;
  createdAt: DateTime;
}

/** Answer of `POST /billing/paymentMethod`. */
export interface PaymentMethodResult {
  paymentMethod: { _id: Uuid; brand: string; last4: string; createdAt: DateTime };
  collectedInvoices: Invoice[];
}

/** A subscription (`GET /billing/{idSubscription}`). */
export interface Subscription {
  _id: Uuid;
  companyId: Uuid;
  plan: Plan;
  status: 'active' | 'unpaid';
  currentPeriodEnd: DateTime;
  invoices: Invoice[];
}

/** A commercial contact request. */
export interface ContactRequest {
  _id: Uuid;
  companyId: Uuid;
  plan: string;
  quota: number;
  message: string | null;
  createdAt: DateTime;
}

/** `GET /health/status`. */
export interface HealthStatus {
  status: 'ok';
  version: string;
  database: string;
}

/** Answer of `POST /oauth/token`. */
export interface TokenResponse {
  access_token: string;
  expires_in: number;
  token_type: 'Bearer';
}

/** The twelve webhook event types. */
export type VerificationEventType =
  | 'verification.started'
  | 'verification.addfront.started'
  | 'verification.addfront.successful'
  | 'verification.addfront.failed'
  | 'verification.addback.started'
  | 'verification.addback.successful'
  | 'verification.addback.failed'
  | 'verification.register.started'
  | 'verification.register.successful'
  | 'verification.register.failed'
  | 'verification.successful'
  | 'verification.failed';

/** Location source (client-inferred; only `ip` and `none` are certain). */
export type LocationSource = 'gps' | 'wifi' | 'cell' | 'ip' | 'none';
/** Server-derived precision grade of a location. */
export type LocationTier = 'precise' | 'approximate' | 'coarse' | 'unknown';
/** The device's location permission when the location was captured. */
export type LocationPermissionState = 'granted' | 'denied' | 'prompt';

/** The geolocation subset a webhook carries (every field optional; absent keys are omitted). */
export interface WebhookGeolocation {
  ip?: string;
  country?: string;
  city?: string;
  subdivisions?: string;
  latitude?: string;
  longitude?: string;
  deviceLatitude?: number;
  deviceLongitude?: number;
  accuracy?: number;
  accuracyRadius?: number;
  source?: LocationSource;
  tier?: LocationTier;
  capturedAt?: DateTime;
}

/** `data` of every event but the two final ones. */
export interface WebhookEventData {
  _verificationId: Uuid;
  /** Copied from the link; empty string when the link had none. */
  _externalUserId: string;
  /** Where `_externalUserId` came from (absent when it is empty). */
  externalUserIdSource?: 'api' | 'identify';
  /** Copied from the link; `{}` when none. */
  _metadata: Record<string, unknown>;
  /** `ID_CARD` or `PASSPORT`, once the document is known. */
  documentType?: DocumentType;
}

/** `data` of `verification.successful` and `verification.failed`: may carry `geolocation`. */
export interface WebhookFinalEventData extends WebhookEventData {
  /** Only when a location was captured. */
  geolocation?: WebhookGeolocation;
}

/** The two events whose `data` may carry `geolocation`. */
type FinalEventType = 'verification.successful' | 'verification.failed';

/** A webhook body `{type, data}`: a union told apart by `type` (narrow on it to read `data`). */
export type WebhookPayload = {
  [T in VerificationEventType]: {
    type: T;
    data: T extends FinalEventType ? WebhookFinalEventData : WebhookEventData;
  };
}[VerificationEventType];

/** The body of the event `T` (any event by default). */
export type WebhookEvent<T extends VerificationEventType = VerificationEventType> = Extract<
  WebhookPayload,
  { type: T }
>;
