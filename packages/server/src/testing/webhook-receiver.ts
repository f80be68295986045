import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { closedSchema, WebhookPayload } from '@idv/contract';
import { Webhook } from 'standardwebhooks';
import { Value } from 'typebox/value';
import { createTestApp, type TestAccount, type TestApp } from './harness.js';

/** One request the receiver got. */
export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  /** The raw body, exactly as received. */
  body: string;
  receivedAt: number;
}

/** How the receiver answers: a status (default 200) after an optional delay, or never. */
export type Responder = (
  request: ReceivedWebhook,
  index: number,
) => { status: number; delayMs?: number; headers?: Record<string, string> } | 'hang';

/** A real HTTP server on loopback that records webhook deliveries. */
export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  /** Changes how it answers from now on. */
  respond(responder: Responder): void;
  /** Resolves once `count` requests matching `filter` arrived (rejects after `timeoutMs`). */
  waitFor(
    count: number,
    filter?: (request: ReceivedWebhook) => boolean,
    timeoutMs?: number,
  ): Promise<ReceivedWebhook[]>;
  close(): Promise<void>;
}

/** Starts a receiver on 127.0.0.1, port 0. */
export async function startWebhookReceiver(
  responder: Responder = () => ({ status: 200 }),
): Promise<WebhookReceiver> {
  let answer = responder;
  const received: ReceivedWebhook[] = [];
  const waiters = new Set<() => void>();
  const hanging = new Set<() => void>();
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const entry: ReceivedWebhook = {
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        receivedAt: Date.now(),
      };
      received.push(entry);
      for (const waiter of waiters) waiter();
      const decision = answer(entry, received.length - 1);
      if (decision === 'hang') {
        hanging.add(() => response.destroy());
        return;
      }
      const send = () => response.writeHead(decision.status, decision.headers ?? {}).end('ok');
      if (decision.delayMs) setTimeout(send, decision.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    respond(next) {
      answer = next;
    },
    waitFor(count, filter = () => true, timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const matching = received.filter(filter);
          if (matching.length < count) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(matching);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(
              `waited for ${count} webhooks, got ${received.filter(filter).length}: ${received
                .map((r) => r.body.slice(0, 60))
                .join(' | ')}`,
            ),
          );
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    async close() {
      for (const drop of hanging) drop();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

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
