/**
 * Public types of `@idv/analysis`: the three analyses of DESIGN.md §7, the engine interface shared by
 * the in-process engine and the HTTP client, and the key authority of the cloud-services keys.
 */

/** The three companion services. */
export type AnalysisService = 'id' | 'face' | 'antispoofing';

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

/** Document kinds of DESIGN.md §7. */
export type DocumentType =
  'ID_CARD' | 'PASSPORT' | 'DRIVING_LICENSE' | 'RESIDENCE_PERMIT' | 'UNKNOWN';

/** The spec's `data` fields read from a document; `null` when not read. Dates are `YYYY-MM-DD`. */
export interface DocumentFields {
  firstNames: string | null;
  lastNames: string | null;
  name: string | null;
  birthDate: string | null;
  dateOfIssue: string | null;
  dateOfExpiry: string | null;
  idNumber: string | null;
  /** ISO 3166-1 alpha-3 code (or the ICAO code for special nationalities). */
  nationality: string | null;
  /** As printed: `M`, `F` or `X`. */
  gender: string | null;
  /** Adult (18 or older today) by birth date; `null` without a birth date. */
  adult: boolean | null;
}

/** A point in the pixel coordinates of the submitted image. */
export interface Point {
  x: number;
  y: number;
}

/**
 * Image quality of the document region, each 0–1: `blur` 0 = sharp, 1 = unreadable;
 * `glare` the share of blown-out pixels; `brightness` the mean luminance.
 */
export interface QualityScores {
  blur: number;
  glare: number;
  brightness: number;
}

/** Why an analysis gave a negative result (the request itself was valid). */
export type NegativeReason =
  'NO_DOCUMENT' | 'NO_TEXT' | 'NO_MRZ' | 'NO_FACE' | 'MULTIPLE_FACES' | 'FACE_TOO_SMALL';

/** Answer of ID analysis `POST /front`. */
export interface FrontAnalysis {
  documentType: DocumentType;
  /** Issuing country, ISO 3166-1 alpha-3; `null` when not recognised. */
  country: string | null;
  fields: DocumentFields;
  /** Base64 JPEG of the cropped portrait, or `null` when no face was found on the document. */
  faceImage: string | null;
  /** Corners of the document in the submitted image (top-left, top-right, bottom-right, bottom-left). */
  documentQuad: Point[] | null;
  quality: QualityScores;
  ocrRaw: string;
  /**
   * The diacritics seen above the characters of `ocrRaw`, which its OCR cannot read: one symbol
   * per character, lines as in `ocrRaw` (`.` none, `:` a diaeresis, `^` another mark, `?` either;
   * see `document/diacritic-marks.ts`). The back's cross-check refuses to complete an MRZ-cut name
   * from a printed tail with a mark it cannot write. Absent from engines older than this field.
   */
  ocrMarks?: string;
  /** 0–1: how much of the expected content was read. */
  confidence: number;
  /** Set when no usable document was read. */
  reason: NegativeReason | null;
  /**
   * The MRZ of a page that carries one (a passport data page, TD3), as read, whether or not it
   * passed its checks (its fields are in `fields` only when it did); `null` when none was read.
   * Absent from engines older than this field.
   */
  mrz?: MrzResult | null;
  /**
   * A passport data page's MRZ compared field by field with its visual zone (same rules as the back's
   * cross-check); absent or `null` when the front carries no MRZ.
   */
  crossCheck?: CrossCheck | null;
}

/** Result of one MRZ check digit. */
export interface MrzCheck {
  valid: boolean;
  /** The digit as read. */
  read: string | null;
  /** The digit computed from the data it protects. */
  expected: string | null;
}

/** A character changed by check-digit-guided repair. */
export interface MrzRepair {
  line: number;
  column: number;
  from: string;
  to: string;
}

/** The machine-readable zone as read. */
export interface MrzResult {
  format: 'TD1' | 'TD2' | 'TD3';
  /** The MRZ lines, joined by `\n`, after repair. */
  raw: string;
  /** Every check digit and field valid. */
  valid: boolean;
  /** Check digits by name: `documentNumber`, `birthDate`, `expirationDate`, `personalNumber`, `composite`. */
  checks: Record<string, MrzCheck>;
  fields: {
    documentCode: string | null;
    issuingState: string | null;
    documentNumber: string | null;
    lastName: string | null;
    firstName: string | null;
    nationality: string | null;
    birthDate: string | null;
    sex: string | null;
    expirationDate: string | null;
    optional: string | null;
  };
  /** Characters changed by the repair (a tampered check digit is never "repaired" into validity). */
  repairs: MrzRepair[];
  /** Which reader produced the accepted lines. */
  reader: 'paddleocr' | 'tesseract';
}

/** A decoded barcode. */
export interface BarcodeResult {
  /** `PDF417`, `QRCode`, … as zxing names them. */
  format: string;
  raw: string;
}

/** One field on which the readings disagree and no evidence decides. */
export interface FieldMismatch {
  field: keyof DocumentFields;
  /** The visual zone's reading (the front of a card, the printed page of a passport). */
  front: string | null;
  /** The MRZ's reading. */
  back: string | null;
  /** The barcode's reading, when a barcode carries the field. */
  barcode?: string | null;
}

/** Where a field's value came from: the MRZ, the visual zone, a barcode. */
export type IdentitySource = 'mrz' | 'viz' | 'barcode';

/** A disagreement between readings settled by evidence, kept for audit. */
export interface FieldResolution {
  field: keyof DocumentFields;
  /** The value kept. */
  value: string;
  /** The readings that give this value (after the repair, when one was made). */
  sources: IdentitySource[];
  /**
   * Why: `check-digit` (the other reading fails the MRZ check digit), `barcode` (the exact barcode
   * value, consistent with the check digit), `icao-code` (the only known ICAO code among the OCR
   * confusions of an unknown one, confirmed by another reading), `name-rules` (the MRZ name is the
   * printed name by ICAO 9303 transliteration or truncation), `ocr-confusion` (the two readings agree
   * once a known OCR confusion is undone: `K` for a filler, a split glyph, a dropped character).
   */
  evidence: 'check-digit' | 'barcode' | 'icao-code' | 'name-rules' | 'ocr-confusion';
}

/** The MRZ, the visual zone and the barcodes compared field by field (see README: decision rules). */
export interface CrossCheck {
  /** No field is left in disagreement. */
  consistent: boolean;
  /** Fields read by at least two readings and compared. */
  compared: (keyof DocumentFields)[];
  /** Fields on which the readings disagree: the side is refused (`SIDES_MISMATCH`). */
  mismatches: FieldMismatch[];
  /** Disagreements settled by evidence (absent from older answers). */
  resolutions?: FieldResolution[];
}

/** Answer of ID analysis `POST /back`. */
export interface BackAnalysis {
  documentType: DocumentType;
  country: string | null;
  mrz: MrzResult | null;
  /** The first barcode read (PDF417 preferred); every code read is in `barcodes`. */
  barcode: BarcodeResult | null;
  barcodes: BarcodeResult[];
  /** The identity as decided from the MRZ, the front's visual zone and the barcodes. */
  fields: DocumentFields;
  crossCheck: CrossCheck;
  documentQuad: Point[] | null;
  quality: QualityScores;
  ocrRaw: string;
  confidence: number;
  reason: NegativeReason | null;
}

/** A face found in one of the compared images. */
export interface FaceReport {
  /** Index of the image in the request. */
  index: number;
  /** Number of faces detected in the image. */
  faceCount: number;
  /** Box of the face used, in image pixels; `null` without a usable face. */
  box: { x: number; y: number; width: number; height: number } | null;
  /** 0–1: detector confidence × sharpness × size. */
  quality: number;
  /** Degrees. */
  pose: { yaw: number; pitch: number; roll: number } | null;
  attributes: { age: number | null; gender: string | null; genderScore: number | null };
  reason: NegativeReason | null;
}

/** Answer of face analysis `POST /inference`. */
export interface FaceAnalysis {
  /** Symmetric 0–100 similarity matrix keyed by image index; a pair passes at ≥ 70. */
  biometric: Record<string, Record<string, number>>;
  faces: FaceReport[];
}

/** Kinds of active challenge the element can ask for. */
export type ChallengeKind = 'turn-left' | 'turn-right' | 'blink' | 'nod' | 'smile';

/** Liveness signals measured on the device by the element's worker (all optional). */
export interface LivenessSignals {
  /** Active challenges asked, with the device's own verdict and the frame showing it. */
  challenges?: { kind: ChallengeKind; passed: boolean; frameIndex?: number }[];
  /** Yaw per submitted frame, degrees, as the device measured it. */
  yaw?: number[];
  /** Eyes open per submitted frame, as the device measured it. */
  eyesOpen?: boolean[];
  /** Where the frames came from. */
  captureSource?: 'camera' | 'upload' | 'native';
}

/** One anti-spoofing signal: a spoof likelihood 0–1 and the measurement behind it. */
export interface SpoofSignal {
  /** 0 = looks live, 1 = looks like a spoof; `null` when the signal could not be measured. */
  score: number | null;
  /** Weight of the signal in the verdict. */
  weight: number;
  /** The measured values, for audit. */
  detail: Record<string, number | string | boolean | null>;
}

/**
 * What the frames show about the element's claimed active challenge: `confirmed` (every claimed
 * challenge is in the frames), `contradicted` (faces were measured and the change is not there),
 * `inconclusive` (too few frames with a measurable face to tell: a retake, not a spoof), `absent`
 * (no challenge claimed as passed).
 */
export type ChallengeVerdict = 'confirmed' | 'contradicted' | 'inconclusive' | 'absent';

/** Answer of anti-spoofing `POST /inference`. */
export interface SpoofAnalysis {
  spoofing: boolean;
  /**
   * The claimed challenge re-verified on the frames, whatever the spoofing verdict: the caller
   * judges liveness from it even where it does not act on `spoofing`.
   */
  challenge: ChallengeVerdict;
  /** 0–1 spoof likelihood (the verdict is `score ≥ 0.5`, or a hard signal). */
  score: number;
  signals: Record<string, SpoofSignal>;
  reason: NegativeReason | null;
}
