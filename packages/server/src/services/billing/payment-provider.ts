import { randomUUID } from 'node:crypto';

/** A payment method registered with the provider. */
export interface ProviderPaymentMethod {
  reference: string;
  brand: string;
  last4: string;
}

/** Outcome of a charge. */
export type ChargeResult = { ok: true; reference: string } | { ok: false; message: string };

/**
 * The payment processor, a true system edge: the server talks to it only through this interface,
 * so a real processor can be plugged in. `LocalTestPaymentProvider` is the default.
 */
export interface PaymentProvider {
  /** Provider name stored with each payment method. */
  readonly name: string;
  /** Turns a client-side token into a stored method; undefined for a token the provider rejects. */
  createPaymentMethod(token: string): Promise<ProviderPaymentMethod | undefined>;
  /** Charges a stored method. */
  charge(
    method: ProviderPaymentMethod,
    amountCents: number,
    currency: string,
  ): Promise<ChargeResult>;
}

/** Test tokens of the local provider and the card each stands for. */
const TEST_CARDS: Record<string, { brand: string; last4: string; declines: boolean }> = {
  tok_visa: { brand: 'visa', last4: '4242', declines: false },
  tok_mastercard: { brand: 'mastercard', last4: '4444', declines: false },
  tok_amex: { brand: 'amex', last4: '8431', declines: false },
  tok_chargeDeclined: { brand: 'visa', last4: '0002', declines: true },
};

/**
 * A local payment provider for development and tests: accepts the test tokens `tok_visa`,
 * `tok_mastercard`, `tok_amex` (charges succeed) and `tok_chargeDeclined` (charges fail).
 */
export class LocalTestPaymentProvider implements PaymentProvider {
  readonly name = 'local-test';

  async createPaymentMethod(token: string): Promise<ProviderPaymentMethod | undefined> {
    const card = TEST_CARDS[token];
    return card === undefined
      ? undefined
      : { reference: `pm_${token}_${randomUUID()}`, brand: card.brand, last4: card.last4 };
  }

  async charge(method: ProviderPaymentMethod): Promise<ChargeResult> {
    const declined = Object.values(TEST_CARDS).some(
      (card) => card.declines && method.last4 === card.last4,
    );
    return declined
      ? { ok: false, message: 'card declined' }
      : { ok: true, reference: `ch_${randomUUID()}` };
  }
}
