import { Type, type Static } from 'typebox';
import { DateTime, FilePart, Nullable, Uuid } from './common.js';
import {
  DocumentTypeChoice,
  DocumentTypeList,
  HandoffMode,
  HttpUrl,
  LocationPermission,
  Plan,
} from './link.js';
import { GateRules } from './gate-rules.js';

/** `allowUploadedSelfie`, with its risk, in the OpenAPI description of both the read and the PATCH. */
const AllowUploadedSelfie = Type.Boolean({
  description:
    'Whether a selfie without a live challenge may pass: one sent as an uploaded photo (`source: "upload"`) or with `challenge: null` (the manual button, the platform camera). Off by default: such a selfie is refused with `LIVENESS_REQUIRED`. RISK: turned on, nothing proves a live person took the selfie, so anyone holding a photo of the document holder (the document\'s own portrait, a social-media picture) can pass the face comparison; anti-spoofing then sees a single still and catches only some screens and prints. Turn it on only where another control proves presence. Not changeable on the Basic plan.',
});

const Hours = (description: string) =>
  Type.Number({ exclusiveMinimum: 0, maximum: 720, description });

export const CompanyView = Type.Object(
  {
    _id: Uuid,
    name: Type.String(),
    plan: Plan,
    quota: Type.Integer({ description: 'verifications per calendar month' }),
    color: Type.String(),
    logoUrl: Nullable(Type.String()),
    antiSpoofing: Type.Boolean(),
    allowUploadedSelfie: AllowUploadedSelfie,
    handoffMode: HandoffMode,
    callbackUrl: Nullable(Type.String()),
    onboardingBusinessId: Uuid,
    linkConfig: Type.Object({
      expirationTime: Type.Number({ description: 'link window, hours' }),
      dataExpirationTime: Type.Number({ description: 'data window after the link window, hours' }),
      adaptiveFlow: Type.Boolean(),
    }),
    verificationConfig: Type.Object({
      locationPermission: LocationPermission,
      requestedLocationPermission: LocationPermission,
      documentTypes: Type.Array(DocumentTypeChoice, {
        description: 'Default document types of new links (a link may send its own list).',
      }),
    }),
    gateRules: GateRules,
    subscriptionId: Nullable(Uuid),
    createdAt: DateTime,
    updatedAt: DateTime,
  },
  { title: 'Company' },
);
export type CompanyView = Static<typeof CompanyView>;

export const CompanyPatchBody = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    color: Type.Optional(Type.String({ pattern: '^#[0-9a-fA-F]{6}$' })),
    antiSpoofing: Type.Optional(Type.Boolean()),
    allowUploadedSelfie: Type.Optional(AllowUploadedSelfie),
    handoffMode: Type.Optional(HandoffMode),
    callbackUrl: Type.Optional(Nullable(HttpUrl)),
    linkConfig: Type.Optional(
      Type.Object(
        {
          expirationTime: Type.Optional(
            Hours('link window in hours (Premium ≤ 72, Pro ≤ 720; fixed 0.5 on Basic)'),
          ),
          dataExpirationTime: Type.Optional(
            Hours('data window in hours (Premium ≤ 72, Pro ≤ 720; fixed 0.5 on Basic)'),
          ),
          adaptiveFlow: Type.Optional(Type.Boolean()),
        },
        { additionalProperties: false },
      ),
    ),
    verificationConfig: Type.Optional(
      Type.Object(
        {
          locationPermission: Type.Optional(LocationPermission),
          documentTypes: Type.Optional(DocumentTypeList),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
export type CompanyPatchBody = Static<typeof CompanyPatchBody>;

export const UserView = Type.Object(
  {
    _id: Uuid,
    email: Nullable(Type.String()),
    companyId: Uuid,
    clientId: Type.String(),
    clientSecret: Type.String(),
    webhookSecret: Type.String(),
    callbackUrl: Nullable(Type.String()),
    createdAt: DateTime,
    updatedAt: DateTime,
  },
  { title: 'User' },
);
export type UserView = Static<typeof UserView>;

export const UsageStats = Type.Object({
  plan: Plan,
  quota: Type.Integer(),
  used: Type.Integer(),
  remaining: Type.Integer(),
  linksGenerated: Type.Integer(),
  period: Type.Object({ start: DateTime, end: DateTime }),
});
export type UsageStats = Static<typeof UsageStats>;

export const ActivityPage = Type.Object({
  total: Type.Integer(),
  page: Type.Integer(),
  data: Type.Array(
    Type.Object({
      _id: Uuid,
      action: Type.String(),
      resource: Type.String(),
      resourceId: Nullable(Type.String()),
      createdAt: DateTime,
      ip: Nullable(Type.String()),
    }),
  ),
});
export type ActivityPage = Static<typeof ActivityPage>;

/** Answer of `PATCH /users/me/client-secret`: the new secret, shown this once. */
export const RotatedClientSecret = Type.Object({
  clientId: Type.String(),
  clientSecret: Type.String(),
});
export type RotatedClientSecret = Static<typeof RotatedClientSecret>;

/** Answer of `PATCH /users/me/webhook-secret`. */
export const RotatedWebhookSecret = Type.Object({ webhookSecret: Type.String() });
export type RotatedWebhookSecret = Static<typeof RotatedWebhookSecret>;

/** Multipart body of `POST /users/me/company/logo` (documented; the route reads the part itself). */
export const LogoMultipartBody = Type.Object({
  logo: { ...FilePart, description: 'JPEG, PNG or WebP, ≤ 2 MB' },
});

/** Path of `GET /companies/{companyId}/logo`. */
export const LogoParams = Type.Object({ companyId: Uuid });
export type LogoParams = Static<typeof LogoParams>;

/** Query of `GET /companies/{companyId}/logo`: `v`, a cache buster. */
export const LogoQuery = Type.Object({ v: Type.Optional(Type.String({ maxLength: 32 })) });
export type LogoQuery = Static<typeof LogoQuery>;
