/**
 * Public types of `@idv/analysis`: the three analyses of DESIGN.md §7, the engine interface shared by
 * the in-process engine and the HTTP client, and the key authority of the cloud-services keys. The
 * wire shapes (answers, the `signals` and `front` inputs) are `@idv/contract`'s, re-exported under
 * this package's names; their schemas serve and document the HTTP routes (`http/app.ts`).
 */
import type * as contract from '@idv/contract';

/** The three companion services. */
export type AnalysisService = contract.AnalysisService;

/** Decides whether a presented `Api-Key` may call a service; counts the call when accepted. */
export interface ApiKeyAuthority {
  authorize(service: AnalysisService, presentedKey: string | undefined): Promise<ApiKeyDecision>;
}

/** Outcome of {@link ApiKeyAuthority.authorize}: 401 for a missing/wrong/paused/revoked key, 429 when exhausted. */
export type ApiKeyDecision =
  { ok: true; keyId?: string } | { ok: false; status: 401 | 429; message: string };

/** The three analyses; the in-process engine and the HTTP client both implement it. */
export interface AnalysisEngine {
  /** Finds, rectifies and reads the front of a document. */
  analyzeFront(image: Buffer): Promise<FrontAnalysis>;
  /** Reads the MRZ and barcodes of the back; cross-checks with the front when given. */
  analyzeBack(image: Buffer, front?: FrontAnalysis): Promise<BackAnalysis>;
  /** Compares the face of every image with every other (index 0 is the selfie). */
  compareFaces(images: Buffer[]): Promise<FaceAnalysis>;
  /** Decides whether 1–5 selfie frames come from a present person. */
  detectSpoof(frames: Buffer[], signals?: LivenessSignals): Promise<SpoofAnalysis>;
}

/** Document kinds the ID analysis recognises (`AnalysisDocumentType` of the contract). */
export type DocumentType = contract.AnalysisDocumentType;
/** The spec's `data` fields read from a document; `null` when not read. Dates are `YYYY-MM-DD`. */
export type DocumentFields = contract.AnalysisDocumentFields;
/** A point in the pixel coordinates of the submitted image. */
export type Point = contract.AnalysisPoint;
/** Image quality of the document region, each 0–1 (see the contract's `AnalysisQuality`). */
export type QualityScores = contract.AnalysisQuality;
/** Why an analysis gave a negative result (the request itself was valid). */
export type NegativeReason = contract.AnalysisNegativeReason;
/** Answer of ID analysis `POST /front`. */
export type FrontAnalysis = contract.FrontAnalysis;
/** Result of one MRZ check digit. */
export type MrzCheck = contract.MrzCheck;
/** A character changed by check-digit-guided repair. */
export type MrzRepair = contract.MrzRepair;
/** The machine-readable zone as read. */
export type MrzResult = contract.MrzResult;
/** A decoded barcode. */
export type BarcodeResult = contract.BarcodeResult;
/** One field on which the readings disagree and no evidence decides. */
export type FieldMismatch = contract.FieldMismatch;
/** Where a field's value came from: the MRZ, the visual zone, a barcode. */
export type IdentitySource = contract.IdentitySource;
/** A disagreement between readings settled by evidence, kept for audit. */
export type FieldResolution = contract.FieldResolution;
/** The MRZ, the visual zone and the barcodes compared field by field (see README: decision rules). */
export type CrossCheck = contract.CrossCheck;
/** Answer of ID analysis `POST /back`. */
export type BackAnalysis = contract.BackAnalysis;
/** A face found in one of the compared images. */
export type FaceReport = contract.FaceReport;
/** Answer of face analysis `POST /inference`. */
export type FaceAnalysis = contract.FaceAnalysis;
/** Kinds of active challenge the element can ask for. */
export type ChallengeKind = contract.ChallengeKind;
/** Liveness signals measured on the device by the element's worker (all optional). */
export type LivenessSignals = contract.LivenessSignals;
/** One anti-spoofing signal: a spoof likelihood 0–1 and the measurement behind it. */
export type SpoofSignal = contract.SpoofSignal;
/** What the frames show about the element's claimed active challenge. */
export type ChallengeVerdict = contract.ChallengeVerdict;
/** Answer of anti-spoofing `POST /inference`. */
export type SpoofAnalysis = contract.SpoofAnalysis;
