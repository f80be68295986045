import { Type, type Static } from 'typebox';
import { AnalysisFieldName, BarcodeResult, ChallengeVerdict, IdentitySource } from './analysis.js';
import { DateTime, Nullable, StringEnum, Uuid } from './common.js';
import { RelatedVerification } from './verification.js';

/*
 * The portal's review of one verification (issue 16, verification detail): what the server kept
 * of the analyses of its captures, its events, its webhook deliveries and the same person's other
 * verifications. Only the session-authenticated portal serves it (`GET /app/api/verifications/{id}/review`).
 */

/**
 * What the server keeps of the selfie analysis of a verification (the last selfie analysed,
 * accepted or not): the face-match score against the threshold, the active challenge as the
 * element claimed it and as the frames showed it, and the anti-spoofing verdict.
 */
export const SelfieReview = Type.Object({
  /** The `biometric` score of selfie against document portrait (0–100); null when not compared. */
  score: Nullable(Type.Number()),
  /** The score at or above which the faces are the same person. */
  threshold: Type.Number(),
  source: StringEnum(['camera', 'upload', 'native'] as const),
  challenge: Nullable(
    Type.Object({
      type: StringEnum(['turn-left', 'turn-right', 'blink'] as const),
      passed: Type.Boolean(),
    }),
  ),
  /** The claimed challenge re-verified on the frames; null when the frames were not analysed. */
  challengeVerdict: Nullable(ChallengeVerdict),
  /** Whether the company ran anti-spoofing on these frames. */
  antiSpoofing: Type.Boolean(),
  /** The anti-spoofing verdict (null when it did not run). */
  spoofing: Nullable(Type.Boolean()),
  /** 0–1 spoof likelihood (null when it did not run). */
  spoofScore: Nullable(Type.Number()),
  /** Why the selfie was refused (the capture's error code), null when accepted. */
  rejection: Nullable(Type.String()),
  at: DateTime,
});
export type SelfieReview = Static<typeof SelfieReview>;

/** How the readings of one field compare. */
export const ReadingState = StringEnum(['agree', 'mismatch', 'resolved', 'single'] as const, {
  description:
    '`agree` (two or more readings, one value), `mismatch` (they disagree and no evidence decides), `resolved` (they disagreed and evidence settled it), `single` (read once).',
});
export type ReadingState = Static<typeof ReadingState>;

/** One field as the MRZ, the visual zone and the barcode read it. */
export const ReadingRow = Type.Object({
  field: AnalysisFieldName,
  mrz: Nullable(Type.String()),
  viz: Nullable(Type.String()),
  barcode: Nullable(Type.String()),
  state: ReadingState,
  /** The value kept and the evidence, when a disagreement was settled. */
  resolution: Nullable(
    Type.Object({
      value: Type.String(),
      sources: Type.Array(IdentitySource),
      evidence: Type.String(),
    }),
  ),
});
export type ReadingRow = Static<typeof ReadingRow>;

/** The document's readings side by side. */
export const DocumentReadings = Type.Object({
  rows: Type.Array(ReadingRow),
  /** The MRZ lines as read (after repair), null when none was read. */
  mrzRaw: Nullable(Type.String()),
  /** Every MRZ check digit valid; null without an MRZ. */
  mrzValid: Nullable(Type.Boolean()),
  barcodes: Type.Array(BarcodeResult),
});
export type DocumentReadings = Static<typeof DocumentReadings>;

/** One moment in the life of a verification. */
export const TimelineEntry = Type.Object({
  at: DateTime,
  /** `created`, `finished`, a webhook event type (`verification.successful`…), `override`, or an activity-log action. */
  kind: Type.String(),
  detail: Nullable(Type.String()),
});
export type TimelineEntry = Static<typeof TimelineEntry>;

/** One webhook delivery of the verification's events. */
export const VerificationDelivery = Type.Object({
  _id: Uuid,
  type: Type.String(),
  endpointUrl: Type.String(),
  status: StringEnum(['pending', 'succeeded', 'failed'] as const),
  attempts: Type.Integer(),
  lastStatusCode: Nullable(Type.Integer()),
  lastError: Nullable(Type.String()),
  createdAt: DateTime,
  updatedAt: DateTime,
});
export type VerificationDelivery = Static<typeof VerificationDelivery>;

/** `GET /app/api/verifications/{id}/review`. */
export const PortalVerificationReview = Type.Object({
  readings: Nullable(DocumentReadings),
  selfie: Nullable(SelfieReview),
  timeline: Type.Array(TimelineEntry),
  deliveries: Type.Array(VerificationDelivery),
  related: Type.Array(RelatedVerification),
});
export type PortalVerificationReview = Static<typeof PortalVerificationReview>;
