import { Type, type Static } from 'typebox';
import { DateTime, Nullable, StringEnum, Uuid } from './common.js';
import { DOCUMENT_TYPES } from './link.js';

export const VerificationStatus = StringEnum([
  'pending',
  'started',
  'expired',
  'success',
  'failed',
] as const);
/** Status of a verification (spec "Verification status"). */
export type VerificationStatus = 'pending' | 'started' | 'expired' | 'success' | 'failed';
export const VerificationStep = StringEnum([
  'NEW_OPERATION',
  'ADD_FRONT',
  'ADD_BACK',
  'END_OPERATION',
] as const);
export type VerificationStep = Static<typeof VerificationStep>;
export const Method = Nullable(StringEnum(['FACE', 'DOCUMENT'] as const));
export type Method = Static<typeof Method>;
export const LocationSource = StringEnum(['gps', 'wifi', 'cell', 'ip', 'none'] as const);
export type LocationSource = Static<typeof LocationSource>;
export const LocationPermissionState = StringEnum(['granted', 'denied', 'prompt'] as const);
export type LocationPermissionState = Static<typeof LocationPermissionState>;
export const LocationPolicy = StringEnum(['never', 'optional', 'required'] as const);
export type LocationPolicy = Static<typeof LocationPolicy>;
export const LocationTier = StringEnum(['precise', 'approximate', 'coarse', 'unknown'] as const);
export type LocationTier = Static<typeof LocationTier>;

const Coordinate = (max: number) =>
  Type.String({
    pattern: '^-?\\d{1,3}(\\.\\d+)?$',
    maxLength: 32,
    description: `decimal degrees, |value| <= ${max}`,
  });

/** Geolocation keys the device may send on `PATCH /verifications` (strict: nothing else). */
export const ReportedGeolocation = Type.Object(
  {
    ip: Type.Optional(
      Type.String({ maxLength: 45, description: 'IP attributed to the client (client-declared)' }),
    ),
    accuracyRadius: Type.Optional(Type.Number({ minimum: 0, maximum: 20037, description: 'km' })),
    latitude: Type.Optional(Coordinate(90)),
    longitude: Type.Optional(Coordinate(180)),
    country: Type.Optional(Type.String({ maxLength: 100 })),
    city: Type.Optional(Type.String({ maxLength: 200 })),
    subdivisions: Type.Optional(Type.String({ maxLength: 200 })),
    accuracy: Type.Optional(
      Type.Number({
        minimum: 0,
        maximum: 1e8,
        description: 'metres, 95% confidence radius of the device fix',
      }),
    ),
    source: Type.Optional(LocationSource),
    permission: Type.Optional(LocationPermissionState),
    sample: Type.Optional(
      Type.String({ pattern: '^[a-z][a-z0-9_]{0,39}$', description: 'e.g. best_of_session' }),
    ),
    capturedAt: Type.Optional(DateTime),
    deviceLatitude: Type.Optional(Type.Number({ minimum: -90, maximum: 90 })),
    deviceLongitude: Type.Optional(Type.Number({ minimum: -180, maximum: 180 })),
  },
  { additionalProperties: false },
);
export type ReportedGeolocation = Static<typeof ReportedGeolocation>;

const geolocationShared = {
  ip: Type.Optional(Type.String()),
  accuracyRadius: Type.Optional(Type.Number()),
  latitude: Type.Optional(Type.String()),
  longitude: Type.Optional(Type.String()),
  country: Type.Optional(Type.String()),
  city: Type.Optional(Type.String()),
  subdivisions: Type.Optional(Type.String()),
  accuracy: Type.Optional(Type.Number()),
  source: Type.Optional(LocationSource),
  tier: LocationTier,
  permission: Type.Optional(LocationPermissionState),
  sample: Type.Optional(Type.String()),
  capturedAt: Type.Optional(Type.String()),
  deviceLatitude: Type.Optional(Type.Number()),
  deviceLongitude: Type.Optional(Type.Number()),
};

/** Geolocation in public answers: the authenticated-only fields are not in the schema, so never serialized. */
export const PublicGeolocation = Type.Object(geolocationShared, { title: 'PublicGeolocation' });
export type PublicGeolocation = Static<typeof PublicGeolocation>;

/** Geolocation in authenticated reads, with `policy`, `ipDistanceKm`, `serverIp`. */
export const Geolocation = Type.Object(
  {
    ...geolocationShared,
    policy: LocationPolicy,
    ipDistanceKm: Nullable(Type.Number()),
    serverIp: Type.String(),
  },
  { title: 'Geolocation' },
);
export type Geolocation = Static<typeof Geolocation>;

export const DocumentData = Type.Object(
  {
    firstNames: Type.Optional(Type.String()),
    lastNames: Type.Optional(Type.String()),
    name: Type.Optional(Type.String()),
    adult: Type.Optional(Type.Boolean()),
    nationality: Type.Optional(Type.String()),
    gender: Type.Optional(Type.String()),
    birthDate: Type.Optional(Type.String({ description: 'YYYY-MM-DD' })),
    dateOfIssue: Type.Optional(Type.String({ description: 'YYYY-MM-DD' })),
    dateOfExpiry: Type.Optional(Type.String({ description: 'YYYY-MM-DD' })),
    idNumber: Type.Optional(Type.String()),
    ocrRaw: Type.Optional(Type.String()),
    barcodeRaw: Type.Optional(Type.String()),
    documentType: Type.Optional(
      StringEnum(DOCUMENT_TYPES, {
        description:
          'The document shown (DESIGN §9): `ID_CARD` (front and back) or `PASSPORT` (the data page, as the front).',
      }),
    ),
  },
  { title: 'DocumentData' },
);
export type DocumentData = Static<typeof DocumentData>;

/** The authenticated verification record. */
export const VerificationRecord = Type.Object(
  {
    _id: Uuid,
    linkId: Uuid,
    companyId: Uuid,
    type: StringEnum(['FULL FLOW', 'ID ONLY'] as const),
    userName: Type.Optional(Type.String()),
    termsAndConditions: Type.Boolean(),
    images: Type.Object({
      addFront: Type.Optional(Uuid),
      addBack: Type.Optional(Uuid),
      register: Type.Array(Uuid),
    }),
    errorMessage: Nullable(Type.String()),
    errorCode: Nullable(Type.String()),
    step: VerificationStep,
    detectedDocumentCountry: Type.Optional(Type.String()),
    status: VerificationStatus,
    method: Method,
    operationGuid: Nullable(Type.String()),
    remainingRetries: Type.Object({
      front: Type.Integer(),
      back: Type.Integer(),
      selfie: Type.Integer(),
    }),
    externalUserId: Type.Optional(Type.String()),
    externalUserIdSource: Type.Optional(
      StringEnum(['api', 'identify'] as const, {
        description:
          'Where `externalUserId` came from: `api` (given by the account holder at link creation) or `identify` ' +
          '(typed by the person through `PATCH /verifications/identify`). Face-only re-verification compares only ' +
          'with references whose source is `api`.',
      }),
    ),
    metadata: Type.Record(Type.String(), Type.Unknown()),
    data: DocumentData,
    dataExpired: Type.Boolean(),
    expiresAt: DateTime,
    createdAt: DateTime,
    updatedAt: DateTime,
    geolocation: Type.Optional(Geolocation),
    device: Type.Optional(
      Type.Record(Type.String(), Type.Unknown(), { description: 'Connection fingerprint signals' }),
    ),
  },
  { title: 'Verification' },
);
export type VerificationRecord = Static<typeof VerificationRecord>;

export const VerificationPage = Type.Object({
  total: Type.Integer(),
  page: Type.Integer(),
  size: Type.Integer(),
  data: Type.Array(VerificationRecord),
});
export type VerificationPage = Static<typeof VerificationPage>;

/** Answer of the device-facing PATCH endpoints. */
export const PublicVerificationView = Type.Object(
  {
    _id: Uuid,
    status: VerificationStatus,
    step: VerificationStep,
    geolocation: Type.Optional(PublicGeolocation),
  },
  { title: 'PublicVerification' },
);
export type PublicVerificationView = Static<typeof PublicVerificationView>;

export const StatusWithOperation = Type.Object({
  status: VerificationStatus,
  operationGuid: Nullable(Type.String()),
  method: Method,
});
export type StatusWithOperation = Static<typeof StatusWithOperation>;

/** `{size}/{page}` path of `GET /verifications/{size}/{page}`. */
export const VerificationPageParams = Type.Object({
  size: Type.String({ maxLength: 20 }),
  page: Type.String({ maxLength: 20 }),
});
export type VerificationPageParams = Static<typeof VerificationPageParams>;

/** One image of a verification, as listed (the bytes are read one by one). */
export const ImageInfo = Type.Object({
  _id: Uuid,
  kind: StringEnum(['front', 'back', 'selfie'] as const),
  contentType: Type.String(),
  size: Type.Integer(),
  createdAt: DateTime,
});
export type ImageInfo = Static<typeof ImageInfo>;

/** The images of a verification, as listed. */
export const ImageInfoList = Type.Array(ImageInfo);

/** Another verification of the same `externalUserId`. */
export const RelatedVerification = Type.Object({
  _id: Uuid,
  createdAt: DateTime,
  status: VerificationStatus,
  dataExpired: Type.Boolean(),
});
export type RelatedVerification = Static<typeof RelatedVerification>;

/** The verifications related to one (same person). */
export const RelatedVerificationList = Type.Array(RelatedVerification);

/** Body of `POST /verification-feedback`: a manual override of the outcome. */
export const FeedbackBody = Type.Object(
  {
    verificationId: Uuid,
    overrideStatus: StringEnum(['success', 'failed'] as const),
    reasonId: Uuid,
  },
  { additionalProperties: false },
);
export type FeedbackBody = Static<typeof FeedbackBody>;

/** A recorded feedback. */
export const FeedbackView = Type.Object({
  _id: Uuid,
  verificationId: Uuid,
  reasonId: Uuid,
  overrideStatus: StringEnum(['success', 'failed'] as const),
  previousStatus: Type.String(),
  status: VerificationStatus,
  createdAt: DateTime,
});
export type FeedbackView = Static<typeof FeedbackView>;

/** A reason a feedback can give. */
export const FeedbackReason = Type.Object({ _id: Uuid, reason: Type.String() });
export type FeedbackReason = Static<typeof FeedbackReason>;

/** The reasons feedback may give. */
export const FeedbackReasonList = Type.Array(FeedbackReason);

/** Query of `GET /verifications/status/{id}`. */
export const StatusQuery = Type.Object({
  linkId: Type.Optional(Type.String({ maxLength: 64 })),
  include: Type.Optional(Type.Literal('operationGuid')),
});
export type StatusQuery = Static<typeof StatusQuery>;

/** Answer of `GET /verifications/status/{id}`: the bare status, or with `include=operationGuid` the object. */
export const StatusAnswer = Type.Union([VerificationStatus, StatusWithOperation]);
export type StatusAnswer = Static<typeof StatusAnswer>;

/** Body of `PATCH /verifications/geolocation` (device). */
export const GeolocationBody = Type.Object(
  { verificationId: Uuid, geolocation: ReportedGeolocation },
  { additionalProperties: false },
);
export type GeolocationBody = Static<typeof GeolocationBody>;

/** Body of `PATCH /verifications/error` (device). */
export const ErrorReportBody = Type.Object(
  {
    verificationId: Uuid,
    errorCode: Type.String({
      pattern: '^[A-Z][A-Z0-9_]{0,63}$',
      description: 'upper snake case, e.g. CAMERA_PERMISSION_DENIED',
    }),
    errorMessage: Type.String({ maxLength: 1000 }),
  },
  { additionalProperties: false },
);
export type ErrorReportBody = Static<typeof ErrorReportBody>;

/** Body of `PATCH /verifications/identify` (device): the person's e-mail. */
export const IdentifyBody = Type.Object(
  { verificationId: Uuid, email: Type.String({ format: 'email', maxLength: 254 }) },
  { additionalProperties: false },
);
export type IdentifyBody = Static<typeof IdentifyBody>;
