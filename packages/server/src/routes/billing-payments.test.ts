import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { INVOICE_CLAIM_TIMEOUT_MS } from '../services/billing.js';
import { LocalTestPaymentProvider } from '../services/billing/payment-provider.js';
import { createTestApp, type TestAccount, type TestApp } from '../testing/harness.js';

/** Issue 19, "Credentials and money": no default test provider, and one charge per invoice. */
describe('billing payments', () => {
  const pay = (test: TestApp, account: TestAccount, token = 'tok_visa') =>
    test.inject({
      method: 'POST',
      url: '/api/v1/billing/paymentMethod',
      token: account.token,
      payload: { token },
    });
  const invoicesOf = async (test: TestApp, account: TestAccount) => {
    const company = (
      await test.inject({ method: 'GET', url: '/api/v1/users/me/company', token: account.token })
    ).json<{ subscriptionId: string }>();
    return (
      await test.inject({
        method: 'GET',
        url: `/api/v1/billing/${company.subscriptionId}`,
        token: account.token,
      })
    ).json<{ status: string; invoices: { _id: string; status: string }[] }>();
  };

  it('has no payment provider unless one is configured: the payment route answers 503, reads still work', async () => {
    expect(loadConfig({}, {}).paymentProvider).toBeUndefined();
    expect(() => loadConfig({}, { IDV_PAYMENT_PROVIDER: 'stripe-ish' })).toThrow(
      /IDV_PAYMENT_PROVIDER must be one of local-test/,
    );
    const test = await createTestApp({ env: { IDV_PAYMENT_PROVIDER: '' } });
    try {
      const account = await test.account('premium');
      const refused = await pay(test, account);
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toEqual({
        type: 'ErrorResponse',
        message: 'no payment provider is configured (IDV_PAYMENT_PROVIDER)',
      });
      const subscription = await invoicesOf(test, account);
      expect(subscription.status).toBe('unpaid');
      expect(subscription.invoices.map((i) => i.status)).toEqual(['open']);
    } finally {
      await test.close();
    }
  });

  it('charges an invoice once when payments run concurrently', async () => {
    const provider = new LocalTestPaymentProvider();
    const test = await createTestApp({ paymentProvider: provider });
    try {
      const account = await test.account('premium');
      const [invoice] = (await invoicesOf(test, account)).invoices;
      const answers = await Promise.all(
        ['tok_visa', 'tok_mastercard', 'tok_amex', 'tok_visa'].map((token) =>
          pay(test, account, token),
        ),
      );
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
      expect(provider.charges).toEqual([
        expect.objectContaining({
          amountCents: 4999,
          currency: 'USD',
          idempotencyKey: invoice!._id,
        }),
      ]);
      const collected = answers.flatMap(
        (a) => a.json<{ collectedInvoices: unknown[] }>().collectedInvoices,
      );
      expect(collected).toHaveLength(1);
      const after = await invoicesOf(test, account);
      expect(after.status).toBe('active');
      expect(after.invoices.map((i) => i.status)).toEqual(['paid']);
    } finally {
      await test.close();
    }
  });

  it('a payment retried after a crash mid-charge charges the invoice once (same idempotency key)', async () => {
    const provider = new LocalTestPaymentProvider();
    const test = await createTestApp({ paymentProvider: provider });
    try {
      const account = await test.account('premium');
      const [invoice] = (await invoicesOf(test, account)).invoices;
      const db = test.services.context.database.db;
      // A process claimed the invoice, the provider charged it, and the process died before recording.
      await db
        .updateTable('invoices')
        .set({ status: 'processing', claimed_at: new Date(test.clock.now()).toISOString() })
        .where('id', '=', invoice!._id)
        .execute();
      const method = (await provider.createPaymentMethod('tok_visa'))!;
      const first = await provider.charge(method, 4999, 'USD', { idempotencyKey: invoice!._id });
      expect(first.ok).toBe(true);

      // While the claim is fresh, another payment leaves the invoice alone.
      const during = await pay(test, account);
      expect(during.json().collectedInvoices).toEqual([]);
      expect((await invoicesOf(test, account)).invoices[0]!.status).toBe('processing');

      // Once the claim is abandoned, a retry takes it and the provider answers the first charge.
      test.clock.advance(INVOICE_CLAIM_TIMEOUT_MS + 1000);
      const retried = await pay(test, account);
      expect(retried.json().collectedInvoices).toEqual([
        expect.objectContaining({ _id: invoice!._id, status: 'paid' }),
      ]);
      expect(provider.charges).toHaveLength(1);
      const stored = await db
        .selectFrom('invoices')
        .select(['status', 'payment_reference'])
        .where('id', '=', invoice!._id)
        .executeTakeFirstOrThrow();
      expect(stored).toEqual({
        status: 'paid',
        payment_reference: first.ok ? first.reference : null,
      });
    } finally {
      await test.close();
    }
  });

  it('gives a declined invoice back (open) and stores no method', async () => {
    const provider = new LocalTestPaymentProvider();
    const test = await createTestApp({ paymentProvider: provider });
    try {
      const account = await test.account('premium');
      expect((await pay(test, account, 'tok_chargeDeclined')).statusCode).toBe(402);
      expect((await invoicesOf(test, account)).invoices.map((i) => i.status)).toEqual(['open']);
      const methods = await test.services.context.database.db
        .selectFrom('payment_methods')
        .select('id')
        .where('company_id', '=', account.companyId)
        .execute();
      expect(methods).toEqual([]);
      expect((await pay(test, account)).statusCode).toBe(200);
      expect(provider.charges).toHaveLength(1);
    } finally {
      await test.close();
    }
  });
});
