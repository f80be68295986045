import type { Generated } from 'kysely';

/*
 * Table types of the database, shared by SQLite and PostgreSQL.
 *
 * Portable column conventions (so one set of migrations serves both dialects):
 * - timestamps are ISO 8601 UTC strings from `Date#toISOString()` (fixed width, so text order is time order);
 * - booleans are integers 0/1 (better-sqlite3 cannot bind JS booleans);
 * - JSON documents are text, parsed by the repositories;
 * - binary data is BLOB on SQLite and BYTEA on PostgreSQL (a Buffer on both).
 */

/** 0 or 1. */
export type Flag = number;

export interface CompaniesTable {
  id: string;
  name: string;
  plan: 'basic' | 'premium' | 'pro';
  /** Monthly verification quota; fixed by the plan except on Pro. */
  monthly_quota: number;
  color: string;
  anti_spoofing: Flag;
  /** Whether a selfie without a live challenge may pass (DESIGN §9; off by default). */
  allow_uploaded_selfie: Flag;
  handoff_mode: 'never' | 'suggest' | 'require';
  /** The policy the company asked for; the effective one is resolved (always `never` on Basic). */
  location_permission: 'never' | 'optional' | 'required';
  /** Hours. */
  link_expiration_hours: number;
  /** Hours. */
  data_expiration_hours: number;
  adaptive_flow: Flag;
  /** Default redirect after the flow when a link has no `callbackUrl`. */
  callback_url: string | null;
  onboarding_business_id: string;
  /** Operator override of the default gate-rule template (JSON `{version, rules}`), null for the default. */
  gate_rules: string | null;
  /** Default document types of its links (JSON array, migration 0005); null for every type. */
  document_types: string | null;
  created_at: string;
  updated_at: string;
}

export interface UsersTable {
  id: string;
  company_id: string;
  email: string | null;
  client_id: string;
  /** AES-256-GCM sealed (see `SecretBox`). */
  client_secret_sealed: string;
  /** AES-256-GCM sealed; 256-bit HMAC key of webhook signatures. */
  webhook_secret_sealed: string;
  created_at: string;
  updated_at: string;
}

export interface AccessTokensTable {
  /** SHA-256 hex of the token; the token itself is never stored. */
  token_hash: string;
  user_id: string;
  company_id: string;
  expires_at: string;
  created_at: string;
  /** When the token was revoked (secret rotation, `revoke-tokens`); null while it is not. */
  revoked_at: string | null;
}

export interface QuotaUsageTable {
  company_id: string;
  /** Calendar month, `YYYY-MM` (UTC). */
  period: string;
  used: number;
}

export interface LinksTable {
  id: string;
  company_id: string;
  verification_id: string;
  type: 'FULL FLOW' | 'ID ONLY';
  callback_url: string | null;
  external_user_id: string | null;
  /** Who set `external_user_id`: the API at creation, or `PATCH /verifications/identify`. */
  external_user_id_source: 'api' | 'identify' | null;
  /** Tri-state input of `POST /links` (null when omitted). */
  adaptive_flow_requested: Flag | null;
  /** The resolved value: the link's own if sent, else the company setting at creation. */
  adaptive_flow: Flag;
  metadata: string;
  /** 0 once the link is consumed (completed or exhausted). */
  active: Flag;
  /** End of the link window. */
  expires_at: string;
  consumed_at: string | null;
  created_at: string;
  /** The user who created the link (its `link.created` log entry, with `created_ip`). */
  created_by: string | null;
  /** Address the creating request came from (null for links of older servers without one). */
  created_ip: string | null;
  /**
   * Document types the person may choose (JSON array, resolved at creation from the link's own
   * list or the company's default; migration 0005). Null on links of older servers: every type.
   */
  document_types: string | null;
}

export interface VerificationsTable {
  id: string;
  company_id: string;
  link_id: string;
  status: 'pending' | 'started' | 'expired' | 'success' | 'failed';
  step: 'NEW_OPERATION' | 'ADD_FRONT' | 'ADD_BACK' | 'END_OPERATION';
  /** `FACE` (adaptive selfie-only), `DOCUMENT`, or null while unresolved. */
  method: 'FACE' | 'DOCUMENT' | null;
  operation_guid: string | null;
  user_name: string | null;
  terms_and_conditions: Flag;
  remaining_retries_front: number;
  remaining_retries_back: number;
  remaining_retries_selfie: number;
  /** JSON `{addFront?, addBack?, register: []}`: ids of the accepted images, set by the capture pipeline. */
  images: string;
  /** JSON of the extracted document data (`data`). */
  data: string;
  detected_document_country: string | null;
  error_code: string | null;
  error_message: string | null;
  /** Identifiers `PATCH /verifications/identify` set on the link (first one and corrections; migration 0006). */
  identify_changes: number;
  /** JSON of the stored geolocation object, including the authenticated-only fields. */
  geolocation: string | null;
  /** JSON of the connection fingerprint signals (authenticated reads only). */
  device: string | null;
  /** End of the readable window: created + link window + data window. */
  expires_at: string;
  /**
   * End of the link window, a copy of the link's `expires_at` for the status poll (migration
   * 0003). Null only for a row written by a server older than that migration.
   */
  link_expires_at: string | null;
  /**
   * The verification's type, a copy of its link's `type` for the inbox's filter (migration 0014:
   * backfilled, set at creation).
   */
  type: LinksTable['type'];
  data_expired: Flag;
  /** The document the person chose (`ID_CARD`, `PASSPORT`; migration 0005), null until chosen. */
  document_type: 'ID_CARD' | 'PASSPORT' | null;
  anonymized_at: string | null;
  finished_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface ImagesTable {
  id: string;
  verification_id: string;
  company_id: string;
  kind: 'front' | 'back' | 'selfie';
  content_type: string;
  size: number;
  /** Key in the blob store. */
  blob_key: string;
  created_at: string;
}

export interface WebhookEndpointsTable {
  id: string;
  company_id: string;
  user_id: string;
  url: string;
  description: string;
  created_at: string;
  updated_at: string;
  /** Failed attempts since the last success (circuit breaker, migration 0008). */
  failure_streak: Generated<number>;
  /** Epoch ms until which the endpoint's deliveries are held back; null when closed. */
  circuit_open_until: number | null;
}

export interface FeedbackReasonsTable {
  id: string;
  reason: string;
  position: number;
}

export interface VerificationFeedbackTable {
  id: string;
  verification_id: string;
  company_id: string;
  user_id: string;
  reason_id: string;
  override_status: 'success' | 'failed';
  previous_status: string;
  created_at: string;
}

export interface ActivityLogsTable {
  id: string;
  company_id: string;
  user_id: string | null;
  action: string;
  resource: string;
  resource_id: string | null;
  ip: string | null;
  created_at: string;
}

export interface ContactRequestsTable {
  id: string;
  /** Unique: one request per company (idempotency). */
  company_id: string;
  plan: string;
  quota: number;
  message: string | null;
  phone: string | null;
  created_at: string;
}

export interface SubscriptionsTable {
  id: string;
  company_id: string;
  plan: 'basic' | 'premium' | 'pro';
  status: 'active' | 'unpaid';
  current_period_end: string;
  created_at: string;
  updated_at: string;
}

export interface InvoicesTable {
  id: string;
  subscription_id: string;
  company_id: string;
  amount_cents: number;
  currency: string;
  /** `processing`: claimed by a payment that is charging it (migration 0006). */
  status: 'open' | 'processing' | 'paid';
  period_start: string;
  period_end: string;
  paid_at: string | null;
  payment_reference: string | null;
  created_at: string;
  /** When a payment claimed it (`processing`); null otherwise (migration 0006). */
  claimed_at: string | null;
}

export interface PaymentMethodsTable {
  id: string;
  company_id: string;
  provider: string;
  provider_reference: string;
  brand: string;
  last4: string;
  created_at: string;
}

export interface CompanyLogosTable {
  company_id: string;
  content_type: string;
  data: Buffer;
  updated_at: string;
}

export interface GateRuleTemplatesTable {
  id: string;
  version: string;
  /** JSON array of rules. */
  rules: string;
  active: Flag;
  created_at: string;
}

export interface CloudKeysTable {
  id: string;
  company_id: string;
  service: 'id' | 'face' | 'antispoofing';
  name: string;
  /** 1..5: a unique slot among the company's live keys of a service caps them at five without locks. */
  slot: number;
  /** First characters of the secret, shown in listings so a holder can tell keys apart. */
  prefix: string;
  /** SHA-256 hex of the secret; the secret itself is never stored. */
  secret_hash: string;
  status: 'active' | 'paused' | 'revoked';
  calls_used: number;
  calls_limit: number;
  notified_at: string | null;
  last_used_at: string | null;
  rotated_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface RateLimitCountersTable {
  bucket: string;
  window_start: number;
  hits: number;
  expires_at: number;
}

/** The device session bound to a link (one per verification; a hand-off moves it to another device). */
export interface FlowSessionsTable {
  verification_id: string;
  company_id: string;
  link_id: string;
  /** SHA-256 hex of the session token the device sends as `X-Flow-Session`. */
  token_hash: string;
  /** SHA-256 hex of the one-time hand-off token, while one is outstanding. */
  handoff_token_hash: string | null;
  handoff_expires_at: string | null;
  /** Set while a capture is analysed, so two uploads of one session never race. */
  capture_lock_until: string | null;
  created_at: string;
  updated_at: string;
}

/** What the pipeline keeps between captures: the analyses (JSON) and the document portrait (JPEG). */
export interface CaptureAnalysesTable {
  verification_id: string;
  front: string | null;
  back: string | null;
  portrait: Buffer | null;
  /** JSON `SelfieReview`: the last selfie analysed (score, challenge, anti-spoofing; migration 0012). */
  selfie: string | null;
  updated_at: string;
}

/** One event of the spec's twelve, with the exact body every attempt sends. */
export interface WebhookEventsTable {
  id: string;
  company_id: string;
  verification_id: string;
  type: string;
  payload: string;
  created_at: string;
}

/** One event to one endpoint: the unit the delivery worker claims. */
export interface WebhookDeliveriesTable {
  /** Insertion order (events of one verification reach one endpoint in this order). */
  seq: Generated<number>;
  id: string;
  event_id: string;
  endpoint_id: string;
  company_id: string;
  verification_id: string;
  status: 'pending' | 'succeeded' | 'failed';
  attempts: number;
  /** Epoch ms. */
  next_attempt_at: number;
  /** Epoch ms until which `lease_owner` holds the delivery. */
  lease_until: number | null;
  lease_owner: string | null;
  created_at: string;
  updated_at: string;
}

/** One HTTP attempt of a delivery. */
export interface WebhookAttemptsTable {
  id: string;
  delivery_id: string;
  attempt: number;
  /** Which worker (process) sent it. */
  worker: string;
  started_at: string;
  duration_ms: number;
  status_code: number | null;
  error: string | null;
  success: Flag;
}

/** The whole database, as Kysely sees it. */
export interface Database {
  companies: CompaniesTable;
  users: UsersTable;
  access_tokens: AccessTokensTable;
  quota_usage: QuotaUsageTable;
  links: LinksTable;
  verifications: VerificationsTable;
  images: ImagesTable;
  webhook_endpoints: WebhookEndpointsTable;
  feedback_reasons: FeedbackReasonsTable;
  verification_feedback: VerificationFeedbackTable;
  activity_logs: ActivityLogsTable;
  contact_requests: ContactRequestsTable;
  subscriptions: SubscriptionsTable;
  invoices: InvoicesTable;
  payment_methods: PaymentMethodsTable;
  company_logos: CompanyLogosTable;
  gate_rule_templates: GateRuleTemplatesTable;
  cloud_keys: CloudKeysTable;
  rate_limit_counters: RateLimitCountersTable;
  flow_sessions: FlowSessionsTable;
  capture_analyses: CaptureAnalysesTable;
  webhook_events: WebhookEventsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
}
