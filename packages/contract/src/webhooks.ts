import { Type, type Static } from 'typebox';
import { DateTime, Nullable, StringEnum, Uuid } from './common.js';

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
