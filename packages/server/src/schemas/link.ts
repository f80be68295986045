import { Type } from 'typebox';
import { DOCUMENT_TYPES } from '../services/document-types.js';
import { FORM_FACTORS, GATE_REASONS, PLATFORMS } from '../services/gate-rules.js';
import { DateTime, Nullable, StringEnum, Uuid } from './common.js';

/** The resolved gate rules of a company as answers carry them (DESIGN §4). */
export const GateRules = Type.Object(
  {
    version: Type.String(),
    rules: Type.Array(
      Type.Object({
        id: Type.String(),
        reason: StringEnum(GATE_REASONS),
        match: Type.Object({
          formFactor: Type.Optional(StringEnum(FORM_FACTORS)),
          platform: Type.Optional(StringEnum(PLATFORMS)),
          osVersionMax: Type.Optional(Type.String()),
        }),
      }),
    ),
  },
  { title: 'GateRules' },
);

export const LinkType = StringEnum(['FULL FLOW', 'ID ONLY'] as const);
/** A document type a person may show (DESIGN §9). */
export const DocumentTypeChoice = StringEnum(DOCUMENT_TYPES);
/** A non-empty list of allowed document types, each once. */
export const DocumentTypeList = Type.Array(DocumentTypeChoice, {
  minItems: 1,
  maxItems: DOCUMENT_TYPES.length,
  uniqueItems: true,
  description:
    'Document types the person may show: `ID_CARD` (cards, front and back), `PASSPORT` (the data page).',
});
export const HandoffMode = StringEnum(['never', 'suggest', 'require'] as const);
export const LocationPermission = StringEnum(['never', 'optional', 'required'] as const);
export const Plan = StringEnum(['basic', 'premium', 'pro'] as const);

/** An absolute http(s) URL. */
export const HttpUrl = Type.String({ format: 'uri', pattern: '^https?://', maxLength: 2048 });

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

export const CreatedLink = Type.Object({
  linkId: Uuid,
  linkUrl: Type.String(),
  verificationId: Uuid,
});

export const LinkCompany = Type.Object({
  name: Type.String(),
  antiSpoofing: Type.Boolean(),
  color: Type.String(),
  plan: Plan,
  handoffMode: HandoffMode,
  gateRules: GateRules,
  locationPermission: LocationPermission,
});

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
