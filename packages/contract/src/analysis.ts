import { Type, type Static } from 'typebox';
import { FilePart, Nullable, StringEnum } from './common.js';

/*
 * The companion analysis APIs (DESIGN §7; spec "Companion analysis APIs": ID analysis `POST /front`
 * and `POST /back`, face analysis `POST /inference`, anti-spoofing `POST /inference`, each behind
 * an `Api-Key` header). `@idv/analysis` serves and documents them with these schemas, and the
 * server's pipeline reads their answers through these types, whether it calls the services over
 * HTTP or runs the same engine in process.
 */

/** Document kinds the ID analysis recognises. */
export const AnalysisDocumentType = StringEnum([
  'ID_CARD',
  'PASSPORT',
  'DRIVING_LICENSE',
  'RESIDENCE_PERMIT',
  'UNKNOWN',
] as const);
export type AnalysisDocumentType = Static<typeof AnalysisDocumentType>;

/** Why an analysis gave a negative result (the request itself was valid). */
export const AnalysisNegativeReason = StringEnum([
  'NO_DOCUMENT',
  'NO_TEXT',
  'NO_MRZ',
  'NO_FACE',
  'MULTIPLE_FACES',
  'FACE_TOO_SMALL',
] as const);
export type AnalysisNegativeReason = Static<typeof AnalysisNegativeReason>;

/** The spec's `data` fields read from a document; `null` when not read. Dates are `YYYY-MM-DD`. */
export const AnalysisDocumentFields = Type.Object({
  firstNames: Nullable(Type.String()),
  lastNames: Nullable(Type.String()),
  name: Nullable(Type.String()),
  birthDate: Nullable(Type.String()),
  dateOfIssue: Nullable(Type.String()),
  dateOfExpiry: Nullable(Type.String()),
  idNumber: Nullable(Type.String()),
  nationality: Nullable(
    Type.String({
      description: 'ISO 3166-1 alpha-3 code (or the ICAO code for special nationalities).',
    }),
  ),
  gender: Nullable(Type.String({ description: 'As printed: `M`, `F` or `X`.' })),
  adult: Nullable(
    Type.Boolean({
      description: 'Adult (18 or older today) by birth date; `null` without a birth date.',
    }),
  ),
});
export type AnalysisDocumentFields = Static<typeof AnalysisDocumentFields>;

/** The names of {@link AnalysisDocumentFields}, as cross-checks name the fields they compare. */
export const AnalysisFieldName = StringEnum([
  'firstNames',
  'lastNames',
  'name',
  'birthDate',
  'dateOfIssue',
  'dateOfExpiry',
  'idNumber',
  'nationality',
  'gender',
  'adult',
] as const);
export type AnalysisFieldName = Static<typeof AnalysisFieldName>;

/** A point in the pixel coordinates of the submitted image. */
export const AnalysisPoint = Type.Object({ x: Type.Number(), y: Type.Number() });
export type AnalysisPoint = Static<typeof AnalysisPoint>;

/** Corners of the document (top-left, top-right, bottom-right, bottom-left), or `null`. */
const DocumentQuad = Nullable(Type.Array(AnalysisPoint, { minItems: 4, maxItems: 4 }));

/**
 * Image quality of the document region, each 0–1: `blur` 0 = sharp, 1 = unreadable; `glare` the
 * share of blown-out pixels; `brightness` the mean luminance.
 */
export const AnalysisQuality = Type.Object({
  blur: Type.Number(),
  glare: Type.Number(),
  brightness: Type.Number(),
});
export type AnalysisQuality = Static<typeof AnalysisQuality>;

/** Result of one MRZ check digit: the digit as read and the one computed from what it protects. */
export const MrzCheck = Type.Object({
  valid: Type.Boolean(),
  read: Nullable(Type.String()),
  expected: Nullable(Type.String()),
});
export type MrzCheck = Static<typeof MrzCheck>;

/** A character changed by check-digit-guided repair. */
export const MrzRepair = Type.Object({
  line: Type.Number(),
  column: Type.Number(),
  from: Type.String(),
  to: Type.String(),
});
export type MrzRepair = Static<typeof MrzRepair>;

/** The machine-readable zone as read. */
export const MrzResult = Type.Object({
  format: StringEnum(['TD1', 'TD2', 'TD3'] as const),
  raw: Type.String({ description: 'The MRZ lines, joined by `\\n`, after repair.' }),
  valid: Type.Boolean({ description: 'Every check digit and field valid.' }),
  checks: Type.Record(Type.String(), MrzCheck, {
    description:
      'Check digits by name: `documentNumber`, `birthDate`, `expirationDate`, `personalNumber`, `composite`.',
  }),
  fields: Type.Object({
    documentCode: Nullable(Type.String()),
    issuingState: Nullable(Type.String()),
    documentNumber: Nullable(Type.String()),
    lastName: Nullable(Type.String()),
    firstName: Nullable(Type.String()),
    nationality: Nullable(Type.String()),
    birthDate: Nullable(Type.String()),
    sex: Nullable(Type.String()),
    expirationDate: Nullable(Type.String()),
    optional: Nullable(Type.String()),
  }),
  repairs: Type.Array(MrzRepair, {
    description:
      'Characters changed by the repair (a tampered check digit is never "repaired" into validity).',
  }),
  reader: StringEnum(['paddleocr', 'tesseract', 'glyphs'] as const, {
    description:
      'Which reader produced the accepted lines: PaddleOCR, tesseract, or the OCR-B glyph classifier (the last look at a band no OCR read).',
  }),
});
export type MrzResult = Static<typeof MrzResult>;

/**
 * The identity fields one barcode carries, as the analysis read them from its payload
 * (`BarcodeResult.fields`): only the fields it names, never empty.
 */
export const BarcodeFieldReadings = Type.Object(
  {
    lastNames: Type.Optional(Type.String()),
    firstNames: Type.Optional(Type.String()),
    birthDate: Type.Optional(Type.String({ description: '`YYYY-MM-DD`.' })),
    gender: Type.Optional(Type.String({ description: '`M`, `F` or `X`.' })),
    nationality: Type.Optional(Type.String()),
    idNumber: Type.Optional(Type.String()),
    dateOfExpiry: Type.Optional(Type.String({ description: '`YYYY-MM-DD`.' })),
  },
  {
    description:
      'The identity fields the payload carries: the `IDV1|…` layout field by field, or an embedded MRZ that passes its check digits; `{}` when it names none (a URL). Absent from answers older than this field (`pipeLayoutFields` of `@idv/contract` reads the `IDV1|…` layout from `raw`).',
  },
);
export type BarcodeFieldReadings = Static<typeof BarcodeFieldReadings>;

/** A decoded barcode: `format` as zxing names it (`PDF417`, `QRCode`, …). */
export const BarcodeResult = Type.Object({
  format: Type.String(),
  raw: Type.String(),
  fields: Type.Optional(BarcodeFieldReadings),
});
export type BarcodeResult = Static<typeof BarcodeResult>;

/** One field on which the readings disagree and no evidence decides. */
export const FieldMismatch = Type.Object({
  field: AnalysisFieldName,
  front: Nullable(
    Type.String({
      description: "The visual zone's reading (a card's front, a passport's printed page).",
    }),
  ),
  back: Nullable(Type.String({ description: "The MRZ's reading." })),
  barcode: Type.Optional(
    Nullable(Type.String({ description: "The barcode's reading, when it carries the field." })),
  ),
});
export type FieldMismatch = Static<typeof FieldMismatch>;

/** Where a field's value came from: the MRZ, the visual zone, a barcode. */
export const IdentitySource = StringEnum(['mrz', 'viz', 'barcode'] as const);
export type IdentitySource = Static<typeof IdentitySource>;

/** A disagreement between readings settled by evidence, kept for audit. */
export const FieldResolution = Type.Object({
  field: AnalysisFieldName,
  value: Type.String({ description: 'The value kept.' }),
  sources: Type.Array(IdentitySource, {
    description: 'The readings that give this value (after the repair, when one was made).',
  }),
  evidence: StringEnum(
    ['check-digit', 'barcode', 'icao-code', 'name-rules', 'ocr-confusion'] as const,
    {
      description:
        '`check-digit` (the other reading fails the MRZ check digit), `barcode` (the exact barcode value, consistent with the check digit), `icao-code` (the only known ICAO code among the OCR confusions of an unknown one, confirmed by another reading), `name-rules` (the MRZ name is the printed name by ICAO 9303 transliteration or truncation), `ocr-confusion` (the readings agree once a known OCR confusion is undone).',
    },
  ),
});
export type FieldResolution = Static<typeof FieldResolution>;

/** The MRZ, the visual zone and the barcodes compared field by field. */
export const CrossCheck = Type.Object({
  consistent: Type.Boolean({ description: 'No field is left in disagreement.' }),
  compared: Type.Array(AnalysisFieldName, {
    description: 'Fields read by at least two readings and compared.',
  }),
  mismatches: Type.Array(FieldMismatch, {
    description: 'Fields on which the readings disagree: the side is refused (`SIDES_MISMATCH`).',
  }),
  resolutions: Type.Optional(
    Type.Array(FieldResolution, {
      description: 'Disagreements settled by evidence (absent from older answers).',
    }),
  ),
});
export type CrossCheck = Static<typeof CrossCheck>;

/**
 * The diacritics seen above the characters of `ocrRaw`, which its OCR cannot read: one symbol per
 * character, lines as in `ocrRaw` (`.` none, `:` a diaeresis, `'` an acute accent, `^` another
 * mark, `?` either, `_` a gap between words that the text lacks, placed to one character, `|` such
 * a gap right after this character, placed exactly). The back's cross-check writes an MRZ-cut
 * name's printed tail as these marks tell, and refuses to complete it where a mark cannot be
 * written. Absent from engines older than this field.
 */
const OcrMarks = Type.String({ maxLength: 20_000, pattern: "^[.:'^?_|\\n]*$" });

/** Answer of ID analysis `POST /front`. */
export const FrontAnalysis = Type.Object(
  {
    documentType: AnalysisDocumentType,
    country: Nullable(
      Type.String({ description: 'Issuing country, ISO 3166-1 alpha-3; `null` when unknown.' }),
    ),
    fields: AnalysisDocumentFields,
    faceImage: Nullable(
      Type.String({
        description: 'Base64 JPEG of the cropped portrait; `null` when no face was found.',
      }),
    ),
    documentQuad: DocumentQuad,
    quality: AnalysisQuality,
    ocrRaw: Type.String(),
    ocrMarks: Type.Optional(OcrMarks),
    confidence: Type.Number({ description: '0–1: how much of the expected content was read.' }),
    reason: Nullable(AnalysisNegativeReason),
    mrz: Type.Optional(
      Type.Union([MrzResult, Type.Null()], {
        description:
          'The MRZ of a page that carries one (a passport data page), as read, whether or not it passed its checks (its fields are in `fields` only when it did); `null` when none was read.',
      }),
    ),
    crossCheck: Type.Optional(Nullable(CrossCheck)),
  },
  { title: 'FrontAnalysis' },
);
export type FrontAnalysis = Static<typeof FrontAnalysis>;

/** Answer of ID analysis `POST /back`. */
export const BackAnalysis = Type.Object(
  {
    documentType: AnalysisDocumentType,
    country: Nullable(Type.String()),
    mrz: Nullable(MrzResult),
    barcode: Nullable(BarcodeResult),
    barcodes: Type.Array(BarcodeResult),
    fields: AnalysisDocumentFields,
    crossCheck: CrossCheck,
    documentQuad: DocumentQuad,
    quality: AnalysisQuality,
    ocrRaw: Type.String(),
    confidence: Type.Number(),
    reason: Nullable(AnalysisNegativeReason),
  },
  { title: 'BackAnalysis' },
);
export type BackAnalysis = Static<typeof BackAnalysis>;

/** A face found in one of the compared images. */
export const FaceReport = Type.Object({
  index: Type.Number({ description: 'Index of the image in the request.' }),
  faceCount: Type.Number({ description: 'Number of faces detected in the image.' }),
  box: Nullable(
    Type.Object({
      x: Type.Number(),
      y: Type.Number(),
      width: Type.Number(),
      height: Type.Number(),
    }),
  ),
  quality: Type.Number({ description: '0–1: detector confidence × sharpness × size.' }),
  pose: Nullable(Type.Object({ yaw: Type.Number(), pitch: Type.Number(), roll: Type.Number() })),
  attributes: Type.Object({
    age: Nullable(Type.Number()),
    gender: Nullable(Type.String()),
    genderScore: Nullable(Type.Number()),
  }),
  reason: Nullable(AnalysisNegativeReason),
});
export type FaceReport = Static<typeof FaceReport>;

/** Answer of face analysis `POST /inference`. */
export const FaceAnalysis = Type.Object(
  {
    biometric: Type.Record(Type.String(), Type.Record(Type.String(), Type.Number()), {
      description:
        'Symmetric 0–100 similarity matrix keyed by image index; a pair passes at 70 or more.',
    }),
    faces: Type.Array(FaceReport),
  },
  { title: 'FaceAnalysis' },
);
export type FaceAnalysis = Static<typeof FaceAnalysis>;

/** Kinds of active challenge the element can ask for. */
export const ChallengeKind = StringEnum([
  'turn-left',
  'turn-right',
  'blink',
  'nod',
  'smile',
] as const);
export type ChallengeKind = Static<typeof ChallengeKind>;

/**
 * The `signals` multipart field of anti-spoofing: liveness signals measured on the device by the
 * element's worker (all optional).
 */
export const LivenessSignals = Type.Object(
  {
    challenges: Type.Optional(
      Type.Array(
        Type.Object(
          {
            kind: ChallengeKind,
            passed: Type.Boolean(),
            frameIndex: Type.Optional(Type.Integer({ minimum: 0, maximum: 4 })),
          },
          { additionalProperties: false },
        ),
        {
          maxItems: 10,
          description:
            "Active challenges asked, with the device's own verdict and the frame showing it.",
        },
      ),
    ),
    yaw: Type.Optional(
      Type.Array(Type.Number(), {
        maxItems: 5,
        description: 'Yaw per submitted frame, degrees, as the device measured it.',
      }),
    ),
    eyesOpen: Type.Optional(
      Type.Array(Type.Boolean(), {
        maxItems: 5,
        description: 'Eyes open per submitted frame, as the device measured it.',
      }),
    ),
    captureSource: Type.Optional(StringEnum(['camera', 'upload', 'native'] as const)),
  },
  { additionalProperties: false, title: 'LivenessSignals' },
);
export type LivenessSignals = Static<typeof LivenessSignals>;

/** One anti-spoofing signal: a spoof likelihood 0–1 and the measurement behind it. */
export const SpoofSignal = Type.Object({
  score: Nullable(
    Type.Number({
      description: '0 = looks live, 1 = looks like a spoof; `null` when it could not be measured.',
    }),
  ),
  weight: Type.Number({ description: 'Weight of the signal in the verdict.' }),
  detail: Type.Record(
    Type.String(),
    Type.Union([Type.Number(), Type.String(), Type.Boolean(), Type.Null()]),
    { description: 'The measured values, for audit.' },
  ),
});
export type SpoofSignal = Static<typeof SpoofSignal>;

/**
 * What the frames show about the element's claimed active challenge: `confirmed` (every claimed
 * challenge is in the frames), `contradicted` (faces were measured and the change is not there),
 * `inconclusive` (too few frames with a measurable face to tell: a retake, not a spoof), `absent`
 * (no challenge claimed as passed).
 */
export const ChallengeVerdict = StringEnum(
  ['confirmed', 'contradicted', 'inconclusive', 'absent'] as const,
  {
    description:
      'The claimed active challenge re-verified on the frames: confirmed, contradicted (faces measured, the change absent), inconclusive (too few frames with a measurable face), absent (none claimed as passed).',
  },
);
export type ChallengeVerdict = Static<typeof ChallengeVerdict>;

/** Answer of anti-spoofing `POST /inference`. */
export const SpoofAnalysis = Type.Object(
  {
    spoofing: Type.Boolean(),
    challenge: ChallengeVerdict,
    score: Type.Number({
      description: '0–1 spoof likelihood (the verdict is `score ≥ 0.5`, or a hard signal).',
    }),
    signals: Type.Record(Type.String(), SpoofSignal),
    reason: Nullable(AnalysisNegativeReason),
  },
  { title: 'SpoofAnalysis' },
);
export type SpoofAnalysis = Static<typeof SpoofAnalysis>;

/**
 * The `front` multipart field of `POST /id/back`: a previous front answer. Its fields and country
 * are compared with the MRZ; its `ocrRaw` lines are where the printed names are looked for when
 * their labels were not read.
 */
export const AnalysisFrontInput = Type.Object(
  {
    fields: AnalysisDocumentFields,
    ocrRaw: Type.Optional(Type.String({ maxLength: 20_000 })),
    ocrMarks: Type.Optional(OcrMarks),
  },
  { title: 'AnalysisFrontInput' },
);
export type AnalysisFrontInput = Static<typeof AnalysisFrontInput>;

/** Multipart body of ID analysis `POST /front`. */
export const FrontAnalysisMultipartBody = Type.Object({
  image: { ...FilePart, description: 'The document side (JPEG, PNG or WebP, ≤ 10 MB).' },
});

/** Multipart body of ID analysis `POST /back`. */
export const BackAnalysisMultipartBody = Type.Object({
  image: { ...FilePart, description: 'The back (JPEG, PNG or WebP, ≤ 10 MB).' },
  front: Type.Optional(
    Type.String({
      description: 'JSON text of `AnalysisFrontInput` (the front answer), to cross-check with.',
    }),
  ),
});

/** Multipart body of face analysis `POST /inference`. */
export const FaceAnalysisMultipartBody = Type.Object({
  images: Type.Array(FilePart, {
    minItems: 2,
    maxItems: 10,
    description: '2–10 images, one part each; index 0 is the selfie.',
  }),
});

/** Multipart body of anti-spoofing `POST /inference`. */
export const SpoofAnalysisMultipartBody = Type.Object({
  images: Type.Array(FilePart, {
    minItems: 1,
    maxItems: 5,
    description: '1–5 selfie frames, one part each.',
  }),
  signals: Type.Optional(Type.String({ description: 'JSON text of `LivenessSignals`.' })),
});

/** `GET /health` of the analysis service. */
export const AnalysisHealth = Type.Object({ status: Type.Literal('ok') });
export type AnalysisHealth = Static<typeof AnalysisHealth>;
