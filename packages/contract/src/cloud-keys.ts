import { Type, type Static } from 'typebox';
import { DateTime, Nullable, StringEnum, Uuid } from './common.js';

/** The analysis APIs a cloud-service key opens. */
export const ANALYSIS_SERVICES = ['id', 'face', 'antispoofing'] as const;
/** One of {@link ANALYSIS_SERVICES}. */
export type AnalysisService = (typeof ANALYSIS_SERVICES)[number];

const keyFields = {
  _id: Uuid,
  service: StringEnum(ANALYSIS_SERVICES),
  name: Type.String(),
  prefix: Type.String({ description: 'first characters of the secret, to tell keys apart' }),
  status: StringEnum(['active', 'paused'] as const),
  paused: Type.Boolean(),
  usage: Type.Object({ used: Type.Integer(), limit: Type.Integer(), remaining: Type.Integer() }),
  lastUsedAt: Nullable(DateTime),
  rotatedAt: Nullable(DateTime),
  createdAt: DateTime,
  updatedAt: DateTime,
};

/** A cloud-service key with its usage, without its secret. */
export const CloudKey = Type.Object(keyFields, { title: 'CloudKey' });

/** `GET /cloud-services/keys`: the company's cloud-services keys. */
export const CloudKeyList = Type.Array(CloudKey);
export type CloudKey = Static<typeof CloudKey>;

/** A key as created or rotated: the only answer that carries its secret. */
export const CloudKeyWithSecret = Type.Object(
  {
    ...keyFields,
    secret: Type.String({ description: 'shown once; send it as the Api-Key header' }),
  },
  { title: 'CloudKeyWithSecret' },
);
export type CloudKeyWithSecret = Static<typeof CloudKeyWithSecret>;

/** Body of `POST /cloud-services/keys`. */
export const NewCloudKeyBody = Type.Object(
  {
    service: StringEnum(ANALYSIS_SERVICES),
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  },
  { additionalProperties: false },
);
export type NewCloudKeyBody = Static<typeof NewCloudKeyBody>;

/** Body of `PATCH /cloud-services/keys/{id}`: pause or resume. */
export const CloudKeyPauseBody = Type.Object(
  { paused: Type.Boolean() },
  { additionalProperties: false },
);
export type CloudKeyPauseBody = Static<typeof CloudKeyPauseBody>;
