import { createHmac, timingSafeEqual } from 'node:crypto';
import { closedSchema, WebhookTestEvent } from '@idv/contract';
import { Webhook } from 'standardwebhooks';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RETRY_DELAY_MS } from '../services/webhooks/deliveries.js';
import { createTestApp, type TestAccount, type TestApp } from '../testing/harness.js';
import { portalBrowser, type PortalBrowser } from '../testing/portal-session.js';
import {
  startWebhookReceiver,
  type ReceivedWebhook,
  type WebhookReceiver,
} from '../testing/webhook-receiver.js';

/** Both signatures of a delivery, checked as a receiver does (the reference library for one). */
function verifySignatures(received: ReceivedWebhook, secret: string): void {
  const expected = createHmac('sha256', secret).update(received.body, 'utf8').digest();
  const presented = Buffer.from(String(received.headers['x-signature-sha256']), 'hex');
  expect(presented.length === expected.length && timingSafeEqual(presented, expected)).toBe(true);
  new Webhook(secret, { format: 'raw' }).verify(received.body, {
    'webhook-id': String(received.headers['webhook-id']),
    'webhook-timestamp': String(received.headers['webhook-timestamp']),
    'webhook-signature': String(received.headers['webhook-signature']),
  });
}

describe('portal webhook sends: test event and resend (/app/api/webhook-endpoints/…)', () => {
  let test: TestApp;
  let account: TestAccount;
  let developer: PortalBrowser;
  let receiver: WebhookReceiver;
  let endpointId: string;

  beforeAll(async () => {
    test = await createTestApp({
      worker: true,
      start: new Date(),
      env: { IDV_WEBHOOK_ALLOW_PRIVATE: 'true' },
    });
    account = await test.account('pro');
    developer = await portalBrowser(test, account.companyId, 'developer');
    // The first attempt is refused, every later one accepted.
    receiver = await startWebhookReceiver({
      responder: (_request, index) => ({ status: index === 0 ? 503 : 200 }),
    });
    const created = await developer.call('POST', '/webhook-endpoints', { url: receiver.url });
    expect(created.statusCode).toBe(201);
    endpointId = created.json()._id;
  });
  afterAll(async () => {
    await test.close();
    await receiver.close();
  });

  const deliveries = async () =>
    (await developer.call('GET', `/webhook-endpoints/${endpointId}/deliveries`)).json() as {
      total: number;
      data: {
        _id: string;
        type: string;
        status: string;
        eventId: string;
        attempts: { statusCode: number | null; success: boolean }[];
      }[];
    };

  /** Polls the delivery log until `done` holds (the worker records attempts after sending). */
  async function logWhen(done: (log: Awaited<ReturnType<typeof deliveries>>) => boolean) {
    for (let i = 0; i < 200; i += 1) {
      const log = await deliveries();
      if (done(log)) return log;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`the delivery log never settled: ${JSON.stringify(await deliveries())}`);
  }

  it('sends a signed test event through the worker, retries it, and resends it with the same webhook-id', async () => {
    const sent = await developer.call('POST', `/webhook-endpoints/${endpointId}/test`);
    expect(sent.statusCode).toBe(202);
    const { deliveryId, eventId } = sent.json();

    const [first] = await receiver.waitFor(1);
    verifySignatures(first!, account.webhookSecret);
    expect(first!.headers['webhook-id']).toBe(eventId);
    const payload: unknown = JSON.parse(first!.body);
    expect(Value.Check(closedSchema(WebhookTestEvent), payload)).toBe(true);
    expect(payload).toMatchObject({ type: 'webhook.test', data: { _endpointId: endpointId } });

    // The 503 is in the log; the delivery is still being attempted, so it cannot be resent yet.
    let log = await logWhen((l) => l.data[0]?.attempts.length === 1);
    expect(log.data[0]).toMatchObject({ _id: deliveryId, type: 'webhook.test', status: 'pending' });
    expect(log.data[0]!.attempts[0]).toMatchObject({ statusCode: 503, success: false });
    const early = await developer.call(
      'POST',
      `/webhook-endpoints/${endpointId}/deliveries/${deliveryId}/resend`,
    );
    expect(early.statusCode).toBe(409);

    // Its retry is due after the delay: accepted.
    test.clock.advance(RETRY_DELAY_MS);
    test.services.deliveryWorker.wake();
    await receiver.waitFor(2);
    log = await logWhen((l) => l.data[0]?.status === 'succeeded');
    expect(log.data[0]!.attempts.map((a) => a.statusCode)).toEqual([503, 200]);

    // A resend is a new delivery of the same event: same body, same webhook-id, fresh signature.
    const resent = await developer.call(
      'POST',
      `/webhook-endpoints/${endpointId}/deliveries/${deliveryId}/resend`,
    );
    expect(resent.statusCode).toBe(202);
    expect(resent.json().eventId).toBe(eventId);
    expect(resent.json().deliveryId).not.toBe(deliveryId);
    const third = (await receiver.waitFor(3))[2]!;
    verifySignatures(third, account.webhookSecret);
    expect(third.body).toBe(first!.body);
    expect(third.headers['webhook-id']).toBe(eventId);
    log = await logWhen((l) => l.total === 2 && l.data[0]?.status === 'succeeded');
    expect(log.data.map((d) => d.eventId)).toEqual([eventId, eventId]);
    expect(log.data[0]!.attempts.map((a) => a.statusCode)).toEqual([200]);

    const activity = await test.services.context.database.db
      .selectFrom('activity_logs')
      .select(['action', 'user_id', 'ip', 'resource_id'])
      .where('company_id', '=', account.companyId)
      .where('action', 'in', ['webhook_endpoint.test_sent', 'webhook_delivery.resent'])
      .orderBy('created_at')
      .execute();
    expect(activity).toEqual([
      {
        action: 'webhook_endpoint.test_sent',
        user_id: developer.memberId,
        ip: '127.0.0.1',
        resource_id: endpointId,
      },
      {
        action: 'webhook_delivery.resent',
        user_id: developer.memberId,
        ip: '127.0.0.1',
        resource_id: deliveryId,
      },
    ]);
  });

  it("refuses a resend through another endpoint's address, an unknown delivery, and other roles", async () => {
    const other = await developer.call('POST', '/webhook-endpoints', {
      url: `${receiver.url}/other`,
    });
    const otherId = other.json()._id;
    const [delivery] = (await deliveries()).data;
    const crossed = await developer.call(
      'POST',
      `/webhook-endpoints/${otherId}/deliveries/${delivery!._id}/resend`,
    );
    expect(crossed.statusCode).toBe(404);
    expect(crossed.json().message).toBe('webhook delivery not found');
    const unknown = await developer.call(
      'POST',
      `/webhook-endpoints/${endpointId}/deliveries/00000000-0000-4000-8000-000000000001/resend`,
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toBe(crossed.body);

    for (const role of ['reviewer', 'viewer'] as const) {
      const person = await portalBrowser(test, account.companyId, role);
      expect((await person.call('POST', `/webhook-endpoints/${endpointId}/test`)).statusCode).toBe(
        403,
      );
      const resend = await person.call(
        'POST',
        `/webhook-endpoints/${endpointId}/deliveries/${delivery!._id}/resend`,
      );
      expect(resend.statusCode).toBe(403);
    }
    // CSRF: a change without the session's token is refused before anything is queued.
    const total = (await deliveries()).total;
    const forged = await developer.call(
      'POST',
      `/webhook-endpoints/${endpointId}/test`,
      undefined,
      {
        'x-csrf-token': 'forged',
      },
    );
    expect(forged.statusCode).toBe(403);
    expect((await deliveries()).total).toBe(total);
  });
});
