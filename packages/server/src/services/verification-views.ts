import type * as contract from '@idv/contract';
import type { LinksTable, VerificationsTable } from '../db/schema.js';
import { parseJsonColumn } from '../lib/json.js';
import { effectiveDocumentType } from './document-types.js';

/** Geolocation fields the device may report (spec: `PATCH /verifications`): the contract's. */
export type ReportedGeolocation = contract.ReportedGeolocation;

/**
 * The stored geolocation: what was reported plus what the server derived (`tier`, `policy`,
 * `ipDistanceKm`, `serverIp`), as authenticated reads answer it: the contract's `Geolocation`.
 */
export type StoredGeolocation = contract.Geolocation;

/** Geolocation in public answers: never `policy`, `ipDistanceKm`, `serverIp`; the contract's. */
export type PublicGeolocation = contract.PublicGeolocation;

/** Keys of the webhook `geolocation` subset (spec: Events, Payload). */
const WEBHOOK_GEOLOCATION_KEYS = [
  'ip',
  'country',
  'city',
  'subdivisions',
  'latitude',
  'longitude',
  'deviceLatitude',
  'deviceLongitude',
  'accuracy',
  'accuracyRadius',
  'source',
  'tier',
  'capturedAt',
] as const satisfies readonly (keyof contract.WebhookGeolocation & keyof StoredGeolocation)[];

/** The public view of a stored geolocation. */
export function publicGeolocation(stored: StoredGeolocation): PublicGeolocation {
  const { policy: _policy, ipDistanceKm: _distance, serverIp: _serverIp, ...rest } = stored;
  return rest;
}

/**
 * The subset of a stored geolocation sent in webhooks (for the delivery pipeline): absent keys are
 * omitted, never null; `permission`, `sample`, `policy`, `ipDistanceKm`, `serverIp` never appear.
 */
export function webhookGeolocation(stored: StoredGeolocation): contract.WebhookGeolocation {
  const subset: Record<string, unknown> = {};
  for (const key of WEBHOOK_GEOLOCATION_KEYS) {
    const value = stored[key];
    if (value !== undefined && value !== null) subset[key] = value;
  }
  return subset as contract.WebhookGeolocation;
}

/** Ids of the accepted images of a verification (the record's `images`). */
export type VerificationImages = contract.VerificationRecord['images'];

/** Document fields read from the captures (the verification's `data`): the contract's. */
export type DocumentData = contract.DocumentData;

/** A verification joined with the link fields its views need. */
export type VerificationJoinRow = VerificationsTable & {
  link_type: LinksTable['type'];
  link_external_user_id: string | null;
  link_external_user_id_source: LinksTable['external_user_id_source'];
  link_metadata: string;
  link_adaptive_flow: number;
  link_active: number;
  link_expires_at: string;
  link_callback_url: string | null;
  link_document_types: LinksTable['document_types'];
};

/** The authenticated verification record (spec: Verification record, plus our documented additions). */
export type VerificationRecord = contract.VerificationRecord;

/** The public answer of the device-facing PATCH endpoints (DESIGN §4). */
export type PublicVerificationView = contract.PublicVerificationView;

/** `data` as reads show it: the extracted fields and the document type in force. */
function documentDataOf(row: VerificationJoinRow): DocumentData {
  const data = parseJsonColumn<DocumentData>(row.data, {});
  // Past the data window `data` stays empty.
  const documentType = row.data_expired === 1 ? null : effectiveDocumentType(row);
  return documentType === null ? data : { ...data, documentType };
}

export function verificationRecord(row: VerificationJoinRow): VerificationRecord {
  const record: VerificationRecord = {
    _id: row.id,
    linkId: row.link_id,
    companyId: row.company_id,
    type: row.link_type,
    termsAndConditions: row.terms_and_conditions === 1,
    images: parseJsonColumn<VerificationImages>(row.images, { register: [] }),
    errorMessage: row.error_message,
    errorCode: row.error_code,
    step: row.step,
    status: row.status,
    method: row.method,
    operationGuid: row.operation_guid,
    remainingRetries: {
      front: row.remaining_retries_front,
      back: row.remaining_retries_back,
      selfie: row.remaining_retries_selfie,
    },
    metadata: parseJsonColumn<Record<string, unknown>>(row.link_metadata, {}),
    data: documentDataOf(row),
    dataExpired: row.data_expired === 1,
    expiresAt: row.expires_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
  if (row.user_name !== null) record.userName = row.user_name;
  if (row.detected_document_country !== null)
    record.detectedDocumentCountry = row.detected_document_country;
  if (row.link_external_user_id !== null) {
    record.externalUserId = row.link_external_user_id;
    if (row.link_external_user_id_source !== null)
      record.externalUserIdSource = row.link_external_user_id_source;
  }
  if (row.geolocation !== null)
    record.geolocation = JSON.parse(row.geolocation) as StoredGeolocation;
  if (row.device !== null) record.device = JSON.parse(row.device) as Record<string, unknown>;
  return record;
}

export function publicVerificationView(
  row: Pick<VerificationsTable, 'id' | 'status' | 'step' | 'geolocation'>,
): PublicVerificationView {
  const view: PublicVerificationView = { _id: row.id, status: row.status, step: row.step };
  if (row.geolocation !== null)
    view.geolocation = publicGeolocation(JSON.parse(row.geolocation) as StoredGeolocation);
  return view;
}
