import { Type, type Static } from 'typebox';
import { DateTime, Nullable, StringEnum, Uuid } from './common.js';
import { Plan } from './link.js';

/** An invoice of a subscription. */
export const Invoice = Type.Object({
  _id: Uuid,
  amount: Type.Number({ description: 'in currency units' }),
  currency: Type.String(),
  status: StringEnum(['open', 'processing', 'paid'] as const, {
    description: '`processing` while a payment holds the invoice (claimed, being charged)',
  }),
  periodStart: DateTime,
  periodEnd: DateTime,
  paidAt: Nullable(DateTime),
  createdAt: DateTime,
});
export type Invoice = Static<typeof Invoice>;

/** Body of `POST /billing/paymentMethod`: the payment provider's token. */
export const PaymentMethodBody = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 200 }) },
  { additionalProperties: false },
);
export type PaymentMethodBody = Static<typeof PaymentMethodBody>;

/** A stored payment method (card brand and last digits only). */
export const PaymentMethod = Type.Object({
  _id: Uuid,
  brand: Type.String(),
  last4: Type.String(),
  createdAt: DateTime,
});
export type PaymentMethod = Static<typeof PaymentMethod>;

/** Answer of `POST /billing/paymentMethod`: the method and the invoices it paid. */
export const PaymentMethodResult = Type.Object({
  paymentMethod: PaymentMethod,
  collectedInvoices: Type.Array(Invoice),
});
export type PaymentMethodResult = Static<typeof PaymentMethodResult>;

/** `{idSubscription}` path parameter of `GET /billing/{idSubscription}`. */
export const SubscriptionParams = Type.Object({ idSubscription: Uuid });
export type SubscriptionParams = Static<typeof SubscriptionParams>;

/** A subscription with its invoices. */
export const Subscription = Type.Object({
  _id: Uuid,
  companyId: Uuid,
  plan: Plan,
  status: StringEnum(['active', 'unpaid'] as const),
  currentPeriodEnd: DateTime,
  invoices: Type.Array(Invoice),
});
export type Subscription = Static<typeof Subscription>;
