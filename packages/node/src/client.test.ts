import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IdvClient } from './client.js';
import {
  apiErrorFor,
  IdvApiError,
  IdvAuthError,
  IdvConflictError,
  IdvNotFoundError,
  IdvQuotaError,
} from './errors.js';
import { openDevice, SAMPLE_JPEG } from './testing/device.js';
import { startTestServer, type AccountCredentials, type TestServer } from './testing/server.js';

/** Every resource method against the real server started by its CLI. */
describe('IdvClient against idv-server', () => {
  let server: TestServer;
  let account: AccountCredentials;
  let idv: IdvClient;
  const unknownId = '00000000-0000-4000-8000-000000000000';

  beforeAll(async () => {
    server = await startTestServer({ IDV_ANALYSIS_URL: 'http://127.0.0.1:9' });
    account = await server.createAccount({ plan: 'pro', quota: 50 });
    idv = new IdvClient({
      baseUrl: server.baseUrl,
      clientId: account.clientId,
      clientSecret: account.clientSecret,
      retry: { baseDelayMs: 20 },
    });
  }, 90_000);
  afterAll(async () => server?.stop());

  it('service: health without a token', async () => {
    const health = await new IdvClient({ baseUrl: server.baseUrl }).service.health();
    expect(health).toMatchObject({ status: 'ok', database: 'sqlite' });
  });

  it('links: create, get, list (one page and all pages)', async () => {
    const created = await idv.links.create({
      type: 'ID ONLY',
      externalUserId: 'customer-42',
      metadata: { orderId: 'A-1001', gift: false },
    });
    expect(created.linkUrl).toMatch(/^https?:\/\//);
    const link = await idv.links.get(created.linkId);
    expect(link).toMatchObject({
      _id: created.linkId,
      verificationId: created.verificationId,
      type: 'ID ONLY',
      active: true,
      externalUserId: 'customer-42',
      metadata: { orderId: 'A-1001', gift: false },
    });
    const second = await idv.links.create({ type: 'FULL FLOW' });
    const page = await idv.links.listPage(1, { pageSize: 1 });
    expect(page.map((l) => l._id)).toEqual([second.linkId]);
    const all: string[] = [];
    for await (const l of idv.links.list({ pageSize: 1 })) all.push(l._id);
    expect(all.slice(0, 2)).toEqual([second.linkId, created.linkId]);
    await expect(idv.links.get(unknownId)).rejects.toBeInstanceOf(IdvNotFoundError);
  });

  it('verifications: get, latest, last hour, related, status poll, images as bytes, feedback', async () => {
    const first = await idv.links.create({ type: 'ID ONLY', externalUserId: 'returning-7' });
    const second = await idv.links.create({ type: 'ID ONLY', externalUserId: 'returning-7' });

    const record = await idv.verifications.get(second.verificationId);
    expect(record).toMatchObject({
      _id: second.verificationId,
      linkId: second.linkId,
      companyId: account.companyId,
      status: 'pending',
      step: 'NEW_OPERATION',
    });
    const latest = await idv.verifications.latest();
    expect(latest.data.map((v) => v._id)).toContain(second.verificationId);
    const lastHour = await idv.verifications.lastHour();
    expect(lastHour.data.map((v) => v._id)).toEqual(
      expect.arrayContaining([first.verificationId, second.verificationId]),
    );
    const related = await idv.verifications.related(second.verificationId);
    expect(related.map((r) => r._id)).toEqual([first.verificationId]);

    expect(await idv.verifications.status(second.verificationId, second.linkId)).toBe('pending');

    // The person opens the link and shows a document front: the image is stored.
    const device = await openDevice(server.baseUrl, second.linkId);
    expect((await device.acceptTerms()).status).toBe(200);
    await device.uploadFront();
    expect(
      await idv.verifications.status(second.verificationId, second.linkId, {
        includeOperation: true,
      }),
    ).toMatchObject({ status: 'started', method: 'DOCUMENT' });
    const images = await idv.verifications.images(second.verificationId);
    expect(images).toHaveLength(1);
    expect(images[0]).toMatchObject({ kind: 'front', contentType: 'image/jpeg' });
    const bytes = await idv.verifications.image(images[0]!._id);
    expect(bytes).toBeInstanceOf(Uint8Array);
    expect(bytes.length).toBe(images[0]!.size);
    expect([bytes[0], bytes[1], bytes[2]]).toEqual([0xff, 0xd8, 0xff]);
    expect(SAMPLE_JPEG.length).toBeGreaterThan(0);

    const reasons = await idv.verifications.feedbackReasons();
    expect(reasons.length).toBeGreaterThan(0);
    const feedback = await idv.verifications.feedback({
      verificationId: first.verificationId,
      overrideStatus: 'failed',
      reasonId: reasons[0]!._id,
    });
    expect(feedback).toMatchObject({
      verificationId: first.verificationId,
      overrideStatus: 'failed',
      status: 'failed',
    });
    expect((await idv.verifications.get(first.verificationId)).status).toBe('failed');
    await expect(idv.verifications.get(unknownId)).rejects.toBeInstanceOf(IdvNotFoundError);
  });

  it('webhook endpoints: create, list, get, update, deliveries, delete', async () => {
    const endpoint = await idv.webhookEndpoints.create({
      url: 'http://127.0.0.1:9/hooks',
      description: 'orders',
    });
    expect(endpoint).toMatchObject({ url: 'http://127.0.0.1:9/hooks', description: 'orders' });
    expect((await idv.webhookEndpoints.list()).map((e) => e._id)).toContain(endpoint._id);
    expect(await idv.webhookEndpoints.get(endpoint._id)).toEqual(endpoint);
    const updated = await idv.webhookEndpoints.update(endpoint._id, { description: 'shop' });
    expect(updated.description).toBe('shop');
    const page = await idv.webhookEndpoints.deliveriesPage(endpoint._id);
    expect(page).toMatchObject({ total: 0, page: 1, data: [] });
    const all = [];
    for await (const delivery of idv.webhookEndpoints.deliveries(endpoint._id)) all.push(delivery);
    expect(all).toEqual([]);
    expect(await idv.webhookEndpoints.delete(endpoint._id)).toEqual({
      _id: endpoint._id,
      deleted: true,
    });
    await expect(idv.webhookEndpoints.get(endpoint._id)).rejects.toBeInstanceOf(IdvNotFoundError);
    const refused = await idv.webhookEndpoints
      .create({ url: 'not a url' })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(IdvApiError);
    expect((refused as IdvApiError).status).toBe(400);
  });

  it('users: me, company, update, logo, webhook secret, stats, logs', async () => {
    const me = await idv.users.me();
    expect(me).toMatchObject({
      _id: account.userId,
      companyId: account.companyId,
      clientId: account.clientId,
      webhookSecret: account.webhookSecret,
    });
    const company = await idv.users.company();
    expect(company).toMatchObject({ _id: account.companyId, plan: 'pro' });
    const updated = await idv.users.updateCompany({
      color: '#123456',
      linkConfig: { expirationTime: 2, adaptiveFlow: true },
    });
    expect(updated.color).toBe('#123456');
    expect(updated.linkConfig).toMatchObject({ expirationTime: 2, adaptiveFlow: true });
    const withLogo = await idv.users.uploadLogo({ bytes: SAMPLE_JPEG, contentType: 'image/jpeg' });
    expect(withLogo.logoUrl).toContain(account.companyId);

    const { webhookSecret } = await idv.users.rotateWebhookSecret();
    expect(webhookSecret).not.toBe(account.webhookSecret);
    expect((await idv.users.me()).webhookSecret).toBe(webhookSecret);

    const stats = await idv.users.stats();
    expect(stats).toMatchObject({ plan: 'pro', quota: 50 });
    expect(stats.linksGenerated).toBeGreaterThanOrEqual(4);
    const page = await idv.users.logsPage(1, { pageSize: 5 });
    expect(page.data).toHaveLength(5);
    const actions: string[] = [];
    for await (const entry of idv.users.logs({ pageSize: 7 })) actions.push(entry.action);
    expect(actions.length).toBe(page.total);
    expect(actions).toContain('webhook_secret.rotated');
    expect(actions).toContain('company.updated');
  });

  it('cloud-service keys: create, list, get, rotate, pause, resume, revoke', async () => {
    const key = await idv.cloudKeys.create({ service: 'face', name: 'backend' });
    expect(key).toMatchObject({ service: 'face', name: 'backend', status: 'active' });
    expect(key.secret.startsWith(key.prefix)).toBe(true);
    expect((await idv.cloudKeys.list()).map((k) => k._id)).toContain(key._id);
    expect((await idv.cloudKeys.get(key._id)).usage.limit).toBe(10_000);
    const rotated = await idv.cloudKeys.rotate(key._id);
    expect(rotated.secret).not.toBe(key.secret);
    expect((await idv.cloudKeys.setPaused(key._id, true)).status).toBe('paused');
    expect((await idv.cloudKeys.setPaused(key._id, false)).status).toBe('active');
    expect(await idv.cloudKeys.revoke(key._id)).toEqual({ _id: key._id, deleted: true });
    await expect(idv.cloudKeys.get(key._id)).rejects.toBeInstanceOf(IdvNotFoundError);
  });

  it('billing: payment method and subscription (Premium account)', async () => {
    const premium = await server.createAccount({ plan: 'premium' });
    const client = new IdvClient({
      baseUrl: server.baseUrl,
      clientId: premium.clientId,
      clientSecret: premium.clientSecret,
    });
    const { subscriptionId } = await client.users.company();
    expect(subscriptionId).not.toBeNull();
    const subscription = await client.billing.subscription(subscriptionId!);
    expect(subscription).toMatchObject({
      _id: subscriptionId,
      companyId: premium.companyId,
      status: 'unpaid',
    });
    expect(subscription.invoices).toEqual([
      expect.objectContaining({ amount: 49.99, currency: 'USD', status: 'open' }),
    ]);
    const declined = await client.billing
      .addPaymentMethod('tok_chargeDeclined')
      .catch((error: unknown) => error);
    expect(declined).toBeInstanceOf(IdvApiError);
    expect(declined).toMatchObject({ status: 402, apiMessage: 'payment failed: card declined' });
    const added = await client.billing.addPaymentMethod('tok_visa');
    expect(added.paymentMethod).toMatchObject({ brand: 'visa', last4: '4242' });
    expect(added.collectedInvoices).toEqual([expect.objectContaining({ status: 'paid' })]);
    expect((await client.billing.subscription(subscriptionId!)).status).toBe('active');
    // Another company's subscription: 403.
    const foreign = await idv.billing.subscription(subscriptionId!).catch((e: unknown) => e);
    expect(foreign).toBeInstanceOf(IdvAuthError);
    expect((foreign as IdvAuthError).status).toBe(403);
  });

  it('service: contact request is idempotent per company', async () => {
    const first = await idv.service.contactRequest({ message: 'call me' });
    const again = await idv.service.contactRequest({ message: 'call me' });
    expect(again._id).toBe(first._id);
  });

  it('typed errors: wrong credentials, Basic plan, quota, request id', async () => {
    const wrong = new IdvClient({
      baseUrl: server.baseUrl,
      clientId: account.clientId,
      clientSecret: 'not-the-secret',
    });
    const refused = await wrong.users.me().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(IdvAuthError);
    expect(refused).toMatchObject({ status: 401, oauthError: 'invalid_client' });
    expect((refused as IdvAuthError).requestId).toMatch(/^[0-9a-f-]{36}$/);

    const basic = await server.createAccount({ plan: 'basic' });
    const basicClient = new IdvClient({
      baseUrl: server.baseUrl,
      clientId: basic.clientId,
      clientSecret: basic.clientSecret,
    });
    const noApi = await basicClient.links
      .list()
      .next()
      .catch((error: unknown) => error);
    expect(noApi).toBeInstanceOf(IdvAuthError);
    expect((noApi as IdvAuthError).apiMessage).toMatch(/Premium or Pro/);

    const small = await server.createAccount({ plan: 'pro', quota: 1 });
    const smallClient = new IdvClient({
      baseUrl: server.baseUrl,
      clientId: small.clientId,
      clientSecret: small.clientSecret,
    });
    await smallClient.links.create({ type: 'ID ONLY' });
    const over = await smallClient.links.create({ type: 'ID ONLY' }).catch((e: unknown) => e);
    expect(over).toBeInstanceOf(IdvQuotaError);
    expect((over as IdvQuotaError).status).toBe(422);
  });

  it("request id: IdvApiError.requestId is the server's X-Request-Id of the failed answer", async () => {
    const answered: (string | null)[] = [];
    const recording = new IdvClient({
      baseUrl: server.baseUrl,
      clientId: account.clientId,
      clientSecret: account.clientSecret,
      // The global fetch, only noting the header each answer carried.
      fetch: async (input, init) => {
        const response = await fetch(input, init);
        answered.push(response.headers.get('x-request-id'));
        return response;
      },
    });
    const missing = await recording.verifications.get(unknownId).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(IdvNotFoundError);
    const requestId = (missing as IdvNotFoundError).requestId;
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(answered.at(-1)).toBe(requestId);
  });

  it('quota: told by the quota call and its status, not by the wording of the message', async () => {
    // The real server's 422 of POST /links, whatever its message says.
    const small = await server.createAccount({ plan: 'pro', quota: 1 });
    const smallClient = new IdvClient({
      baseUrl: server.baseUrl,
      clientId: small.clientId,
      clientSecret: small.clientSecret,
    });
    await smallClient.links.create({ type: 'FULL FLOW' });
    const over = await smallClient.links.create({ type: 'FULL FLOW' }).catch((e: unknown) => e);
    expect(over).toBeInstanceOf(IdvQuotaError);
    const reworded = apiErrorFor({
      status: 422,
      message: 'monthly allowance used up',
      requestId: 'r',
      method: 'POST',
      path: '/links',
      body: { type: 'ErrorResponse', message: 'monthly allowance used up' },
      consumesQuota: true,
    });
    expect(reworded).toBeInstanceOf(IdvQuotaError);

    // A 422 of another route is not quota, even if its message were to mention verifications.
    const keys = await server.createAccount({ plan: 'pro' });
    const keysClient = new IdvClient({
      baseUrl: server.baseUrl,
      clientId: keys.clientId,
      clientSecret: keys.clientSecret,
    });
    for (let i = 0; i < 5; i++) await keysClient.cloudKeys.create({ service: 'id' });
    const sixth = await keysClient.cloudKeys.create({ service: 'id' }).catch((e: unknown) => e);
    expect(sixth).toBeInstanceOf(IdvApiError);
    expect((sixth as IdvApiError).status).toBe(422);
    expect(sixth).not.toBeInstanceOf(IdvQuotaError);
    const misleading = apiErrorFor({
      status: 422,
      message: 'max verifications reached',
      requestId: 'r',
      method: 'POST',
      path: '/cloud-services/keys',
      body: { type: 'ErrorResponse', message: 'max verifications reached' },
    });
    expect(misleading).not.toBeInstanceOf(IdvQuotaError);
  });

  it('typed errors: a real 409 link error carries its link code', async () => {
    const { linkId } = await idv.links.create({ type: 'ID ONLY' });
    const first = await openDevice(server.baseUrl, linkId);
    // A second device on the same link without the hand-off token: 409 LinkAlreadyUsed.
    const answer = await fetch(`${server.baseUrl}/flow/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ linkId }),
    });
    expect(first.sessionToken).toBeTruthy();
    expect(answer.status).toBe(409);
    const error = apiErrorFor({
      status: answer.status,
      message: 'link error',
      requestId: 'r',
      method: 'POST',
      path: '/flow/sessions',
      body: await answer.json(),
    });
    expect(error).toBeInstanceOf(IdvConflictError);
    expect(error).toMatchObject({ linkCode: 4091, linkErrorName: 'LinkAlreadyUsed', linkId });
  });
});
