import { Type, type Static } from 'typebox';
import { DateTime, Nullable, StringEnum, Uuid } from './common.js';
import { HttpUrl } from './link.js';

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
