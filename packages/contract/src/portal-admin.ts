import { Type, type Static } from 'typebox';
import { DateTime, Nullable, Uuid } from './common.js';
import { PaymentMethod, Subscription } from './billing.js';
import { UsageStats } from './company.js';
import { PortalRole } from './portal.js';

// The portal's administration answers (`/app/api`; issue 16): the Developers screen's sends and
// re-authentication, the activity log, invitations.

/** Body of a change that asks for the signed-in person's password again (re-authentication). */
export const PortalPasswordConfirmBody = Type.Object(
  { password: Type.String({ minLength: 1, maxLength: 256 }) },
  { additionalProperties: false },
);
export type PortalPasswordConfirmBody = Static<typeof PortalPasswordConfirmBody>;

/** A delivery the portal queued (a test event, a resend): the worker signs and sends it. */
export const PortalQueuedDelivery = Type.Object({
  deliveryId: Uuid,
  eventId: Uuid,
});
export type PortalQueuedDelivery = Static<typeof PortalQueuedDelivery>;

/** `:id` and `:deliveryId` of a delivery of an endpoint. */
export const PortalDeliveryParams = Type.Object({ id: Uuid, deliveryId: Uuid });
export type PortalDeliveryParams = Static<typeof PortalDeliveryParams>;

/** `GET /app/api/activity` query: a page, filtered by person and by action. */
export const PortalActivityQuery = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1 })),
    size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
    /** The person (`portal_members.id`) or API client (`users.id`) who acted. */
    actor: Type.Optional(Uuid),
    /** An exact action (`webhook_endpoint.created`), or a prefix ending in `.` (`portal.member.`). */
    action: Type.Optional(Type.String({ minLength: 1, maxLength: 100, pattern: '^[a-z0-9_.-]+$' })),
  },
  { additionalProperties: false },
);
export type PortalActivityQuery = Static<typeof PortalActivityQuery>;

/** One entry of the activity log: who, what, when, from where. */
export const PortalActivityEntry = Type.Object({
  _id: Type.String(),
  action: Type.String(),
  resource: Type.String(),
  resourceId: Nullable(Type.String()),
  /** Who acted: a person of the portal, the API client, or nobody (the server itself). */
  actor: Type.Object({
    kind: Type.Union([Type.Literal('person'), Type.Literal('api'), Type.Literal('system')]),
    id: Nullable(Type.String()),
    /** The person's e-mail; null for the API client, the server, or a person since removed. */
    email: Nullable(Type.String()),
  }),
  ip: Nullable(Type.String()),
  createdAt: DateTime,
});
export type PortalActivityEntry = Static<typeof PortalActivityEntry>;

/** `GET /app/api/activity`: a page of the log, newest first, with the filters' choices. */
export const PortalActivityPage = Type.Object({
  total: Type.Integer(),
  page: Type.Integer(),
  size: Type.Integer(),
  data: Type.Array(PortalActivityEntry),
  /** Who may be chosen in the person filter: the company's people and its API client. */
  actors: Type.Array(Type.Object({ id: Type.String(), label: Type.String() })),
  /** The actions found in the company's log, for the action filter. */
  actions: Type.Array(Type.String()),
});
export type PortalActivityPage = Static<typeof PortalActivityPage>;

/** `POST /app/api/team` and its re-send: the same answer whoever the address belongs to. */
export const PortalInvitationSent = Type.Object({
  email: Type.String(),
  role: PortalRole,
});
export type PortalInvitationSent = Static<typeof PortalInvitationSent>;

/**
 * The body of the test event the portal's "Send a test event" delivers to one endpoint, signed
 * like every event. Its type is not one of the twelve verification events: a receiver that
 * switches on `type` ignores it, or answers 2xx to see the endpoint work.
 */
export const WebhookTestEvent = Type.Object(
  {
    type: Type.Literal('webhook.test'),
    data: Type.Object({
      /** The endpoint it was sent to. */
      _endpointId: Uuid,
      message: Type.String(),
    }),
  },
  { title: 'webhook.test' },
);
export type WebhookTestEvent = Static<typeof WebhookTestEvent>;

/**
 * `GET /app/api/billing`: the plan, this month's usage against the quota, the subscription, the
 * payment method in use and whether this server can take one.
 */
export const PortalBilling = Type.Object({
  usage: UsageStats,
  /** The company's subscription with its invoices; null when it has none. */
  subscription: Nullable(Subscription),
  /** The payment method added last (the one `POST /billing/paymentMethod` stored); null for none. */
  paymentMethod: Nullable(PaymentMethod),
  /**
   * The server's payment provider (`IDV_PAYMENT_PROVIDER`), whose tokens a payment method is
   * added with; null when none is configured (adding one then answers 503).
   */
  paymentProvider: Nullable(Type.String()),
});
export type PortalBilling = Static<typeof PortalBilling>;
