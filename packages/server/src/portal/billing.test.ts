import { describe, expect, it } from 'vitest';
import { LocalTestPaymentProvider } from '../services/billing/payment-provider.js';
import { useTestApp, useTestAccount } from '../testing/app-suite.js';
import { createTestApp } from '../testing/harness.js';
import { portalBrowser } from '../testing/portal-session.js';

describe('portal Billing API (/app/api/billing)', () => {
  const test = useTestApp();
  const account = useTestAccount(test, 'premium');

  const rest = async (url: string) =>
    (await test.inject({ method: 'GET', url: `/api/v1${url}`, token: account.token })).json();

  it('answers the plan, the usage against the quota and the subscription as the REST API does', async () => {
    const owner = await portalBrowser(test, account.companyId, 'owner');
    await owner.call('POST', '/links', { type: 'ID ONLY' });
    const answer = await owner.call('GET', '/billing');
    expect(answer.statusCode).toBe(200);
    const billing = answer.json();
    const stats = await rest('/users/me/stats');
    expect(billing.usage).toEqual(stats);
    expect(billing.usage).toMatchObject({ plan: 'premium', used: 1 });
    const { subscriptionId } = await rest('/users/me/company');
    expect(billing.subscription).toEqual(await rest(`/billing/${subscriptionId}`));
    expect(billing.subscription.invoices.length).toBeGreaterThan(0);
  });

  it('is for owners and admins only', async () => {
    expect(
      (await (await portalBrowser(test, account.companyId, 'admin')).call('GET', '/billing'))
        .statusCode,
    ).toBe(200);
    for (const role of ['reviewer', 'developer', 'viewer'] as const) {
      const person = await portalBrowser(test, account.companyId, role);
      expect((await person.call('GET', '/billing')).statusCode, role).toBe(403);
      const pay = await person.call('POST', '/billing/payment-method', { token: 'tok_visa' });
      expect(pay.statusCode, role).toBe(403);
    }
  });
});

describe('portal payment method (/app/api/billing/payment-method)', () => {
  it("adds a payment method with the provider's token through the REST API's service: the open invoice is paid once, logged with the person", async () => {
    const provider = new LocalTestPaymentProvider();
    const test = await createTestApp({ paymentProvider: provider });
    try {
      const account = await test.account('premium');
      const admin = await portalBrowser(test, account.companyId, 'admin');
      const before = (await admin.call('GET', '/billing')).json();
      expect(before.paymentMethod).toBeNull();
      expect(before.paymentProvider).toBe('local-test');
      expect(before.subscription.status).toBe('unpaid');
      const [invoice] = before.subscription.invoices;
      expect(invoice).toMatchObject({ status: 'open', amount: 49.99, currency: 'USD' });

      // A declined card: 402, the invoice stays open, no method is stored.
      const declined = await admin.call('POST', '/billing/payment-method', {
        token: 'tok_chargeDeclined',
      });
      expect(declined.statusCode).toBe(402);
      expect(declined.json().message).toBe('payment failed: card declined');
      // A token the provider does not know: 400.
      const unknown = await admin.call('POST', '/billing/payment-method', { token: 'tok_forged' });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().message).toBe('invalid payment token');
      const invalid = await admin.call('POST', '/billing/payment-method', { token: '' });
      expect(invalid.statusCode).toBe(400);
      const extra = await admin.call('POST', '/billing/payment-method', {
        token: 'tok_visa',
        amount: 0,
      });
      expect(extra.statusCode).toBe(400);
      expect((await admin.call('GET', '/billing')).json().paymentMethod).toBeNull();
      expect(provider.charges).toHaveLength(0);

      const paid = await admin.call('POST', '/billing/payment-method', { token: 'tok_visa' });
      expect(paid.statusCode, paid.body).toBe(200);
      const result = paid.json();
      expect(result.paymentMethod).toMatchObject({ brand: 'visa', last4: '4242' });
      expect(result.collectedInvoices).toMatchObject([{ _id: invoice._id, status: 'paid' }]);
      expect(provider.charges).toMatchObject([
        { amountCents: 4999, currency: 'USD', idempotencyKey: invoice._id },
      ]);

      const after = (await admin.call('GET', '/billing')).json();
      expect(after.paymentMethod).toEqual(result.paymentMethod);
      expect(after.subscription.status).toBe('active');
      expect(after.subscription.invoices[0]).toMatchObject({ _id: invoice._id, status: 'paid' });
      // The REST API reads the same subscription.
      const rest = await test.inject({
        method: 'GET',
        url: `/api/v1/billing/${after.subscription._id}`,
        token: account.token,
      });
      expect(rest.json()).toEqual(after.subscription);

      // A second card, a minute later, replaces the one shown and charges nothing (nothing is open).
      test.clock.advance(60_000);
      const second = await admin.call('POST', '/billing/payment-method', { token: 'tok_amex' });
      expect(second.json().collectedInvoices).toEqual([]);
      expect((await admin.call('GET', '/billing')).json().paymentMethod).toMatchObject({
        brand: 'amex',
        last4: '8431',
      });
      expect(provider.charges).toHaveLength(1);

      const log = await test.services.context.database.db
        .selectFrom('activity_logs')
        .select(['user_id', 'ip'])
        .where('company_id', '=', account.companyId)
        .where('action', '=', 'billing.payment_method_added')
        .execute();
      expect(log).toEqual([
        { user_id: admin.memberId, ip: '127.0.0.1' },
        { user_id: admin.memberId, ip: '127.0.0.1' },
      ]);
    } finally {
      await test.close();
    }
  });

  it('needs the CSRF token, and answers 503 without a configured provider (never a default)', async () => {
    const test = await createTestApp({ env: { IDV_PAYMENT_PROVIDER: '' } });
    try {
      const account = await test.account('premium');
      const owner = await portalBrowser(test, account.companyId, 'owner');
      expect((await owner.call('GET', '/billing')).json().paymentProvider).toBeNull();
      const refused = await owner.call('POST', '/billing/payment-method', { token: 'tok_visa' });
      expect(refused.statusCode).toBe(503);
      expect(refused.json().message).toBe(
        'no payment provider is configured (IDV_PAYMENT_PROVIDER)',
      );
      const noCsrf = await test.inject({
        method: 'POST',
        url: '/app/api/billing/payment-method',
        headers: { cookie: owner.cookie },
        payload: { token: 'tok_visa' },
      });
      expect(noCsrf.statusCode).toBe(403);
    } finally {
      await test.close();
    }
  });
});
