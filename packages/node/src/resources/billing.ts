import type { CallOptions, Transport } from '../http.js';
import type { PaymentMethodResult, Subscription } from '../wire-types.js';

/** `/billing`: payment method and subscription. */
export class Billing {
  constructor(private readonly http: Transport) {}

  /**
   * Adds a payment method from the payment provider's `token` and charges every open invoice
   * (`POST /billing/paymentMethod`). A declined card answers 402; no provider configured, 503.
   * Not retried on a 429 or 5xx.
   */
  addPaymentMethod(token: string, options: CallOptions = {}): Promise<PaymentMethodResult> {
    return this.http.request({
      method: 'POST',
      path: '/billing/paymentMethod',
      json: { token },
      auth: 'bearer',
      idempotent: false,
      ...options,
    });
  }

  /**
   * A subscription and its invoices (`GET /billing/{idSubscription}`); its id is
   * `subscriptionId` of `users.company()`. Another company's subscription answers 403.
   */
  subscription(subscriptionId: string, options: CallOptions = {}): Promise<Subscription> {
    return this.http.request({
      method: 'GET',
      path: `/billing/${encodeURIComponent(subscriptionId)}`,
      auth: 'bearer',
      idempotent: true,
      ...options,
    });
  }
}
