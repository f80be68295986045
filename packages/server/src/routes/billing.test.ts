import { describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/app-suite.js';

describe('billing', () => {
  const test = useTestApp();

  it('starts Premium with an open invoice, collects it when a card is added (no prior card needed)', async () => {
    const account = await test.account('premium');
    const company = (
      await test.inject({ method: 'GET', url: '/api/v1/users/me/company', token: account.token })
    ).json();
    const subscriptionUrl = `/api/v1/billing/${company.subscriptionId}`;
    const before = (
      await test.inject({ method: 'GET', url: subscriptionUrl, token: account.token })
    ).json();
    expect(before).toMatchObject({
      _id: company.subscriptionId,
      companyId: account.companyId,
      plan: 'premium',
      status: 'unpaid',
    });
    expect(before.invoices).toEqual([
      expect.objectContaining({ amount: 49.99, currency: 'USD', status: 'open', paidAt: null }),
    ]);

    const declined = await test.inject({
      method: 'POST',
      url: '/api/v1/billing/paymentMethod',
      token: account.token,
      payload: { token: 'tok_chargeDeclined' },
    });
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toEqual({
      type: 'ErrorResponse',
      message: 'payment failed: card declined',
    });
    const invalid = await test.inject({
      method: 'POST',
      url: '/api/v1/billing/paymentMethod',
      token: account.token,
      payload: { token: 'tok_unknown' },
    });
    expect(invalid.statusCode).toBe(400);

    const added = await test.inject({
      method: 'POST',
      url: '/api/v1/billing/paymentMethod',
      token: account.token,
      payload: { token: 'tok_visa' },
    });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({
      paymentMethod: { brand: 'visa', last4: '4242' },
      collectedInvoices: [{ _id: before.invoices[0]._id, status: 'paid', amount: 49.99 }],
    });
    const after = (
      await test.inject({ method: 'GET', url: subscriptionUrl, token: account.token })
    ).json();
    expect(after.status).toBe('active');
    expect(after.invoices[0]).toMatchObject({ status: 'paid', paidAt: expect.any(String) });
    const again = (
      await test.inject({
        method: 'POST',
        url: '/api/v1/billing/paymentMethod',
        token: account.token,
        payload: { token: 'tok_mastercard' },
      })
    ).json();
    expect(again.collectedInvoices).toEqual([]);
  });

  it('answers 403 for another company subscription and 404 for an unknown one', async () => {
    const a = await test.account('premium');
    const b = await test.account('pro');
    const bCompany = (
      await test.inject({ method: 'GET', url: '/api/v1/users/me/company', token: b.token })
    ).json();
    const foreign = await test.inject({
      method: 'GET',
      url: `/api/v1/billing/${bCompany.subscriptionId}`,
      token: a.token,
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ type: 'ErrorResponse', message: expect.any(String) });
    const unknown = await test.inject({
      method: 'GET',
      url: '/api/v1/billing/00000000-0000-4000-8000-000000000000',
      token: a.token,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('customer not found');
  });
});
