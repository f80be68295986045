import { Type, type Static } from 'typebox';

/** TypeBox schemas of the analysis answers (DESIGN.md §7); they serialise and document every route. */

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);

export const ErrorResponse = Type.Object(
  { type: Type.Literal('ErrorResponse'), message: Type.String() },
  { additionalProperties: false },
);

export const Health = Type.Object({ status: Type.Literal('ok') });

const PointSchema = Type.Object({ x: Type.Number(), y: Type.Number() });
const Quad = Nullable(Type.Array(PointSchema, { minItems: 4, maxItems: 4 }));
const Quality = Type.Object({
  blur: Type.Number(),
  glare: Type.Number(),
  brightness: Type.Number(),
});
const Reason = Nullable(
  Type.Union(
    ['NO_DOCUMENT', 'NO_TEXT', 'NO_MRZ', 'NO_FACE', 'MULTIPLE_FACES', 'FACE_TOO_SMALL'].map((r) =>
      Type.Literal(r),
    ),
  ),
);
const DocumentTypeSchema = Type.Union(
  ['ID_CARD', 'PASSPORT', 'DRIVING_LICENSE', 'RESIDENCE_PERMIT', 'UNKNOWN'].map((t) =>
    Type.Literal(t),
  ),
);

export const DocumentFieldsSchema = Type.Object({
  firstNames: Nullable(Type.String()),
  lastNames: Nullable(Type.String()),
  name: Nullable(Type.String()),
  birthDate: Nullable(Type.String()),
  dateOfIssue: Nullable(Type.String()),
  dateOfExpiry: Nullable(Type.String()),
  idNumber: Nullable(Type.String()),
  nationality: Nullable(Type.String()),
  gender: Nullable(Type.String()),
  adult: Nullable(Type.Boolean()),
});

const MrzCheckSchema = Type.Object({
  valid: Type.Boolean(),
  read: Nullable(Type.String()),
  expected: Nullable(Type.String()),
});

const MrzSchema = Type.Object({
  format: Type.Union([Type.Literal('TD1'), Type.Literal('TD2'), Type.Literal('TD3')]),
  raw: Type.String(),
  valid: Type.Boolean(),
  checks: Type.Record(Type.String(), MrzCheckSchema),
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
  repairs: Type.Array(
    Type.Object({
      line: Type.Number(),
      column: Type.Number(),
      from: Type.String(),
      to: Type.String(),
    }),
  ),
  reader: Type.Union([Type.Literal('paddleocr'), Type.Literal('tesseract')]),
});

const Barcode = Type.Object({ format: Type.String(), raw: Type.String() });

/** The MRZ, the visual zone and the barcodes compared field by field (`CrossCheck`). */
const CrossCheckSchema = Type.Object({
  consistent: Type.Boolean(),
  compared: Type.Array(Type.String()),
  mismatches: Type.Array(
    Type.Object({
      field: Type.String(),
      front: Nullable(Type.String()),
      back: Nullable(Type.String()),
      barcode: Type.Optional(Nullable(Type.String())),
    }),
  ),
  resolutions: Type.Optional(
    Type.Array(
      Type.Object({
        field: Type.String(),
        value: Type.String(),
        sources: Type.Array(Type.String()),
        evidence: Type.String(),
      }),
    ),
  ),
});

export const FrontAnalysisSchema = Type.Object({
  documentType: DocumentTypeSchema,
  country: Nullable(Type.String()),
  fields: DocumentFieldsSchema,
  faceImage: Nullable(Type.String()),
  documentQuad: Quad,
  quality: Quality,
  ocrRaw: Type.String(),
  ocrMarks: Type.Optional(Type.String()),
  confidence: Type.Number(),
  reason: Reason,
  mrz: Type.Optional(Nullable(MrzSchema)),
  crossCheck: Type.Optional(Nullable(CrossCheckSchema)),
});

export const BackAnalysisSchema = Type.Object({
  documentType: DocumentTypeSchema,
  country: Nullable(Type.String()),
  mrz: Nullable(MrzSchema),
  barcode: Nullable(Barcode),
  barcodes: Type.Array(Barcode),
  fields: DocumentFieldsSchema,
  crossCheck: CrossCheckSchema,
  documentQuad: Quad,
  quality: Quality,
  ocrRaw: Type.String(),
  confidence: Type.Number(),
  reason: Reason,
});

export const FaceAnalysisSchema = Type.Object({
  biometric: Type.Record(Type.String(), Type.Record(Type.String(), Type.Number())),
  faces: Type.Array(
    Type.Object({
      index: Type.Number(),
      faceCount: Type.Number(),
      box: Nullable(
        Type.Object({
          x: Type.Number(),
          y: Type.Number(),
          width: Type.Number(),
          height: Type.Number(),
        }),
      ),
      quality: Type.Number(),
      pose: Nullable(
        Type.Object({ yaw: Type.Number(), pitch: Type.Number(), roll: Type.Number() }),
      ),
      attributes: Type.Object({
        age: Nullable(Type.Number()),
        gender: Nullable(Type.String()),
        genderScore: Nullable(Type.Number()),
      }),
      reason: Reason,
    }),
  ),
});

export const SpoofAnalysisSchema = Type.Object({
  spoofing: Type.Boolean(),
  challenge: Type.Union(
    [
      Type.Literal('confirmed'),
      Type.Literal('contradicted'),
      Type.Literal('inconclusive'),
      Type.Literal('absent'),
    ],
    {
      description:
        'The claimed active challenge re-verified on the frames: confirmed, contradicted (faces measured, the change absent), inconclusive (too few frames with a measurable face), absent (none claimed as passed).',
    },
  ),
  score: Type.Number(),
  signals: Type.Record(
    Type.String(),
    Type.Object({
      score: Nullable(Type.Number()),
      weight: Type.Number(),
      detail: Type.Record(
        Type.String(),
        Type.Union([Type.Number(), Type.String(), Type.Boolean(), Type.Null()]),
      ),
    }),
  ),
  reason: Reason,
});

/** The `signals` multipart field of anti-spoofing (the element's liveness signals). */
export const LivenessSignalsSchema = Type.Object(
  {
    challenges: Type.Optional(
      Type.Array(
        Type.Object(
          {
            kind: Type.Union(
              ['turn-left', 'turn-right', 'blink', 'nod', 'smile'].map((k) => Type.Literal(k)),
            ),
            passed: Type.Boolean(),
            frameIndex: Type.Optional(Type.Integer({ minimum: 0, maximum: 4 })),
          },
          { additionalProperties: false },
        ),
        { maxItems: 10 },
      ),
    ),
    yaw: Type.Optional(Type.Array(Type.Number(), { maxItems: 5 })),
    eyesOpen: Type.Optional(Type.Array(Type.Boolean(), { maxItems: 5 })),
    captureSource: Type.Optional(
      Type.Union([Type.Literal('camera'), Type.Literal('upload'), Type.Literal('native')]),
    ),
  },
  { additionalProperties: false },
);

/**
 * The `front` multipart field of `POST /id/back`: a previous front answer. Its fields and country
 * are compared with the MRZ; its `ocrRaw` lines are where the printed names are looked for when
 * their labels were not read.
 */
export const FrontInputSchema = Type.Object({
  fields: DocumentFieldsSchema,
  ocrRaw: Type.Optional(Type.String({ maxLength: 20_000 })),
  /** The marks above `ocrRaw`'s characters, as the front answer gives them. */
  ocrMarks: Type.Optional(Type.String({ maxLength: 20_000, pattern: '^[.:^?_\\n]*$' })),
});

export type FrontInput = Static<typeof FrontInputSchema>;
