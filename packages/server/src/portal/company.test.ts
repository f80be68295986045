import { describe, expect, it } from 'vitest';
import { useTestApp, useTestAccount, usePortalBrowser } from '../testing/app-suite.js';
import { portalBrowser } from '../testing/portal-session.js';

describe('portal Company API (/app/api/company)', () => {
  const test = useTestApp();
  const account = useTestAccount(test, 'pro');
  const admin = usePortalBrowser(test, account, 'admin');

  it('reads and changes the settings as the REST API has them, logged with the person', async () => {
    const before = await admin.call('GET', '/company');
    expect(before.statusCode).toBe(200);
    const rest = await test.inject({
      method: 'GET',
      url: '/api/v1/users/me/company',
      token: account.token,
    });
    expect(before.json()).toEqual(rest.json());

    const changed = await admin.call('PATCH', '/company', {
      name: 'Northwind Optics',
      color: '#0a7d5a',
      antiSpoofing: false,
      handoffMode: 'require',
      linkConfig: { expirationTime: 48, dataExpirationTime: 240, adaptiveFlow: true },
      verificationConfig: { locationPermission: 'required' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      name: 'Northwind Optics',
      color: '#0a7d5a',
      antiSpoofing: false,
      handoffMode: 'require',
      linkConfig: { expirationTime: 48, dataExpirationTime: 240, adaptiveFlow: true },
      verificationConfig: { requestedLocationPermission: 'required' },
    });
    // The REST API reads the same company.
    const after = await test.inject({
      method: 'GET',
      url: '/api/v1/users/me/company',
      token: account.token,
    });
    expect(after.json()).toMatchObject({ name: 'Northwind Optics', color: '#0a7d5a' });
    const log = await test.services.context.database.db
      .selectFrom('activity_logs')
      .select(['user_id', 'ip'])
      .where('company_id', '=', account.companyId)
      .where('action', '=', 'company.updated')
      .execute();
    expect(log).toEqual([{ user_id: admin.memberId, ip: '127.0.0.1' }]);
  });

  it("keeps the service's validation and plan rules, and is for owners and admins only", async () => {
    expect((await admin.call('PATCH', '/company', { color: 'green' })).statusCode).toBe(400);
    expect((await admin.call('PATCH', '/company', { gateRules: {} })).statusCode).toBe(400);
    expect(
      (await admin.call('PATCH', '/company', { linkConfig: { expirationTime: 721 } })).statusCode,
    ).toBe(400);
    // The plan's own window, from the service.
    const premium = await test.account('premium');
    const premiumOwner = await portalBrowser(test, premium.companyId, 'owner');
    const tooLong = await premiumOwner.call('PATCH', '/company', {
      linkConfig: { expirationTime: 100 },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe(
      'linkConfig.expirationTime must be at most 72 hours on the premium plan',
    );

    const basic = await test.account('basic');
    const basicOwner = await portalBrowser(test, basic.companyId, 'owner');
    expect((await basicOwner.call('PATCH', '/company', { name: 'Renamed' })).statusCode).toBe(200);
    const branded = await basicOwner.call('PATCH', '/company', { color: '#112233' });
    expect(branded.statusCode).toBe(400);
    expect(branded.json().message).toBe(
      'only the business name is configurable for branding on the basic plan',
    );

    for (const role of ['reviewer', 'developer', 'viewer'] as const) {
      const person = await portalBrowser(test, account.companyId, role);
      expect((await person.call('GET', '/company')).statusCode, role).toBe(403);
      const change = await person.call('PATCH', '/company', { name: 'Taken over' });
      expect(change.statusCode, role).toBe(403);
    }
    expect((await admin.call('GET', '/company')).json().name).toBe('Northwind Optics');
  });

  it("sets the company's default document types and callback URL, which new links take", async () => {
    const changed = await admin.call('PATCH', '/company', {
      callbackUrl: 'https://shop.example/verified',
      verificationConfig: { documentTypes: ['PASSPORT'] },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      callbackUrl: 'https://shop.example/verified',
      verificationConfig: { documentTypes: ['PASSPORT'] },
    });
    const created = await admin.call('POST', '/links', { type: 'ID ONLY' });
    expect(created.statusCode, created.body).toBe(201);
    const link = await test.inject({
      method: 'GET',
      url: `/api/v1/links/${created.json().linkId}`,
      token: account.token,
    });
    expect(link.json()).toMatchObject({
      callbackUrl: 'https://shop.example/verified',
      documentTypes: ['PASSPORT'],
    });

    // The REST API's validation: a URL that is not http(s), an empty or unknown list.
    for (const body of [
      { callbackUrl: 'javascript:alert(1)' },
      { verificationConfig: { documentTypes: [] } },
      { verificationConfig: { documentTypes: ['DRIVING_LICENSE'] } },
    ])
      expect((await admin.call('PATCH', '/company', body)).statusCode, JSON.stringify(body)).toBe(
        400,
      );
    // Back to no callback and every type.
    const cleared = await admin.call('PATCH', '/company', {
      callbackUrl: null,
      verificationConfig: { documentTypes: ['ID_CARD', 'PASSPORT'] },
    });
    expect(cleared.json()).toMatchObject({
      callbackUrl: null,
      verificationConfig: { documentTypes: ['ID_CARD', 'PASSPORT'] },
    });
  });
});
