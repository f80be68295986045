import express from 'express';
import Fastify from 'fastify';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startWebhookReceiver, type WebhookReceiver } from '@idv/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IdvClient } from './client.js';
import { openDevice } from './testing/device.js';
import { startTestServer, type AccountCredentials, type TestServer } from './testing/server.js';
import {
  idvExpressWebhook,
  idvWebhookHandler,
  idvWebhookRoutes,
  signWebhook,
  verifyWebhook,
  WebhookVerificationError,
  type VerifiedWebhook,
} from './webhooks/index.js';

/** A delivery exactly as a receiver got it. */
interface Captured {
  body: Buffer;
  headers: IncomingHttpHeaders;
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function until<T>(probe: () => T | undefined, what: string, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Real deliveries of the real server to four receivers on loopback: a raw capture (to replay and
 * tamper with), the Express and Fastify receivers of `@idv/node/webhooks`, and its Fetch handler.
 */
describe('webhook deliveries from idv-server', () => {
  let server: TestServer;
  let account: AccountCredentials;
  let idv: IdvClient;
  const captured: Captured[] = [];
  const viaExpress: VerifiedWebhook[] = [];
  const viaFastify: VerifiedWebhook[] = [];
  const viaFetch: VerifiedWebhook[] = [];
  let rawReceiver: WebhookReceiver | undefined;
  let expressServer: Server;
  let fetchServer: Server;
  const fastify = Fastify();
  let urls: { raw: string; express: string; fastify: string; fetch: string };
  let verificationId: string;

  beforeAll(async () => {
    server = await startTestServer();
    account = await server.createAccount();
    idv = new IdvClient({
      baseUrl: server.baseUrl,
      clientId: account.clientId,
      clientSecret: account.clientSecret,
    });
    const secret = account.webhookSecret;

    rawReceiver = await startWebhookReceiver({
      path: '',
      responder: (request) => {
        captured.push({ body: request.raw, headers: request.headers });
        return { status: 204 };
      },
    });
    const app = express();
    app.post(
      '/webhooks/idv',
      express.raw({ type: 'application/json' }),
      idvExpressWebhook({ secret, onEvent: (webhook) => void viaExpress.push(webhook) }),
    );
    // A route behind express.json(): the parsed body is refused with a clear error.
    app.post(
      '/parsed',
      express.json(),
      idvExpressWebhook({ secret, onEvent: (webhook) => void viaExpress.push(webhook) }),
    );
    expressServer = createServer(app);
    await fastify.register(idvWebhookRoutes, {
      path: '/webhooks/idv',
      secret,
      onEvent: (webhook) => void viaFastify.push(webhook),
    });
    // The rest of the Fastify app still parses JSON.
    fastify.post('/echo', async (request) => request.body);
    const fetchHandler = idvWebhookHandler({
      secret,
      onEvent: (webhook) => void viaFetch.push(webhook),
    });
    fetchServer = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      const answerRequest = async (): Promise<void> => {
        const headers = new Headers();
        for (const [key, value] of Object.entries(request.headers))
          if (typeof value === 'string') headers.set(key, value);
        const answer = await fetchHandler(
          new Request(`http://localhost${request.url}`, {
            method: request.method,
            headers,
            body: Buffer.concat(chunks),
          }),
        );
        response.writeHead(answer.status).end(Buffer.from(await answer.arrayBuffer()));
      };
      // A handler that throws answers 500 (the delivery then fails visibly) instead of leaving
      // an unhandled rejection and a request that never ends.
      request.on('end', () => {
        answerRequest().catch((error: unknown) => {
          response.writeHead(500).end(String(error));
        });
      });
    });
    urls = {
      raw: rawReceiver.url,
      express: await listen(expressServer),
      fastify: await fastify.listen({ port: 0, host: '127.0.0.1' }),
      fetch: await listen(fetchServer),
    };
    for (const [name, url] of Object.entries(urls))
      await idv.webhookEndpoints.create({ url: `${url}/webhooks/idv`, description: name });

    const link = await idv.links.create({
      type: 'FULL FLOW',
      externalUserId: 'customer-9',
      metadata: { orderId: 'A-7' },
    });
    verificationId = link.verificationId;
    // The person opens the link: verification.started goes to every endpoint.
    await openDevice(server.baseUrl, link.linkId);
    await until(
      () =>
        captured.length > 0 && viaExpress.length > 0 && viaFastify.length > 0 && viaFetch.length > 0
          ? true
          : undefined,
      'the four deliveries',
    );
  }, 90_000);
  afterAll(async () => {
    await server?.stop();
    await fastify.close();
    await rawReceiver?.close();
    for (const s of [expressServer, fetchServer]) s?.close();
  });

  it('verifies a real delivery (both signatures) and answers its event', async () => {
    const delivery = captured[0]!;
    expect(delivery.headers['x-signature-sha256']).toMatch(/^[0-9a-f]{64}$/);
    expect(delivery.headers['webhook-signature']).toMatch(/^v1,/);
    const verified = await verifyWebhook(delivery.body, delivery.headers, account.webhookSecret);
    expect(verified.event).toEqual({
      type: 'verification.started',
      data: expect.objectContaining({
        _verificationId: verificationId,
        _externalUserId: 'customer-9',
        _metadata: { orderId: 'A-7' },
      }),
    });
    expect(verified.id).toBe(delivery.headers['webhook-id']);
    expect(verified.timestamp).toBe(Number(delivery.headers['webhook-timestamp']));
    // As text too, and with Fetch Headers.
    const headers = new Headers(delivery.headers as Record<string, string>);
    expect(
      (await verifyWebhook(delivery.body.toString('utf8'), headers, account.webhookSecret)).id,
    ).toBe(verified.id);
  });

  it('the Express, Fastify and Fetch receivers got the same verified event', () => {
    for (const received of [viaExpress, viaFastify, viaFetch]) {
      expect(received[0]!.event.type).toBe('verification.started');
      expect(received[0]!.event.data._verificationId).toBe(verificationId);
      expect(typeof received[0]!.id).toBe('string');
    }
  });

  it('the deliveries API shows them succeeded', async () => {
    const endpoints = await idv.webhookEndpoints.list();
    expect(endpoints).toHaveLength(4);
    for (const endpoint of endpoints) {
      const deliveries = [];
      for await (const d of idv.webhookEndpoints.deliveries(endpoint._id)) deliveries.push(d);
      expect(deliveries[0]).toMatchObject({
        type: 'verification.started',
        verificationId,
        status: 'succeeded',
      });
    }
  });

  const refusal = async (promise: Promise<unknown>) => {
    const error = await promise.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WebhookVerificationError);
    return (error as WebhookVerificationError).code;
  };

  it('refuses a tampered body, a wrong secret, a stale timestamp, a parsed body', async () => {
    const { body, headers } = captured[0]!;
    const tampered = Buffer.from(body.toString('utf8').replace('customer-9', 'customer-1'));
    expect(await refusal(verifyWebhook(tampered, headers, account.webhookSecret))).toBe(
      'invalid_signature',
    );
    expect(await refusal(verifyWebhook(body, headers, `${account.webhookSecret}x`))).toBe(
      'invalid_signature',
    );
    const tenMinutesLater = () => Date.now() + 10 * 60_000;
    expect(
      await refusal(verifyWebhook(body, headers, account.webhookSecret, { now: tenMinutesLater })),
    ).toBe('stale_timestamp');
    // A tolerance that covers it lets it through.
    await verifyWebhook(body, headers, account.webhookSecret, {
      now: tenMinutesLater,
      toleranceSeconds: 900,
    });
    const parsed = JSON.parse(body.toString('utf8')) as unknown;
    const error = await verifyWebhook(parsed as string, headers, account.webhookSecret).catch(
      (e: unknown) => e as WebhookVerificationError,
    );
    expect(error).toMatchObject({ code: 'parsed_body' });
    expect((error as Error).message).toMatch(/raw/);
  });

  it('refuses a signature moved to another timestamp, and a missing or lone hex signature', async () => {
    const { body, headers } = captured[0]!;
    const replayed = {
      ...headers,
      'webhook-timestamp': String(Number(headers['webhook-timestamp']) + 1),
    };
    expect(await refusal(verifyWebhook(body, replayed, account.webhookSecret))).toBe(
      'invalid_signature',
    );
    const hexOnly = { 'x-signature-sha256': headers['x-signature-sha256'] };
    expect(await refusal(verifyWebhook(body, hexOnly, account.webhookSecret))).toBe(
      'missing_signature',
    );
    const spec = await verifyWebhook(body, hexOnly, account.webhookSecret, {
      requireTimestamp: false,
    });
    expect(spec.event.data._verificationId).toBe(verificationId);
    expect(spec.id).toBeUndefined();
    expect(await refusal(verifyWebhook(body, {}, account.webhookSecret))).toBe('missing_signature');
    // A correct standard signature does not excuse a wrong hex one.
    const wrongHex = { ...headers, 'x-signature-sha256': '0'.repeat(64) };
    expect(await refusal(verifyWebhook(body, wrongHex, account.webhookSecret))).toBe(
      'invalid_signature',
    );
  });

  it('the receivers answer 204 to a real delivery replayed in time, 401 to a tampered one', async () => {
    const { body, headers } = captured[0]!;
    const forward = (url: string, payload: Buffer, extra: Record<string, string> = {}) =>
      fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-signature-sha256': String(headers['x-signature-sha256']),
          'webhook-id': String(headers['webhook-id']),
          'webhook-timestamp': String(headers['webhook-timestamp']),
          'webhook-signature': String(headers['webhook-signature']),
          ...extra,
        },
        body: new Uint8Array(payload),
      });
    const tampered = Buffer.from(body.toString('utf8').replace('A-7', 'A-8'));
    for (const base of [urls.express, urls.fastify, urls.fetch]) {
      expect((await forward(`${base}/webhooks/idv`, body)).status).toBe(204);
      const refused = await forward(`${base}/webhooks/idv`, tampered);
      expect(refused.status).toBe(401);
      expect(await refused.json()).toMatchObject({ error: 'invalid_signature' });
    }
    const parsed = await forward(`${urls.express}/parsed`, body);
    expect(parsed.status).toBe(400);
    expect(await parsed.json()).toMatchObject({ error: 'parsed_body' });
    // The Fastify plugin's raw parser stays inside its own context.
    const echo = await fetch(`${urls.fastify}/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"a":1}',
    });
    expect(await echo.json()).toEqual({ a: 1 });
  });

  it('signWebhook signs as the server does', async () => {
    const { body, headers } = captured[0]!;
    const signed = await signWebhook(body, account.webhookSecret, {
      id: String(headers['webhook-id']),
      timestamp: Number(headers['webhook-timestamp']),
    });
    expect(signed).toEqual({
      'x-signature-sha256': headers['x-signature-sha256'],
      'webhook-id': headers['webhook-id'],
      'webhook-timestamp': headers['webhook-timestamp'],
      'webhook-signature': headers['webhook-signature'],
    });
    const own = await signWebhook('{"type":"verification.failed","data":{}}', 'test-secret');
    const verified = await verifyWebhook(
      '{"type":"verification.failed","data":{}}',
      own,
      'test-secret',
    );
    expect(verified.event.type).toBe('verification.failed');
  });
});
