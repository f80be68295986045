import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestAccount, type TestApp } from '../testing/harness.js';
import { portalBrowser } from '../testing/portal-session.js';

describe('portal Billing API (/app/api/billing)', () => {
  let test: TestApp;
  let account: TestAccount;

  beforeAll(async () => {
    test = await createTestApp();
    account = await test.account('premium');
  });
  afterAll(async () => test.close());

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
    }
  });
});
