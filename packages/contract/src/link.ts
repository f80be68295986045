import { Type, type Static } from 'typebox';
import { DateTime, Nullable, StringEnum, Uuid } from './common.js';
import { GateRules } from './gate-rules.js';

/**
 * The documents a person may show (DESIGN §9): `ID_CARD` (TD1/TD2 cards, front and back; residence
 * permits count as cards) and `PASSPORT` (the TD3 data page, one capture: the `front`).
 */
export const DOCUMENT_TYPES = ['ID_CARD', 'PASSPORT'] as const;

export const LinkType = StringEnum(['FULL FLOW', 'ID ONLY'] as const);
export type LinkType = Static<typeof LinkType>;
/** A document type a person may show (DESIGN §9). */
export const DocumentTypeChoice = StringEnum(DOCUMENT_TYPES);
export type DocumentTypeChoice = Static<typeof DocumentTypeChoice>;
/** A non-empty list of allowed document types, each once. */
export const DocumentTypeList = Type.Array(DocumentTypeChoice, {
  minItems: 1,
  maxItems: DOCUMENT_TYPES.length,
  uniqueItems: true,
  description:
    'Document types the person may show: `ID_CARD` (cards, front and back), `PASSPORT` (the data page).',
});
export type DocumentTypeList = Static<typeof DocumentTypeList>;
export const HandoffMode = StringEnum(['never', 'suggest', 'require'] as const);
export type HandoffMode = Static<typeof HandoffMode>;
export const LocationPermission = StringEnum(['never', 'optional', 'required'] as const);
export type LocationPermission = Static<typeof LocationPermission>;
export const Plan = StringEnum(['basic', 'premium', 'pro'] as const);
export type Plan = Static<typeof Plan>;

/**
 * The status of `POST /links` when the company's monthly verification quota is used up (spec:
 * "over quota answers 422"). It is the only 422 that route answers (a bad body is a 400), so a
 * client tells quota exhaustion from the call and this status, never from the message; other
 * routes' 422s (the limits on webhook endpoints and cloud-service keys) are not quota.
 */
export const QUOTA_EXHAUSTED_STATUS = 422;
/** The type of {@link QUOTA_EXHAUSTED_STATUS}, for clients that cannot import the value. */
export type QuotaExhaustedStatus = typeof QUOTA_EXHAUSTED_STATUS;

/** An absolute http(s) URL. */
export const HttpUrl = Type.String({ format: 'uri', pattern: '^https?://', maxLength: 2048 });
export type HttpUrl = Static<typeof HttpUrl>;

export const NewLinkBody = Type.Object(
  {
    type: LinkType,
    callbackUrl: Type.Optional(HttpUrl),
    externalUserId: Type.Optional(Type.String({ minLength: 1, maxLength: 256 })),
    adaptiveFlow: Type.Optional(Type.Boolean()),
    documentTypes: Type.Optional(DocumentTypeList),
    metadata: Type.Optional(
      Type.Record(
        Type.String({ maxLength: 100 }),
        Nullable(Type.Union([Type.String({ maxLength: 1000 }), Type.Number(), Type.Boolean()])),
        {
          maxProperties: 50,
        },
      ),
    ),
  },
  { additionalProperties: false },
);
export type NewLinkBody = Static<typeof NewLinkBody>;

export const CreatedLink = Type.Object({
  linkId: Uuid,
  linkUrl: Type.String(),
  verificationId: Uuid,
});
export type CreatedLink = Static<typeof CreatedLink>;

export const LinkCompany = Type.Object({
  name: Type.String(),
  antiSpoofing: Type.Boolean(),
  color: Type.String(),
  plan: Plan,
  handoffMode: HandoffMode,
  gateRules: GateRules,
  locationPermission: LocationPermission,
});
export type LinkCompany = Static<typeof LinkCompany>;

export const LinkRecord = Type.Object(
  {
    _id: Uuid,
    verificationId: Uuid,
    type: LinkType,
    active: Type.Boolean(),
    expiresAt: DateTime,
    createdAt: DateTime,
    callbackUrl: Type.Optional(Type.String()),
    externalUserId: Type.Optional(Type.String()),
    metadata: Type.Record(Type.String(), Type.Unknown()),
    defaultTemplateVersion: Nullable(Type.String()),
    adaptiveFlow: Type.Boolean(),
    documentTypes: Type.Array(DocumentTypeChoice, {
      description: "The document types the link allows (its own list, else the company's default).",
    }),
    company: LinkCompany,
  },
  { title: 'Link' },
);
export type LinkRecord = Static<typeof LinkRecord>;

/** `GET /links`: the company's links. */
export const LinkList = Type.Array(LinkRecord);
