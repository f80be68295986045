import { Type, type Static } from 'typebox';
import { DateTime, Nullable, StringEnum, Uuid } from './common.js';
import { UsageStats } from './company.js';
import { LinkType, NewLinkBody } from './link.js';
import { VerificationStatus } from './verification.js';

// The account-holder portal's own API (`/app/api`, session cookie + CSRF token; issue 16). Answers
// that are the REST API's records (a verification, its images, a feedback) reuse those schemas.

/** A portal role (DESIGN §9). */
export const PortalRole = StringEnum([
  'owner',
  'admin',
  'reviewer',
  'developer',
  'viewer',
] as const);
export type PortalRole = Static<typeof PortalRole>;

/** Body of `POST /app/api/session`: password sign-in. */
export const PortalSignInBody = Type.Object(
  {
    email: Type.String({ minLength: 3, maxLength: 320 }),
    password: Type.String({ minLength: 1, maxLength: 256 }),
  },
  { additionalProperties: false },
);
export type PortalSignInBody = Static<typeof PortalSignInBody>;

/** Body of `POST /app/api/session/link`: a one-time sign-in link's token and the new password. */
export const PortalLinkSignInBody = Type.Object(
  {
    token: Type.String({ minLength: 16, maxLength: 128 }),
    password: Type.String({ minLength: 12, maxLength: 256 }),
  },
  { additionalProperties: false },
);
export type PortalLinkSignInBody = Static<typeof PortalLinkSignInBody>;

/** The signed-in person (`GET /app/api/session` and the sign-in answers). */
export const PortalSessionView = Type.Object({
  email: Type.String(),
  role: PortalRole,
  companyName: Type.String(),
  permissions: Type.Array(Type.String()),
  /** Sent back in `X-CSRF-Token` on every change. */
  csrfToken: Type.String(),
  expiresAt: DateTime,
});
export type PortalSessionView = Static<typeof PortalSessionView>;

/** A calendar day, `YYYY-MM-DD` (UTC). */
const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });

/** The inbox's sort keys. */
export const PortalInboxSort = StringEnum(['createdAt', 'finishedAt'] as const);
export type PortalInboxSort = Static<typeof PortalInboxSort>;

/** Query of the verifications inbox. */
export const PortalInboxQuery = Type.Object(
  {
    status: Type.Optional(VerificationStatus),
    type: Type.Optional(LinkType),
    method: Type.Optional(StringEnum(['FACE', 'DOCUMENT'] as const)),
    /** Created on or after this day, and on or before `to` (UTC days, both included). */
    from: Type.Optional(Day),
    to: Type.Optional(Day),
    /** The failure reason: the verification's error code (exact). */
    reason: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    /** Newest first by creation unless said otherwise; ties broken by id. */
    sort: Type.Optional(PortalInboxSort),
    order: Type.Optional(StringEnum(['asc', 'desc'] as const)),
    /** A verification id or an `externalUserId` (exact). */
    q: Type.Optional(Type.String({ maxLength: 256 })),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
    size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  },
  { additionalProperties: false },
);
export type PortalInboxQuery = Static<typeof PortalInboxQuery>;

/** One row of the inbox. */
export const PortalInboxItem = Type.Object({
  _id: Uuid,
  status: VerificationStatus,
  type: LinkType,
  method: Nullable(StringEnum(['FACE', 'DOCUMENT'] as const)),
  externalUserId: Nullable(Type.String()),
  createdAt: DateTime,
  finishedAt: Nullable(DateTime),
  /** Why it failed (the pipeline's error code), when it did. */
  errorCode: Nullable(Type.String()),
});
export type PortalInboxItem = Static<typeof PortalInboxItem>;

/** A page of the inbox. */
export const PortalInboxPage = Type.Object({
  total: Type.Integer(),
  page: Type.Integer(),
  size: Type.Integer(),
  data: Type.Array(PortalInboxItem),
});
export type PortalInboxPage = Static<typeof PortalInboxPage>;

/** Body of `POST /app/api/verifications/{id}/override`. */
export const PortalOverrideBody = Type.Object(
  {
    overrideStatus: StringEnum(['success', 'failed'] as const),
    reasonId: Uuid,
  },
  { additionalProperties: false },
);
export type PortalOverrideBody = Static<typeof PortalOverrideBody>;

/** Body of `POST /app/api/links` (the portal's subset of the REST API's link body). */
export const PortalNewLinkBody = Type.Object(
  {
    type: LinkType,
    externalUserId: Type.Optional(Type.String({ minLength: 1, maxLength: 256 })),
    adaptiveFlow: NewLinkBody.properties.adaptiveFlow,
    metadata: NewLinkBody.properties.metadata,
  },
  { additionalProperties: false },
);
export type PortalNewLinkBody = Static<typeof PortalNewLinkBody>;

/** One link as the portal lists it: with the URL to hand to the person. */
export const PortalLinkItem = Type.Object({
  _id: Uuid,
  verificationId: Uuid,
  type: LinkType,
  active: Type.Boolean(),
  externalUserId: Nullable(Type.String()),
  linkUrl: Type.String(),
  createdAt: DateTime,
  expiresAt: DateTime,
});
export type PortalLinkItem = Static<typeof PortalLinkItem>;

/** `GET /app/api/developers/credentials`: the API client of the company (never its secret). */
export const PortalCredentials = Type.Object({
  clientId: Type.String(),
  /** The OAuth token address, for the integrator's configuration. */
  tokenUrl: Type.String(),
});
export type PortalCredentials = Static<typeof PortalCredentials>;

/** One person of the company on the Team screen. */
export const PortalTeamMember = Type.Object({
  _id: Uuid,
  email: Type.String(),
  role: PortalRole,
  /** `invited` until the person chose a password through their invitation. */
  status: StringEnum(['active', 'invited'] as const),
  createdAt: DateTime,
});
export type PortalTeamMember = Static<typeof PortalTeamMember>;

/** Body of `POST /app/api/team`: invite a person by e-mail. */
export const PortalInviteBody = Type.Object(
  { email: Type.String({ minLength: 3, maxLength: 320 }), role: PortalRole },
  { additionalProperties: false },
);
export type PortalInviteBody = Static<typeof PortalInviteBody>;

/** Body of `PATCH /app/api/team/{id}`: change a person's role. */
export const PortalRoleBody = Type.Object({ role: PortalRole }, { additionalProperties: false });
export type PortalRoleBody = Static<typeof PortalRoleBody>;

/** Body of `POST /app/api/password-reset`: the e-mail to send a reset link to. */
export const PortalPasswordResetBody = Type.Object(
  { email: Type.String({ minLength: 1, maxLength: 320 }) },
  { additionalProperties: false },
);
export type PortalPasswordResetBody = Static<typeof PortalPasswordResetBody>;

/** One UTC day of the Overview chart: the verifications created that day, by current outcome. */
export const PortalOverviewDay = Type.Object({
  /** `YYYY-MM-DD` (UTC). */
  day: Type.String(),
  success: Type.Integer(),
  failed: Type.Integer(),
  expired: Type.Integer(),
  /** Still open: `pending` or `started`. */
  open: Type.Integer(),
});
export type PortalOverviewDay = Static<typeof PortalOverviewDay>;

/** `GET /app/api/overview`: the last days of verifications, aggregated on the server. */
export const PortalOverview = Type.Object({
  /** First day of the window (UTC midnight) and the moment of the answer. */
  from: DateTime,
  to: DateTime,
  /** Every day of the window, oldest first, zeros included. */
  days: Type.Array(PortalOverviewDay),
  /** success / (success + failed) over the window; null when nothing finished. */
  passRate: Nullable(Type.Number()),
  /** The most frequent reasons of failed verifications (error code, else the override's reason). */
  topFailureReasons: Type.Array(Type.Object({ reason: Type.String(), count: Type.Integer() })),
  /** Failed verifications of the window that nobody has overridden yet (the review queue). */
  toReview: Type.Integer(),
  /** The quota of the current calendar month (`GET /users/me/stats`). */
  usage: UsageStats,
});
export type PortalOverview = Static<typeof PortalOverview>;
