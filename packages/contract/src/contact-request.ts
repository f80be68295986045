import { Type, type Static } from 'typebox';
import { DateTime, Nullable, Uuid } from './common.js';

/** Body of `POST /service/contact-request` (may be absent: an empty request). */
export const ContactRequestBody = Type.Object(
  {
    message: Type.Optional(Type.String({ maxLength: 2000 })),
    phone: Type.Optional(Type.String({ maxLength: 40 })),
  },
  { additionalProperties: false },
);
export type ContactRequestBody = Static<typeof ContactRequestBody>;

/** A commercial contact request (one per company). */
export const ContactRequest = Type.Object({
  _id: Uuid,
  companyId: Uuid,
  plan: Type.String(),
  quota: Type.Integer(),
  message: Nullable(Type.String()),
  createdAt: DateTime,
});
export type ContactRequest = Static<typeof ContactRequest>;
