import { randomUUID } from 'node:crypto';

/** A payment method registered with the provider. */
export interface ProviderPaymentMethod {
  reference: string;
  brand: string;
  last4: string;
}

/** Outcome of a charge. */
export type ChargeResult = { ok: true; reference: string } | { ok: false; message: string };

/** What makes a charge unique: a retried charge with the same key charges once (the first result). */
export interface ChargeOptions {
  /** The invoice id: one invoice is charged at most once, however often the call is retried. */
  idempotencyKey: string;
}

/**
 * The payment processor, a true system edge: the server talks to it only through this interface,
 * so a real processor can be plugged in. There is no default: `IDV_PAYMENT_PROVIDER=local-test`
 * (development and tests only) or a provider passed to `createServices`.
 */
export interface PaymentProvider {
  /** Provider name stored with each payment method. */
  readonly name: string;
  /** Turns a client-side token into a stored method; undefined for a token the provider rejects. */
  createPaymentMethod(token: string): Promise<ProviderPaymentMethod | undefined>;
  /**
   * Charges a stored method. Calls with the same `idempotencyKey` must charge once and answer the
   * first call's result (as real processors' idempotency keys do).
   */
  charge(
    method: ProviderPaymentMethod,
    amountCents: number,
    currency: string,
    options: ChargeOptions,
  ): Promise<ChargeResult>;
}

/** Test tokens of the local provider and the card each stands for. */
const TEST_CARDS: Record<string, { brand: string; last4: string; declines: boolean }> = {
  tok_visa: { brand: 'visa', last4: '4242', declines: false },
  tok_mastercard: { brand: 'mastercard', last4: '4444', declines: false },
  tok_amex: { brand: 'amex', last4: '8431', declines: false },
  tok_chargeDeclined: { brand: 'visa', last4: '0002', declines: true },
};

/** A charge the local provider made (money it would have taken). */
export interface LocalCharge {
  reference: string;
  amountCents: number;
  currency: string;
  idempotencyKey: string;
}

/**
 * A local payment provider for development and tests (`IDV_PAYMENT_PROVIDER=local-test`; never a
 * default): accepts the test tokens `tok_visa`, `tok_mastercard`, `tok_amex` (charges succeed) and
 * `tok_chargeDeclined` (charges fail). Honours idempotency keys like a real processor, and lists
 * the charges it made.
 */
export class LocalTestPaymentProvider implements PaymentProvider {
  readonly name = 'local-test';
  readonly #byKey = new Map<string, Promise<ChargeResult>>();
  readonly #charges: LocalCharge[] = [];

  /** Every successful charge made, in order. */
  get charges(): readonly LocalCharge[] {
    return this.#charges;
  }

  async createPaymentMethod(token: string): Promise<ProviderPaymentMethod | undefined> {
    const card = TEST_CARDS[token];
    return card === undefined
      ? undefined
      : { reference: `pm_${token}_${randomUUID()}`, brand: card.brand, last4: card.last4 };
  }

  charge(
    method: ProviderPaymentMethod,
    amountCents: number,
    currency: string,
    options: ChargeOptions,
  ): Promise<ChargeResult> {
    const earlier = this.#byKey.get(options.idempotencyKey);
    if (earlier !== undefined) return earlier;
    const declined = Object.values(TEST_CARDS).some(
      (card) => card.declines && method.last4 === card.last4,
    );
    let result: ChargeResult;
    if (declined) result = { ok: false, message: 'card declined' };
    else {
      result = { ok: true, reference: `ch_${randomUUID()}` };
      this.#charges.push({
        reference: result.reference,
        amountCents,
        currency,
        idempotencyKey: options.idempotencyKey,
      });
    }
    // A declined key may be retried with another card: only successes are final.
    const answer = Promise.resolve(result);
    if (result.ok) this.#byKey.set(options.idempotencyKey, answer);
    return answer;
  }
}
