/**
 * Shapes of the flow API (DESIGN §5) and of the spec's public endpoints, as the element reads and
 * sends them. Every one is the contract's (`@idv/contract`), imported as a type only: nothing of
 * TypeBox reaches the bundle. The names here are the element's public vocabulary; the test double
 * of the flow API is typed against the same contract.
 */
import type {
  CreatedFlowSession as ContractCreatedFlowSession,
  DocumentCaptureMeta as ContractDocumentCaptureMeta,
  DocumentTypeChoice,
  FingerprintUserData,
  FlowSession as ContractFlowSession,
  FORM_FACTORS,
  GATE_REASONS,
  GateRules as ContractGateRules,
  HandoffMode as ContractHandoffMode,
  HandoffTicket as ContractHandoffTicket,
  LinkErrorResponse,
  LinkType as ContractLinkType,
  LocationPermission,
  Method,
  Plan as ContractPlan,
  PLATFORMS,
  SelfieCaptureMeta as ContractSelfieCaptureMeta,
  StatusWithOperation,
  CaptureResult as ContractCaptureResult,
  VerificationStep as ContractVerificationStep,
} from '@idv/contract';
import type * as contract from '@idv/contract';

/** Status of a verification (spec "Verification status"). */
export type VerificationStatus = 'pending' | 'started' | 'expired' | 'success' | 'failed';

/** Step of a verification (spec "Steps"). */
export type VerificationStep = ContractVerificationStep;

/** A capture the flow may ask for. */
export type CaptureKind = 'front' | 'back' | 'selfie';

/** Branch of the flow: `FACE` is the adaptive selfie-only branch; `null` while unresolved. */
export type FlowMethod = Method;

export type LinkType = ContractLinkType;
/**
 * The document a person shows (DESIGN §9): `ID_CARD` (cards, residence permits included: front and
 * back) or `PASSPORT` (the data page alone, sent as the `front`).
 */
export type DocumentType = DocumentTypeChoice;
export type Plan = ContractPlan;
export type HandoffMode = ContractHandoffMode;
export type LocationPolicy = LocationPermission;

export type FormFactor = (typeof FORM_FACTORS)[number];
export type Platform = (typeof PLATFORMS)[number];
export type GateReason = (typeof GATE_REASONS)[number];

/**
 * The resolved gate rule set of a company: always an object (`{version: 'none', rules: []}` when the
 * company has none).
 */
export type GateRules = ContractGateRules;

/** One device gate rule (DESIGN §4): every `match` field present must match. */
export type GateRule = GateRules['rules'][number];

/**
 * The company as the flow sees it: branding and policies. With `allowUploadedSelfie` off (the
 * default) the element runs the live challenge for every selfie and offers no other way to take it.
 */
export type FlowCompany = ContractFlowSession['company'];

/** `FlowSession` of DESIGN §5. */
export type FlowSession = ContractFlowSession;

/** `POST /flow/sessions` answer: a session and the token that authorizes the device. */
export type CreatedFlowSession = ContractCreatedFlowSession;

/** `CaptureResult` of DESIGN §5; `error.mismatches` names the fields of a `SIDES_MISMATCH`. */
export type CaptureResult = ContractCaptureResult;

/** `POST /flow/handoff` answer. */
export type HandoffTicket = ContractHandoffTicket;

/** Status poll with `include=operationGuid`. */
export type StatusPollResult = StatusWithOperation;

/** `PATCH /verifications/identify` answer. */
export type IdentifyResult = StatusPollResult;

/** `meta` of a document capture. */
export type DocumentCaptureMeta = ContractDocumentCaptureMeta;

/** `meta` of a selfie capture: the active challenge and its signals. */
export type SelfieCaptureMeta = ContractSelfieCaptureMeta;

/** Where a capture came from (`meta.source`). */
export type CaptureOrigin = 'camera' | 'upload' | 'native';

/** One sampled frame of the selfie session (pose and eyes), for the server's liveness checks. */
export type LivenessSample = NonNullable<SelfieCaptureMeta['challenge']>['samples'][number];

/** Keys accepted by `PATCH /verifications` inside `geolocation` (spec). */
export interface GeolocationReport {
  ip?: string;
  accuracyRadius?: number;
  city?: string;
  country?: string;
  latitude?: string;
  longitude?: string;
  subdivisions?: string;
  accuracy?: number;
  source?: 'gps' | 'wifi' | 'cell' | 'ip' | 'none';
  permission?: 'granted' | 'denied' | 'prompt';
  sample?: string;
  capturedAt?: string;
  deviceLatitude?: number;
  deviceLongitude?: number;
}

/** The connection fingerprint service's answer (spec), kept raw for forwarding. */
export interface FingerprintAnswer {
  /** The exact body as received, forwarded unchanged to `/flow/fingerprint`. */
  raw: string;
  /** Its `userData`, parsed from an answer not checked here: any key may be missing. */
  userData: Partial<FingerprintUserData>;
}

/** Link error body (409, DESIGN §4). */
export type LinkErrorBody = LinkErrorResponse;

/*
 * The four types above that the element's event details carry (`VerificationStatus`,
 * `CaptureKind`, `CaptureOrigin`, `GeolocationReport`) are spelled out, because the API reference
 * of `@idv/capacitor` is generated from their declarations (docgen prints declared text and does
 * not resolve `Static<typeof …>`). Each is held to the contract here, so a difference fails this
 * package's own build (types only: nothing reaches the bundle).
 */
type Same<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Holds<Check extends true> = Check;
export type _ContractChecks = [
  Holds<Same<VerificationStatus, contract.VerificationStatus>>,
  Holds<Same<CaptureKind, contract.CaptureKind>>,
  Holds<Same<CaptureOrigin, DocumentCaptureMeta['source']>>,
  Holds<Same<GeolocationReport, contract.ReportedGeolocation>>,
];
