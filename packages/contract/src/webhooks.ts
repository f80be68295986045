import { Type, type Static, type TSchema } from 'typebox';
import { DateTime, Nullable, StringEnum, Uuid } from './common.js';
import { DOCUMENT_TYPES, HttpUrl } from './link.js';
import { LocationSource, LocationTier } from './verification.js';

/** One delivery of `GET /webhook-endpoints/{id}/deliveries`. */
export const WebhookDelivery = Type.Object(
  {
    _id: Uuid,
    endpointId: Uuid,
    eventId: Uuid,
    type: Type.String(),
    verificationId: Uuid,
    status: StringEnum(['pending', 'succeeded', 'failed'] as const),
    attempts: Type.Array(
      Type.Object({
        attempt: Type.Integer(),
        startedAt: DateTime,
        durationMs: Type.Integer(),
        statusCode: Nullable(Type.Integer()),
        error: Nullable(Type.String()),
        success: Type.Boolean(),
      }),
    ),
    payload: Type.Unknown(),
    createdAt: DateTime,
    updatedAt: DateTime,
  },
  { title: 'WebhookDelivery' },
);
export type WebhookDelivery = Static<typeof WebhookDelivery>;

export const WebhookDeliveryPage = Type.Object({
  total: Type.Integer(),
  page: Type.Integer(),
  size: Type.Integer(),
  data: Type.Array(WebhookDelivery),
});
export type WebhookDeliveryPage = Static<typeof WebhookDeliveryPage>;

/** A registered webhook endpoint. */
export const WebhookEndpoint = Type.Object(
  {
    _id: Uuid,
    userId: Uuid,
    description: Type.String(),
    url: Type.String(),
    createdAt: DateTime,
    updatedAt: DateTime,
  },
  { title: 'WebhookEndpoint' },
);
export type WebhookEndpoint = Static<typeof WebhookEndpoint>;

/** `GET /webhook-endpoints`: the company's endpoints. */
export const WebhookEndpointList = Type.Array(WebhookEndpoint);

const Description = Type.String({ maxLength: 500 });

/** Body of `POST /webhook-endpoints`. */
export const NewWebhookEndpointBody = Type.Object(
  { url: HttpUrl, description: Type.Optional(Description) },
  { additionalProperties: false },
);
export type NewWebhookEndpointBody = Static<typeof NewWebhookEndpointBody>;

/** Body of `PATCH /webhook-endpoints/{id}`: at least one field. */
export const WebhookEndpointPatchBody = Type.Object(
  { url: Type.Optional(HttpUrl), description: Type.Optional(Description) },
  { additionalProperties: false, minProperties: 1 },
);
export type WebhookEndpointPatchBody = Static<typeof WebhookEndpointPatchBody>;

/** The spec's twelve event types (spec: Events). */
export const VERIFICATION_EVENT_TYPES = [
  'verification.started',
  'verification.addfront.started',
  'verification.addfront.successful',
  'verification.addfront.failed',
  'verification.addback.started',
  'verification.addback.successful',
  'verification.addback.failed',
  'verification.register.started',
  'verification.register.successful',
  'verification.register.failed',
  'verification.successful',
  'verification.failed',
] as const;
/** One of {@link VERIFICATION_EVENT_TYPES}. */
export type VerificationEventType = (typeof VERIFICATION_EVENT_TYPES)[number];

/** The events whose payload may carry `geolocation` (when a location was captured). */
export const EVENTS_WITH_GEOLOCATION = ['verification.successful', 'verification.failed'] as const;

/** When each event fires (spec: Events), for the published document. */
export const VERIFICATION_EVENT_DESCRIPTIONS: Record<VerificationEventType, string> = {
  'verification.started':
    'Flow began: the person opened the link and started the operation (also on the adaptive selfie-only branch).',
  'verification.addfront.started': 'Front of the document submitted for processing.',
  'verification.addfront.successful': 'Front captured and read.',
  'verification.addfront.failed': 'Front failed and no retries remain.',
  'verification.addback.started': 'Back submitted.',
  'verification.addback.successful': 'Back captured and read.',
  'verification.addback.failed': 'Back failed and no retries remain.',
  'verification.register.started': 'Selfie submitted for liveness and facial comparison.',
  'verification.register.successful': 'Liveness and facial comparison passed.',
  'verification.register.failed': 'Liveness or facial comparison failed and no retries remain.',
  'verification.successful': 'Whole flow finished successfully.',
  'verification.failed': 'Verification failed and will not recover.',
};

/**
 * The `geolocation` subset of a webhook (spec: Events, Payload): every key optional, absent keys
 * omitted rather than null; `permission`, `sample`, `policy`, `ipDistanceKm`, `serverIp` are never
 * sent.
 */
export const WebhookGeolocation = Type.Object(
  {
    ip: Type.Optional(Type.String()),
    country: Type.Optional(Type.String()),
    city: Type.Optional(Type.String()),
    subdivisions: Type.Optional(Type.String()),
    latitude: Type.Optional(Type.String()),
    longitude: Type.Optional(Type.String()),
    deviceLatitude: Type.Optional(Type.Number()),
    deviceLongitude: Type.Optional(Type.Number()),
    accuracy: Type.Optional(Type.Number()),
    accuracyRadius: Type.Optional(Type.Number()),
    source: Type.Optional(LocationSource),
    tier: Type.Optional(LocationTier),
    capturedAt: Type.Optional(DateTime),
  },
  { title: 'WebhookGeolocation' },
);
export type WebhookGeolocation = Static<typeof WebhookGeolocation>;

const eventDataFields = {
  _verificationId: Uuid,
  _externalUserId: Type.String({
    description: 'Copied from the link; empty string when the link had none.',
  }),
  externalUserIdSource: Type.Optional(
    StringEnum(['api', 'identify'] as const, {
      description:
        'Where `_externalUserId` came from (absent when it is empty): `api` (link creation) or `identify` (typed by the person).',
    }),
  ),
  _metadata: Type.Record(Type.String(), Type.Unknown(), {
    description: 'Copied from the link; `{}` when none.',
  }),
  documentType: Type.Optional(
    StringEnum(DOCUMENT_TYPES, { description: 'The document shown, once known (DESIGN §9).' }),
  ),
};

/** `data` of every event but the two final ones. */
export const WebhookEventData = Type.Object(eventDataFields, { title: 'WebhookEventData' });
export type WebhookEventData = Static<typeof WebhookEventData>;

/** `data` of `verification.successful` and `verification.failed`: may carry `geolocation`. */
export const WebhookFinalEventData = Type.Object(
  {
    ...eventDataFields,
    geolocation: Type.Optional(WebhookGeolocation),
  },
  { title: 'WebhookFinalEventData' },
);
export type WebhookFinalEventData = Static<typeof WebhookFinalEventData>;

function eventSchema<const T extends VerificationEventType, D extends TSchema>(type: T, data: D) {
  return Type.Object(
    { type: Type.Literal(type), data },
    { title: type, description: VERIFICATION_EVENT_DESCRIPTIONS[type] },
  );
}

/** The payload of each event type, `{type, data}` (spec: Events, Payload). */
export const WebhookEvents = {
  'verification.started': eventSchema('verification.started', WebhookEventData),
  'verification.addfront.started': eventSchema('verification.addfront.started', WebhookEventData),
  'verification.addfront.successful': eventSchema(
    'verification.addfront.successful',
    WebhookEventData,
  ),
  'verification.addfront.failed': eventSchema('verification.addfront.failed', WebhookEventData),
  'verification.addback.started': eventSchema('verification.addback.started', WebhookEventData),
  'verification.addback.successful': eventSchema(
    'verification.addback.successful',
    WebhookEventData,
  ),
  'verification.addback.failed': eventSchema('verification.addback.failed', WebhookEventData),
  'verification.register.started': eventSchema('verification.register.started', WebhookEventData),
  'verification.register.successful': eventSchema(
    'verification.register.successful',
    WebhookEventData,
  ),
  'verification.register.failed': eventSchema('verification.register.failed', WebhookEventData),
  'verification.successful': eventSchema('verification.successful', WebhookFinalEventData),
  'verification.failed': eventSchema('verification.failed', WebhookFinalEventData),
} satisfies Record<VerificationEventType, unknown>;

/** Any webhook body: one of {@link WebhookEvents}, told apart by `type`. */
export const WebhookPayload = Type.Union(Object.values(WebhookEvents), {
  title: 'WebhookPayload',
});
/** A webhook body, a union discriminated by `type` (narrow on it to read the event's `data`). */
export type WebhookPayload = {
  [T in VerificationEventType]: Static<(typeof WebhookEvents)[T]>;
}[VerificationEventType];
/** The body of the event `T`. */
export type WebhookEvent<T extends VerificationEventType = VerificationEventType> = Extract<
  WebhookPayload,
  { type: T }
>;
