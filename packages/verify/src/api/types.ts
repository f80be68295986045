/**
 * Shapes of the flow API (DESIGN §5) and of the spec's public endpoints, as the element reads and
 * sends them. The test double of the flow API is typed against these same types.
 */

/** Status of a verification (spec "Verification status"). */
export type VerificationStatus = 'pending' | 'started' | 'expired' | 'success' | 'failed';

/** Step of a verification (spec "Steps"). */
export type VerificationStep = 'NEW_OPERATION' | 'ADD_FRONT' | 'ADD_BACK' | 'END_OPERATION';

/** A capture the flow may ask for. */
export type CaptureKind = 'front' | 'back' | 'selfie';

/** Branch of the flow: `FACE` is the adaptive selfie-only branch; `null` while unresolved. */
export type FlowMethod = 'FACE' | 'DOCUMENT' | null;

export type LinkType = 'FULL FLOW' | 'ID ONLY';
/**
 * The document a person shows (DESIGN §9): `ID_CARD` (cards, residence permits included: front and
 * back) or `PASSPORT` (the data page alone, sent as the `front`).
 */
export type DocumentType = 'ID_CARD' | 'PASSPORT';
export type Plan = 'basic' | 'premium' | 'pro';
export type HandoffMode = 'never' | 'suggest' | 'require';
export type LocationPolicy = 'never' | 'optional' | 'required';

export type FormFactor = 'mobile' | 'tablet' | 'desktop';
export type Platform = 'ios' | 'android' | 'windows' | 'macos' | 'linux' | 'other';
export type GateReason =
  'os_outdated' | 'unsupported_platform' | 'unsupported_form_factor' | 'camera_unsuitable';

/** One device gate rule (DESIGN §4): every `match` field present must match. */
export interface GateRule {
  id: string;
  reason: GateReason;
  match: { formFactor?: FormFactor; platform?: Platform; osVersionMax?: string };
}

/**
 * The resolved gate rule set of a company: always an object (`{version: 'none', rules: []}` when the
 * company has none).
 */
export interface GateRules {
  version: string;
  rules: GateRule[];
}

/** The company as the flow sees it: branding and policies. */
export interface FlowCompany {
  name: string;
  color: string;
  logoUrl: string | null;
  plan: Plan;
  antiSpoofing: boolean;
  /**
   * Whether the service lets a selfie without a live challenge pass (an uploaded photo, the manual
   * button, the platform camera). Off by default: the element then runs the live challenge for
   * every selfie and offers no other way to take it.
   */
  allowUploadedSelfie: boolean;
  handoffMode: HandoffMode;
  gateRules: GateRules;
  locationPermission: LocationPolicy;
}

/** `FlowSession` of DESIGN §5. */
export interface FlowSession {
  verificationId: string;
  linkId: string;
  status: VerificationStatus;
  step: VerificationStep;
  method: FlowMethod;
  operationGuid: string | null;
  type: LinkType;
  /** The document chosen; null until the person chooses (a link allowing one type has it chosen). */
  documentType: DocumentType | null;
  /** The document types the link allows. */
  documentTypes: DocumentType[];
  requiredCaptures: CaptureKind[];
  completedCaptures: CaptureKind[];
  remainingRetries: Record<CaptureKind, number>;
  termsAccepted: boolean;
  expiresAt: string;
  callbackUrl: string | null;
  company: FlowCompany;
}

/** `POST /flow/sessions` answer: a session and the token that authorizes the device. */
export interface CreatedFlowSession extends FlowSession {
  sessionToken: string;
}

/** `CaptureResult` of DESIGN §5. */
export interface CaptureResult {
  accepted: boolean;
  status: VerificationStatus;
  step: VerificationStep;
  remainingRetries: number;
  /** Why the capture was refused; `mismatches` names the fields of a `SIDES_MISMATCH`. */
  error?: { code: string; message: string; mismatches?: string[] };
  next: CaptureKind | 'done';
}

/** `POST /flow/handoff` answer. */
export interface HandoffTicket {
  handoffUrl: string;
  handoffToken: string;
  expiresAt: string;
}

/** Status poll with `include=operationGuid`. */
export interface StatusPollResult {
  status: VerificationStatus;
  operationGuid: string | null;
  method: FlowMethod;
}

/** `PATCH /verifications/identify` answer. */
export type IdentifyResult = StatusPollResult;

/** Where a capture came from (`meta.source`). */
export type CaptureOrigin = 'camera' | 'upload' | 'native';

/** `meta` of a document capture. */
export interface DocumentCaptureMeta {
  source: CaptureOrigin;
  quality: { blur: number; brightness: number; glare: number; fill: number; score: number } | null;
  width: number;
  height: number;
  autoCaptured: boolean;
}

/** One sampled frame of the selfie session (pose and eyes), for the server's liveness checks. */
export interface LivenessSample {
  /** Milliseconds since the challenge started. */
  t: number;
  yaw: number;
  pitch: number;
  roll: number;
  eyeOpenness: number;
}

/** `meta` of a selfie capture: the active challenge and its signals. */
export interface SelfieCaptureMeta {
  source: CaptureOrigin;
  challenge: {
    type: 'turn-left' | 'turn-right' | 'blink';
    passed: boolean;
    durationMs: number;
    samples: LivenessSample[];
  } | null;
  /** For each sent frame (same order as `frames`): its pose and role. */
  frames: { role: 'frontal' | 'challenge'; yaw: number; pitch: number; eyeOpenness: number }[];
}

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
  userData: {
    ip?: string;
    geoData?: {
      accuracyRadius?: number;
      latitude?: number;
      longitude?: number;
      country?: string;
      countryIso?: string;
      city?: string | null;
      subdivisions?: string;
    };
  };
}

/** Link error body (409, DESIGN §4). */
export interface LinkErrorBody {
  code: 4091 | 4092 | 4093;
  name: 'LinkAlreadyUsed' | 'LinkExpired' | 'LinkInactive';
  description: string;
  data: { linkId: string };
}
