/**
 * The server's webhook tests: the test kit's receiver (`@idv/test-kit`), the check of both
 * signatures and of the contract's payload a receiver makes, and an app with a receiver
 * registered as an account's endpoint.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { closedSchema, WebhookPayload } from '@idv/contract';
import { startWebhookReceiver, type ReceivedWebhook, type WebhookReceiver } from '@idv/test-kit';
import { Webhook } from 'standardwebhooks';
import { Value } from 'typebox/value';
import { createTestApp, type TestAccount, type TestApp } from './harness.js';

export {
  startWebhookReceiver,
  type ReceivedWebhook,
  type Responder,
  type WebhookReceiver,
} from '@idv/test-kit';

/**
 * Checks both signatures of a received webhook as a receiver would, and answers its payload:
 * `X-Signature-SHA256` (hex HMAC-SHA256 of the raw body, compared in constant time) and the
 * Standard Webhooks headers through the `standardwebhooks` reference library.
 * @throws when either signature does not verify.
 */
export function verifyReceivedWebhook(
  received: ReceivedWebhook,
  webhookSecret: string,
): { type: string; data: Record<string, unknown> } {
  const expected = createHmac('sha256', webhookSecret).update(received.body, 'utf8').digest();
  const presented = Buffer.from(String(received.headers['x-signature-sha256'] ?? ''), 'hex');
  if (presented.length !== expected.length || !timingSafeEqual(presented, expected))
    throw new Error('X-Signature-SHA256 does not verify');
  new Webhook(webhookSecret, { format: 'raw' }).verify(received.body, {
    'webhook-id': String(received.headers['webhook-id']),
    'webhook-timestamp': String(received.headers['webhook-timestamp']),
    'webhook-signature': String(received.headers['webhook-signature']),
  });
  const payload: unknown = JSON.parse(received.body);
  // Every delivery a test receives is also held to the contract, closed: a field the contract does
  // not declare fails as surely as a missing one.
  if (!Value.Check(closedWebhookPayload, payload)) {
    const problems = [...Value.Errors(closedWebhookPayload, payload)]
      .map((error) => `${error.instancePath || '/'} ${error.message}`)
      .join('; ');
    throw new Error(`webhook payload does not fit the contract's WebhookPayload: ${problems}`);
  }
  return payload as { type: string; data: Record<string, unknown> };
}

/** The contract's payload schema, closed to undeclared fields. */
const closedWebhookPayload = closedSchema(WebhookPayload);

/**
 * A test app with its delivery worker running, webhooks allowed to loopback and rate limits off,
 * an account, and a receiver registered as the account's endpoint.
 */
export async function createWebhookTestApp(
  options: { env?: Record<string, string>; start?: Date } = {},
): Promise<{ test: TestApp; account: TestAccount; receiver: WebhookReceiver; endpointId: string }> {
  const test = await createTestApp({
    worker: true,
    ...(options.start !== undefined ? { start: options.start } : {}),
    env: { IDV_WEBHOOK_ALLOW_PRIVATE: 'true', IDV_RATE_LIMITS: 'off', ...options.env },
  });
  const account = await test.account('premium');
  const receiver = await startWebhookReceiver();
  const endpoint = await test.inject({
    method: 'POST',
    url: '/api/v1/webhook-endpoints',
    token: account.token,
    payload: { url: receiver.url, description: 'receiver' },
  });
  if (endpoint.statusCode !== 201)
    throw new Error(`endpoint registration failed: ${endpoint.statusCode} ${endpoint.body}`);
  return { test, account, receiver, endpointId: (endpoint.json() as { _id: string })._id };
}
