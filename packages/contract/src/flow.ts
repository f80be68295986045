import { Type, type Static } from 'typebox';
import { DateTime, FilePart, Nullable, StringEnum, Uuid } from './common.js';
import {
  MAX_SELFIE_FRAMES,
  SELFIE_CHALLENGE_MAX_MS,
  SELFIE_CHALLENGE_MAX_SAMPLES,
} from './limits.js';
import { DocumentTypeChoice, HandoffMode, LinkType, LocationPermission, Plan } from './link.js';
import { GateRules } from './gate-rules.js';
import { Method, VerificationStatus, VerificationStep } from './verification.js';

export const CaptureKind = StringEnum(['front', 'back', 'selfie'] as const);
/** A capture the flow may ask for. */
export type CaptureKind = 'front' | 'back' | 'selfie';

const Retries = Type.Object({
  front: Type.Integer(),
  back: Type.Integer(),
  selfie: Type.Integer(),
});

/** `FlowSession` of DESIGN §5. */
export const FlowSession = Type.Object(
  {
    verificationId: Uuid,
    linkId: Uuid,
    status: VerificationStatus,
    step: VerificationStep,
    method: Method,
    operationGuid: Nullable(Type.String()),
    type: LinkType,
    // The document the person shows; null until chosen with `POST /flow/document-type` (a link
    // that allows one type has it chosen).
    documentType: Nullable(DocumentTypeChoice),
    documentTypes: Type.Array(DocumentTypeChoice, {
      description: 'The document types the link allows.',
    }),
    requiredCaptures: Type.Array(CaptureKind),
    completedCaptures: Type.Array(CaptureKind),
    remainingRetries: Retries,
    termsAccepted: Type.Boolean(),
    expiresAt: DateTime,
    callbackUrl: Nullable(Type.String()),
    company: Type.Object({
      name: Type.String(),
      color: Type.String(),
      logoUrl: Nullable(Type.String()),
      plan: Plan,
      antiSpoofing: Type.Boolean(),
      allowUploadedSelfie: Type.Boolean({
        description:
          'Whether a selfie without a live challenge (an uploaded photo, the manual button, the platform camera) may pass. Off by default: the service refuses such a selfie with `LIVENESS_REQUIRED`, so a device offers only the live challenge.',
      }),
      handoffMode: HandoffMode,
      gateRules: GateRules,
      locationPermission: LocationPermission,
    }),
  },
  { title: 'FlowSession' },
);
export type FlowSession = Static<typeof FlowSession>;

/** `POST /flow/sessions` answer: the session and the token of this device. */
export const CreatedFlowSession = Type.Object(
  { ...FlowSession.properties, sessionToken: Type.String() },
  { title: 'CreatedFlowSession' },
);
export type CreatedFlowSession = Static<typeof CreatedFlowSession>;

export const OpenSessionBody = Type.Object(
  {
    linkId: Uuid,
    handoffToken: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  },
  { additionalProperties: false },
);
export type OpenSessionBody = Static<typeof OpenSessionBody>;

export const TermsBody = Type.Object(
  { accepted: Type.Literal(true) },
  { additionalProperties: false },
);
export type TermsBody = Static<typeof TermsBody>;

export const DocumentTypeBody = Type.Object(
  { documentType: DocumentTypeChoice },
  { additionalProperties: false },
);
export type DocumentTypeBody = Static<typeof DocumentTypeBody>;

export const HandoffTicket = Type.Object(
  { handoffUrl: Type.String(), handoffToken: Type.String(), expiresAt: DateTime },
  { title: 'HandoffTicket' },
);
export type HandoffTicket = Static<typeof HandoffTicket>;

/** `CaptureResult` of DESIGN §5. */
export const CaptureResult = Type.Object(
  {
    accepted: Type.Boolean(),
    status: VerificationStatus,
    step: VerificationStep,
    remainingRetries: Type.Integer(),
    error: Type.Optional(
      Type.Object({
        code: Type.String(),
        message: Type.String(),
        /** `SIDES_MISMATCH`: the fields on which the document's readings disagree. */
        mismatches: Type.Optional(Type.Array(Type.String())),
      }),
    ),
    next: StringEnum(['front', 'back', 'selfie', 'done'] as const),
  },
  { title: 'CaptureResult' },
);
export type CaptureResult = Static<typeof CaptureResult>;

const CaptureSource = StringEnum(['camera', 'upload', 'native'] as const);
const Score = Type.Number({ minimum: 0, maximum: 1 });
const Degrees = Type.Number({ minimum: -180, maximum: 180 });
const Pixels = Type.Integer({ minimum: 1, maximum: 100_000 });

/** `meta` of a document capture (front or back), as the element sends it. */
export const DocumentCaptureMeta = Type.Object(
  {
    source: CaptureSource,
    quality: Nullable(
      Type.Object(
        {
          blur: Type.Number({
            minimum: 0,
            maximum: 1e7,
            description:
              'sharpness: variance of the Laplacian, on the element scale (higher is sharper)',
          }),
          brightness: Score,
          glare: Score,
          fill: Score,
          score: Score,
        },
        { additionalProperties: false },
      ),
    ),
    width: Pixels,
    height: Pixels,
    autoCaptured: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type DocumentCaptureMeta = Static<typeof DocumentCaptureMeta>;

/** `meta` of the selfie: the active challenge with its samples, and the pose of each sent frame. */
export const SelfieCaptureMeta = Type.Object(
  {
    source: CaptureSource,
    challenge: Nullable(
      Type.Object(
        {
          type: StringEnum(['turn-left', 'turn-right', 'blink'] as const),
          passed: Type.Boolean(),
          durationMs: Type.Integer({ minimum: 0, maximum: SELFIE_CHALLENGE_MAX_MS }),
          samples: Type.Array(
            Type.Object(
              {
                t: Type.Number({ minimum: 0, maximum: SELFIE_CHALLENGE_MAX_MS }),
                yaw: Degrees,
                pitch: Degrees,
                roll: Degrees,
                eyeOpenness: Score,
              },
              { additionalProperties: false },
            ),
            { maxItems: SELFIE_CHALLENGE_MAX_SAMPLES },
          ),
        },
        { additionalProperties: false },
      ),
    ),
    frames: Type.Array(
      Type.Object(
        {
          role: StringEnum(['frontal', 'challenge'] as const),
          yaw: Degrees,
          pitch: Degrees,
          eyeOpenness: Score,
        },
        { additionalProperties: false },
      ),
      // Empty when the device measured no pose (a native or uploaded photo without face models);
      // otherwise one entry per sent frame, in order (checked by the route).
      { minItems: 0, maxItems: MAX_SELFIE_FRAMES },
    ),
  },
  { additionalProperties: false },
);
export type SelfieCaptureMeta = Static<typeof SelfieCaptureMeta>;

/** Headers of every flow call but the first: the session token of this device. */
export const FlowSessionHeaders = Type.Object({ 'x-flow-session': Type.Optional(Type.String()) });
export type FlowSessionHeaders = Static<typeof FlowSessionHeaders>;

/** Path of `POST /flow/captures/{kind}`. */
export const CaptureParams = Type.Object({ kind: CaptureKind });
export type CaptureParams = Static<typeof CaptureParams>;

/**
 * Multipart body of `POST /flow/captures/{kind}` (documented; the route reads the parts itself and
 * checks `meta`, JSON text, against {@link DocumentCaptureMeta} or {@link SelfieCaptureMeta}).
 */
export const CaptureMultipartBody = Type.Object({
  image: Type.Optional({
    ...FilePart,
    description: '`front`, `back`: the document side (JPEG, PNG or WebP, ≤ 10 MB)',
  }),
  frames: Type.Optional(
    Type.Array(FilePart, {
      minItems: 1,
      maxItems: MAX_SELFIE_FRAMES,
      description: '`selfie`: 1–5 frames (JPEG), one part each',
    }),
  ),
  meta: Type.String({ description: 'JSON, see the description' }),
});
