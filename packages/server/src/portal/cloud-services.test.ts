import { describe, expect, it } from 'vitest';
import { MAX_KEYS_PER_SERVICE, TRIAL_CALLS_PER_KEY } from '../services/cloud-keys.js';
import { useTestApp, useTestAccount, usePortalBrowser } from '../testing/app-suite.js';
import { portalBrowser } from '../testing/portal-session.js';

describe('portal Cloud services API (/app/api/cloud-services/keys)', () => {
  const test = useTestApp();
  const account = useTestAccount(test, 'pro');
  const developer = usePortalBrowser(test, account, 'developer');

  const authorize = (secret: string) => test.services.cloudKeys.authorize('face', secret);
  const logged = (keyId: string) =>
    test.services.context.database.db
      .selectFrom('activity_logs')
      .select(['action', 'user_id', 'ip'])
      .where('resource_id', '=', keyId)
      .orderBy('created_at')
      .execute();

  it('creates a key whose secret is shown once and works; pauses, resumes, rotates and revokes it, each logged', async () => {
    const created = await developer.call('POST', '/cloud-services/keys', {
      service: 'face',
      name: 'checkout',
    });
    expect(created.statusCode).toBe(201);
    expect(created.headers['cache-control']).toBe('no-store');
    const key = created.json();
    expect(key).toMatchObject({
      service: 'face',
      name: 'checkout',
      status: 'active',
      usage: { used: 0, limit: TRIAL_CALLS_PER_KEY, remaining: TRIAL_CALLS_PER_KEY },
    });
    expect(key.secret.startsWith(key.prefix)).toBe(true);
    // Usage against the quota, as the list shows it after one call; never the secret.
    expect(await authorize(key.secret)).toMatchObject({ ok: true });
    const list = await developer.call('GET', '/cloud-services/keys');
    expect(list.body).not.toContain(key.secret);
    expect(list.json()).toEqual([
      expect.objectContaining({ _id: key._id, usage: expect.objectContaining({ used: 1 }) }),
    ]);

    const paused = await developer.call('PATCH', `/cloud-services/keys/${key._id}`, {
      paused: true,
    });
    expect(paused.json()).toMatchObject({ status: 'paused', paused: true });
    expect(await authorize(key.secret)).toMatchObject({ ok: false, status: 401 });
    await developer.call('PATCH', `/cloud-services/keys/${key._id}`, { paused: false });
    expect(await authorize(key.secret)).toMatchObject({ ok: true });

    const rotated = await developer.call('POST', `/cloud-services/keys/${key._id}/rotate`);
    expect(rotated.statusCode).toBe(200);
    expect(rotated.headers['cache-control']).toBe('no-store');
    const { secret } = rotated.json();
    expect(secret).not.toBe(key.secret);
    expect(await authorize(key.secret)).toMatchObject({ ok: false, status: 401 });
    expect(await authorize(secret)).toMatchObject({ ok: true });
    // Usage carries over a rotation.
    expect(rotated.json().usage.used).toBe(2);

    const revoked = await developer.call('DELETE', `/cloud-services/keys/${key._id}`);
    expect(revoked.json()).toEqual({ _id: key._id, deleted: true });
    expect(await authorize(secret)).toMatchObject({ ok: false, status: 401 });
    expect((await developer.call('GET', '/cloud-services/keys')).json()).toEqual([]);
    expect(await logged(key._id)).toEqual(
      [
        'cloud_key.created',
        'cloud_key.paused',
        'cloud_key.resumed',
        'cloud_key.rotated',
        'cloud_key.revoked',
      ].map((action) => ({ action, user_id: developer.memberId, ip: '127.0.0.1' })),
    );
  });

  it("keeps the REST API's rules: five keys per service, validation, plan and roles", async () => {
    for (let i = 0; i < MAX_KEYS_PER_SERVICE; i++)
      expect(
        (await developer.call('POST', '/cloud-services/keys', { service: 'id' })).statusCode,
      ).toBe(201);
    const sixth = await developer.call('POST', '/cloud-services/keys', { service: 'id' });
    expect(sixth.statusCode).toBe(422);
    const unknown = await developer.call('POST', '/cloud-services/keys', { service: 'voice' });
    expect(unknown.statusCode).toBe(400);

    for (const role of ['reviewer', 'viewer'] as const) {
      const person = await portalBrowser(test, account.companyId, role);
      expect((await person.call('GET', '/cloud-services/keys')).statusCode, role).toBe(403);
      const create = await person.call('POST', '/cloud-services/keys', { service: 'face' });
      expect(create.statusCode, role).toBe(403);
    }
    const basic = await test.account('basic');
    const basicOwner = await portalBrowser(test, basic.companyId, 'owner');
    const refused = await basicOwner.call('POST', '/cloud-services/keys', { service: 'face' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('this endpoint requires a Premium or Pro plan');
  });
});
