import { describe, expect, it } from 'vitest';
import { FEEDBACK_REASONS } from '../db/migrations/0001-initial.js';
import { useTestApp, useTestAccount, usePortalBrowser } from '../testing/app-suite.js';
import { portalBrowser } from '../testing/portal-session.js';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const basic = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

describe('portal Developers API (/app/api/developers, /app/api/webhook-endpoints)', () => {
  const test = useTestApp();
  const account = useTestAccount(test, 'pro');
  const developer = usePortalBrowser(test, account, 'developer');

  const tokenWith = (clientId: string, secret: string) =>
    test.inject({
      method: 'POST',
      url: '/api/v1/oauth/token',
      headers: { ...FORM, authorization: basic(clientId, secret) },
      payload: 'grant_type=client_credentials',
    });

  const activity = (action: string) =>
    test.services.context.database.db
      .selectFrom('activity_logs')
      .select(['user_id', 'ip', 'resource_id'])
      .where('company_id', '=', account.companyId)
      .where('action', '=', action)
      .execute();

  it('shows the client id, never the secret, and rotates it: the old secret and its tokens are refused', async () => {
    const credentials = await developer.call('GET', '/developers/credentials');
    expect(credentials.statusCode).toBe(200);
    expect(credentials.json()).toEqual({
      clientId: account.clientId,
      tokenUrl: `${test.config.publicAppUrl}/api/v1/oauth/token`,
    });
    expect(credentials.body).not.toContain(account.clientSecret);

    const rotated = await developer.call('POST', '/developers/client-secret');
    expect(rotated.statusCode).toBe(200);
    expect(rotated.headers['cache-control']).toBe('no-store');
    const { clientId, clientSecret } = rotated.json();
    expect(clientId).toBe(account.clientId);
    expect(clientSecret).not.toBe(account.clientSecret);

    expect((await tokenWith(clientId, account.clientSecret)).statusCode).toBe(401);
    expect((await tokenWith(clientId, clientSecret)).statusCode).toBe(200);
    // The token issued before the rotation is revoked too (the API's rule): 401 invalid_token.
    const me = await test.inject({ method: 'GET', url: '/api/v1/users/me', token: account.token });
    expect(me.statusCode).toBe(401);
    const log = await activity('client_secret.rotated');
    expect(log).toHaveLength(1);
    expect(log[0]!.ip).toBe('127.0.0.1');
    // Who: the signed-in person, not the API client.
    const member = await test.services.context.database.db
      .selectFrom('activity_logs')
      .select('user_id')
      .where('action', '=', 'portal.sign-in.password')
      .where('company_id', '=', account.companyId)
      .executeTakeFirstOrThrow();
    expect(log[0]!.user_id).toBe(member.user_id);
  });

  it('reveals the webhook secret only after the password is typed again, logged, and rotates it', async () => {
    // No reveal without re-authentication: the former GET is gone.
    expect((await developer.call('GET', '/developers/webhook-secret')).statusCode).toBe(404);
    const wrong = await developer.call('POST', '/developers/webhook-secret/reveal', {
      password: 'not the password at all',
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.body).not.toContain(account.webhookSecret);
    expect(await activity('webhook_secret.revealed')).toHaveLength(0);
    // The session survives a wrong password (403, not 401).
    expect((await developer.call('GET', '/session')).statusCode).toBe(200);

    const revealed = await developer.call('POST', '/developers/webhook-secret/reveal', {
      password: developer.password,
    });
    expect(revealed.statusCode).toBe(200);
    expect(revealed.headers['cache-control']).toBe('no-store');
    expect(revealed.json()).toEqual({ webhookSecret: account.webhookSecret });
    expect(await activity('webhook_secret.revealed')).toHaveLength(1);
    const rotated = await developer.call('POST', '/developers/webhook-secret');
    const { webhookSecret } = rotated.json();
    expect(webhookSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(webhookSecret).not.toBe(account.webhookSecret);
    expect(await test.services.accounts.webhookSecretOfCompany(account.companyId)).toBe(
      webhookSecret,
    );
    expect(await activity('webhook_secret.rotated')).toHaveLength(1);
  });

  it('creates, edits, lists and deletes webhook endpoints with the REST API rules, and lists their deliveries', async () => {
    const created = await developer.call('POST', '/webhook-endpoints', {
      url: 'https://93.184.216.34/portal-hook',
      description: 'from the portal',
    });
    expect(created.statusCode).toBe(201);
    const endpoint = created.json();
    expect(endpoint).toMatchObject({ url: 'https://93.184.216.34/portal-hook' });
    // The SSRF rule of the REST API: no private address.
    const privateUrl = await developer.call('POST', '/webhook-endpoints', {
      url: 'https://10.0.0.1/hook',
    });
    expect(privateUrl.statusCode).toBe(400);
    const unknownField = await developer.call('POST', '/webhook-endpoints', {
      url: 'https://93.184.216.34/x',
      secret: 'no',
    });
    expect(unknownField.statusCode).toBe(400);

    const edited = await developer.call('PATCH', `/webhook-endpoints/${endpoint._id}`, {
      description: 'renamed',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ description: 'renamed', url: endpoint.url });
    const list = (await developer.call('GET', '/webhook-endpoints')).json();
    expect(list.map((e: { _id: string }) => e._id)).toEqual([endpoint._id]);

    // A verification event queues one delivery to the endpoint.
    const link = await developer.call('POST', '/links', { type: 'ID ONLY' });
    expect(link.statusCode).toBe(201);
    await test.services.verifications.applyFeedback(
      account.companyId,
      account.userId,
      {
        verificationId: link.json().verificationId,
        overrideStatus: 'success',
        reasonId: FEEDBACK_REASONS[0].id,
      },
      '127.0.0.1',
    );
    const deliveries = await developer.call('GET', `/webhook-endpoints/${endpoint._id}/deliveries`);
    expect(deliveries.statusCode).toBe(200);
    expect(deliveries.json()).toMatchObject({
      total: 1,
      data: [{ endpointId: endpoint._id, type: 'verification.successful', status: 'pending' }],
    });

    const deleted = await developer.call('DELETE', `/webhook-endpoints/${endpoint._id}`);
    expect(deleted.json()).toEqual({ _id: endpoint._id, deleted: true });
    expect((await developer.call('GET', '/webhook-endpoints')).json()).toEqual([]);
    for (const action of ['created', 'updated', 'deleted'])
      expect(await activity(`webhook_endpoint.${action}`), action).toHaveLength(1);
  });

  it('is for owners, admins and developers only, and for plans with the API', async () => {
    for (const role of ['reviewer', 'viewer'] as const) {
      const person = await portalBrowser(test, account.companyId, role);
      for (const [method, path] of [
        ['GET', '/developers/credentials'],
        ['POST', '/developers/client-secret'],
        ['POST', '/developers/webhook-secret/reveal'],
        ['GET', '/webhook-endpoints'],
        ['POST', '/webhook-endpoints'],
      ] as const) {
        const body =
          path === '/webhook-endpoints'
            ? { url: 'https://93.184.216.34/x' }
            : { password: person.password };
        const answer = await person.call(method, path, method === 'POST' ? body : undefined);
        expect(answer.statusCode, `${role} ${method} ${path}`).toBe(403);
      }
    }
    for (const role of ['owner', 'admin'] as const) {
      const person = await portalBrowser(test, account.companyId, role);
      expect((await person.call('GET', '/developers/credentials')).statusCode).toBe(200);
    }
    const basicPlan = await test.account('basic');
    const basicOwner = await portalBrowser(test, basicPlan.companyId, 'owner');
    const refused = await basicOwner.call('GET', '/developers/credentials');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('this endpoint requires a Premium or Pro plan');
  });
});
