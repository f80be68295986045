import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLink, createTestApp, type TestApp } from '../testing/harness.js';

describe('links', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp({ env: { IDV_PUBLIC_APP_URL: 'https://verify.example.test/' } });
  });
  afterAll(async () => test.close());

  it('creates a link whose linkUrl is based on IDV_PUBLIC_APP_URL, and reads it back', async () => {
    const account = await test.account('premium');
    const created = await test.inject({
      method: 'POST',
      url: '/api/v1/links',
      token: account.token,
      payload: {
        type: 'ID ONLY',
        callbackUrl: 'https://holder.example/done',
        externalUserId: 'cust-1',
        metadata: { order: 7, vip: true },
      },
    });
    expect(created.statusCode).toBe(201);
    const { linkId, linkUrl, verificationId } = created.json();
    expect(linkUrl).toBe(`https://verify.example.test/v/${linkId}`);
    // Time-ordered (UUID version 7, 74 random bits): appended to the indexes (see lib/ids.ts).
    const uuidV7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(linkId).toMatch(uuidV7);
    expect(verificationId).toMatch(uuidV7);
    const read = await test.inject({
      method: 'GET',
      url: `/api/v1/links/${linkId}`,
      token: account.token,
    });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({
      _id: linkId,
      verificationId,
      type: 'ID ONLY',
      active: true,
      expiresAt: '2026-03-10T13:00:00.000Z',
      createdAt: '2026-03-10T12:00:00.000Z',
      callbackUrl: 'https://holder.example/done',
      externalUserId: 'cust-1',
      metadata: { order: 7, vip: true },
      defaultTemplateVersion: null,
      adaptiveFlow: false,
      documentTypes: ['ID_CARD', 'PASSPORT'],
      company: {
        name: 'Company premium',
        antiSpoofing: true,
        color: expect.stringMatching(/^#/),
        plan: 'premium',
        handoffMode: 'never',
        gateRules: { version: 'none', rules: [] },
        locationPermission: 'optional',
      },
    });
    const verification = await test.inject({
      method: 'GET',
      url: `/api/v1/verifications/${verificationId}`,
      token: account.token,
    });
    expect(verification.json()).toMatchObject({
      status: 'pending',
      step: 'NEW_OPERATION',
      metadata: { order: 7, vip: true },
    });
  });

  it('lists links newest first with the paging rules', async () => {
    const account = await test.account('premium');
    const first = await createLink(test, account.token);
    test.clock.advance(1000);
    const second = await createLink(test, account.token);
    const list = await test.inject({ method: 'GET', url: '/api/v1/links', token: account.token });
    expect(list.json().map((l: { _id: string }) => l._id)).toEqual([second.linkId, first.linkId]);
    const page = await test.inject({
      method: 'GET',
      url: '/api/v1/links?size=1&page=2',
      token: account.token,
    });
    expect(page.json().map((l: { _id: string }) => l._id)).toEqual([first.linkId]);
    const bad = await test.inject({
      method: 'GET',
      url: '/api/v1/links?size=abc',
      token: account.token,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('resolves adaptiveFlow from the link when sent, else from the company setting', async () => {
    const account = await test.account('premium');
    const read = async (body: Record<string, unknown>) => {
      const { linkId } = await createLink(test, account.token, { type: 'FULL FLOW', ...body });
      return (
        await test.inject({ method: 'GET', url: `/api/v1/links/${linkId}`, token: account.token })
      ).json().adaptiveFlow;
    };
    expect(await read({})).toBe(false);
    expect(await read({ adaptiveFlow: true })).toBe(true);
    const patch = await test.inject({
      method: 'PATCH',
      url: '/api/v1/users/me/company',
      token: account.token,
      payload: { linkConfig: { adaptiveFlow: true } },
    });
    expect(patch.statusCode).toBe(200);
    expect(await read({})).toBe(true);
    expect(await read({ adaptiveFlow: false })).toBe(false);
  });

  it('sets the link window and the readable window from the company settings (hours)', async () => {
    const account = await test.account('premium');
    await test.inject({
      method: 'PATCH',
      url: '/api/v1/users/me/company',
      token: account.token,
      payload: { linkConfig: { expirationTime: 2, dataExpirationTime: 3 } },
    });
    const { linkId, verificationId } = await createLink(test, account.token);
    const link = (
      await test.inject({ method: 'GET', url: `/api/v1/links/${linkId}`, token: account.token })
    ).json();
    const verification = (
      await test.inject({
        method: 'GET',
        url: `/api/v1/verifications/${verificationId}`,
        token: account.token,
      })
    ).json();
    const created = Date.parse(link.createdAt);
    expect(Date.parse(link.expiresAt) - created).toBe(2 * 3600_000);
    expect(Date.parse(verification.expiresAt) - created).toBe(5 * 3600_000);
    test.clock.advance(2 * 3600_000);
    const token = await test.token(account);
    const expired = (
      await test.inject({ method: 'GET', url: `/api/v1/links/${linkId}`, token })
    ).json();
    expect(expired.active).toBe(false);
  });

  it('fixes both windows at 30 minutes on Basic', async () => {
    const basic = await test.account('basic');
    const created = await test.services.links.create(
      basic.companyId,
      basic.userId,
      { type: 'FULL FLOW' },
      null,
    );
    const row = await test.services.verifications.load(created.verificationId);
    expect(Date.parse(row!.link_expires_at) - Date.parse(row!.created_at)).toBe(30 * 60_000);
    expect(Date.parse(row!.expires_at) - Date.parse(row!.created_at)).toBe(60 * 60_000);
  });
});

describe('monthly quota', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp({ start: new Date('2026-01-31T23:00:00.000Z') });
  });
  afterAll(async () => test.close());

  it('gives Premium 100 verifications a calendar month, then 422; the next month starts again', async () => {
    const account = await test.account('premium');
    for (let i = 0; i < 100; i++) await createLink(test, account.token);
    const over = await test.inject({
      method: 'POST',
      url: '/api/v1/links',
      token: account.token,
      payload: { type: 'FULL FLOW' },
    });
    expect(over.statusCode).toBe(422);
    expect(over.json()).toEqual({
      type: 'ErrorResponse',
      message: 'max verifications reached for this month',
    });
    const stats = (
      await test.inject({ method: 'GET', url: '/api/v1/users/me/stats', token: account.token })
    ).json();
    expect(stats).toMatchObject({
      plan: 'premium',
      quota: 100,
      used: 100,
      remaining: 0,
      linksGenerated: 100,
    });
    test.clock.set(new Date('2026-02-01T00:00:01.000Z'));
    const token = await test.token(account);
    expect(
      (
        await test.inject({
          method: 'POST',
          url: '/api/v1/links',
          token,
          payload: { type: 'FULL FLOW' },
        })
      ).statusCode,
    ).toBe(201);
    const february = (
      await test.inject({ method: 'GET', url: '/api/v1/users/me/stats', token })
    ).json();
    expect(february).toMatchObject({
      used: 1,
      remaining: 99,
      period: { start: '2026-02-01T00:00:00.000Z', end: '2026-03-01T00:00:00.000Z' },
    });
  });

  it('gives Basic 10 and Pro its configured quota', async () => {
    const basic = await test.account('basic');
    for (let i = 0; i < 10; i++)
      await test.services.links.create(basic.companyId, null, { type: 'FULL FLOW' }, null);
    await expect(
      test.services.links.create(basic.companyId, null, { type: 'FULL FLOW' }, null),
    ).rejects.toMatchObject({ statusCode: 422 });
    const pro = await test.account('pro', { quota: 3 });
    for (let i = 0; i < 3; i++) await createLink(test, pro.token);
    const over = await test.inject({
      method: 'POST',
      url: '/api/v1/links',
      token: pro.token,
      payload: { type: 'FULL FLOW' },
    });
    expect(over.statusCode).toBe(422);
    expect(
      (
        await test.inject({ method: 'GET', url: '/api/v1/users/me/stats', token: pro.token })
      ).json(),
    ).toMatchObject({
      plan: 'pro',
      quota: 3,
      used: 3,
      remaining: 0,
    });
  });
  it('never exceeds the quota under concurrent creation, and a refused link leaves no row', async () => {
    const pro = await test.account('pro', { quota: 5 });
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        test.services.links.create(pro.companyId, pro.userId, { type: 'ID ONLY' }, null),
      ),
    );
    const created = results.filter((result) => result.status === 'fulfilled');
    const refused = results.filter((result) => result.status === 'rejected');
    expect(created).toHaveLength(5);
    expect(refused).toHaveLength(15);
    for (const result of refused)
      expect((result as PromiseRejectedResult).reason).toMatchObject({ statusCode: 422 });
    const db = test.services.context.database.db;
    const count = async (table: 'links' | 'verifications') =>
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('company_id', '=', pro.companyId)
          .executeTakeFirstOrThrow()
      ).n;
    expect(Number(await count('links'))).toBe(5);
    expect(Number(await count('verifications'))).toBe(5);
    const usage = await db
      .selectFrom('quota_usage')
      .select('used')
      .where('company_id', '=', pro.companyId)
      .execute();
    expect(usage.map((row) => row.used)).toEqual([5]);
  });
});
