import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createLink,
  createTestApp,
  type TestAccount,
  type TestApp,
} from '../../testing/harness.js';
import {
  createWebhookTestApp,
  startWebhookReceiver,
  verifyReceivedWebhook,
  type WebhookReceiver,
} from '../../testing/webhook-receiver.js';
import { sendWebhook } from './sender.js';

describe('webhook delivery', () => {
  let test: TestApp;
  let account: TestAccount;
  let receiver: WebhookReceiver;
  let endpointId: string;

  beforeAll(async () => {
    ({ test, account, receiver, endpointId } = await createWebhookTestApp({
      start: new Date(),
      env: { IDV_WEBHOOK_TIMEOUT_MS: '400' },
    }));
  });
  afterEach(() => receiver.respond(() => ({ status: 200 })));
  afterAll(async () => {
    await test.close();
    await receiver.close();
  });

  /** Opens a new link's flow: the transition that emits `verification.started`. */
  const startVerification = async () => {
    const link = await createLink(test, account.token);
    const opened = await test.inject({
      method: 'POST',
      url: '/api/v1/flow/sessions',
      payload: { linkId: link.linkId },
    });
    expect(opened.statusCode).toBe(201);
    return link.verificationId;
  };
  const deliveries = async (endpoint = endpointId, token: string | undefined = account.token) =>
    test.inject({
      method: 'GET',
      url: `/api/v1/webhook-endpoints/${endpoint}/deliveries`,
      token,
    });
  const deliveryOf = async (verificationId: string) =>
    (await deliveries())
      .json()
      .data.find((d: { verificationId: string }) => d.verificationId === verificationId);
  const settled = async (verificationId: string) => {
    for (let i = 0; i < 100; i += 1) {
      const delivery = await deliveryOf(verificationId);
      if (delivery !== undefined && delivery.status !== 'pending') return delivery;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('delivery did not settle');
  };

  for (const status of [200, 201, 202, 204]) {
    it(`stops at the first ${status}`, async () => {
      receiver.respond(() => ({ status }));
      const verificationId = await startVerification();
      const delivery = await settled(verificationId);
      expect(delivery.status).toBe('succeeded');
      expect(delivery.attempts).toMatchObject([{ attempt: 1, statusCode: status, success: true }]);
    });
  }

  it('retries up to three attempts 100 ms apart with the same webhook-id, signing each attempt', async () => {
    let calls = 0;
    receiver.respond(() => ({ status: ++calls === 3 ? 200 : 500 }));
    const before = receiver.received.length;
    const verificationId = await startVerification();
    const received = await receiver.waitFor(3, (r) => r.body.includes(verificationId));
    expect(receiver.received.length - before).toBe(3);
    const ids = new Set(received.map((r) => r.headers['webhook-id']));
    expect(ids.size).toBe(1);
    expect(received.map((r) => r.body)).toEqual([
      received[0]!.body,
      received[0]!.body,
      received[0]!.body,
    ]);
    for (const request of received) {
      expect(verifyReceivedWebhook(request, account.webhookSecret).type).toBe(
        'verification.started',
      );
      expect(request.headers['content-type']).toBe('application/json');
      expect(request.headers['user-agent']).toMatch(/^idv-webhooks\//);
    }
    for (let i = 1; i < received.length; i += 1)
      expect(received[i]!.receivedAt - received[i - 1]!.receivedAt).toBeGreaterThanOrEqual(95);
    const delivery = await settled(verificationId);
    expect(delivery).toMatchObject({
      status: 'succeeded',
      type: 'verification.started',
      endpointId,
      payload: { type: 'verification.started', data: { _verificationId: verificationId } },
    });
    expect(delivery.attempts.map((a: { statusCode: number }) => a.statusCode)).toEqual([
      500, 500, 200,
    ]);
  });

  it('counts a redirect (never followed), other statuses and a timeout as failed attempts, and drops the event after three', async () => {
    let calls = 0;
    receiver.respond(() => {
      const index = calls++;
      if (index % 3 === 0)
        return { status: 302, headers: { location: `${receiver.url}/elsewhere` } };
      if (index % 3 === 1) return { status: 203 };
      return 'hang';
    });
    const before = receiver.received.length;
    const verificationId = await startVerification();
    const delivery = await settled(verificationId);
    expect(delivery.status).toBe('failed');
    expect(
      delivery.attempts.map(
        (a: { statusCode: number | null; error: string | null; success: boolean }) => [
          a.statusCode,
          a.error,
          a.success,
        ],
      ),
    ).toEqual([
      [302, 'redirect not followed', false],
      [203, null, false],
      [null, 'timeout after 400 ms', false],
    ]);
    // Three requests, none to the redirect target, and nothing more after the third.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(receiver.received.slice(before).map((r) => r.body.includes(verificationId))).toEqual([
      true,
      true,
      true,
    ]);
  });

  it('delivers the events of one verification to an endpoint in order, even when one needs a retry', async () => {
    const verificationId = await startVerification();
    await settled(verificationId);
    const firstAttempts = new Set<string>();
    receiver.respond((request) => {
      const id = String(request.headers['webhook-id']);
      if (firstAttempts.has(id)) return { status: 200 };
      firstAttempts.add(id);
      return { status: 503 };
    });
    const subject = await test.services.verifications.loadRow(
      verificationId,
      test.services.context.database.db,
    );
    await test.services.events.transaction(async (_trx, emit) => {
      await emit(subject!, 'verification.addfront.started');
      await emit(subject!, 'verification.addfront.successful');
      await emit(subject!, 'verification.addback.started');
    });
    const received = await receiver.waitFor(
      6,
      (r) => r.body.includes(verificationId) && !r.body.includes('"verification.started"'),
    );
    expect(received.map((r) => (JSON.parse(r.body) as { type: string }).type)).toEqual([
      'verification.addfront.started',
      'verification.addfront.started',
      'verification.addfront.successful',
      'verification.addfront.successful',
      'verification.addback.started',
      'verification.addback.started',
    ]);
  });

  it('signs with the current webhook secret right after a rotation', async () => {
    const rotated = await test.inject({
      method: 'PATCH',
      url: '/api/v1/users/me/webhook-secret',
      token: account.token,
    });
    const secret = rotated.json().webhookSecret as string;
    const verificationId = await startVerification();
    const [request] = await receiver.waitFor(1, (r) => r.body.includes(verificationId));
    expect(() => verifyReceivedWebhook(request!, account.webhookSecret)).toThrow();
    expect(verifyReceivedWebhook(request!, secret).type).toBe('verification.started');
    account.webhookSecret = secret;
  });

  it('answers deliveries only to the endpoint owner, like an unknown endpoint otherwise', async () => {
    const other = await test.account('pro');
    const foreign = await deliveries(endpointId, other.token);
    const unknown = await deliveries('00000000-0000-4000-8000-000000000009', other.token);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toBe(unknown.body);
    const own = await deliveries();
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ page: 1, size: 100 });
    expect(own.json().total).toBeGreaterThan(0);
    const anonymous = await test.inject({
      method: 'GET',
      url: `/api/v1/webhook-endpoints/${endpointId}/deliveries`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('webhook delivery SSRF guard (at send time)', () => {
  it('refuses loopback and private targets, by name (resolved, then pinned) or by address', async () => {
    const receiver = await startWebhookReceiver();
    try {
      const port = new URL(receiver.url).port;
      for (const url of [
        `https://127.0.0.1:${port}/hook`,
        `https://localhost:${port}/hook`,
        `https://[::1]:${port}/hook`,
        'https://10.1.2.3/hook',
        'https://169.254.169.254/latest/meta-data',
        'https://[::a9fe:a9fe]/latest/meta-data',
      ]) {
        const result = await sendWebhook({
          url,
          body: '{}',
          headers: {},
          timeoutMs: 1000,
          allowPrivate: false,
        });
        expect(result, url).toMatchObject({ success: false, statusCode: null });
        expect(result.error, url).toMatch(/^refused: /);
      }
      expect(receiver.received).toHaveLength(0);
      const allowed = await sendWebhook({
        url: `http://localhost:${port}/hook`,
        body: '{"a":1}',
        headers: { 'content-type': 'application/json' },
        timeoutMs: 1000,
        allowPrivate: true,
      });
      expect(allowed).toMatchObject({ success: true, statusCode: 200, error: null });
      expect(receiver.received[0]!.body).toBe('{"a":1}');
    } finally {
      await receiver.close();
    }
  });

  it('records a refused attempt when an endpoint URL now points at a private address', async () => {
    const test = await createTestApp({ worker: true, start: new Date() });
    try {
      const account = await test.account('premium');
      // Registered while it resolved publicly; it now resolves to loopback (DNS changed).
      await test.services.context.database.db
        .insertInto('webhook_endpoints')
        .values({
          id: '00000000-0000-4000-8000-00000000beef',
          company_id: account.companyId,
          user_id: account.userId,
          url: 'https://localhost:9/hook',
          description: '',
          created_at: new Date().toISOString(),
          updated_at: new Date().toISOString(),
        })
        .execute();
      const link = await createLink(test, account.token);
      await test.inject({
        method: 'POST',
        url: '/api/v1/flow/sessions',
        payload: { linkId: link.linkId },
      });
      let delivery;
      for (let i = 0; i < 100 && delivery?.status !== 'failed'; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        delivery = (
          await test.inject({
            method: 'GET',
            url: '/api/v1/webhook-endpoints/00000000-0000-4000-8000-00000000beef/deliveries',
            token: account.token,
          })
        ).json().data[0];
      }
      expect(delivery.status).toBe('failed');
      expect(delivery.attempts).toHaveLength(3);
      for (const attempt of delivery.attempts)
        expect(attempt.error).toMatch(/^refused: localhost resolves/);
    } finally {
      await test.close();
    }
  });
});
