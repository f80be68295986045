/**
 * The account holder's webhook receiver: a real HTTP server on loopback that checks both
 * signatures of every delivery against the raw body (the spec's `X-Signature-SHA256`, and the
 * Standard Webhooks headers with the `standardwebhooks` library) and records what arrived.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { waitUntil, type Waiters } from '@idv/test-kit';

/** One delivery as the receiver saw it. */
export interface ReceivedWebhook {
  /** `webhook-id` (the event id, stable across attempts). */
  id: string;
  type: string;
  data: { _verificationId: string; _externalUserId: string; _metadata: object } & Record<
    string,
    unknown
  >;
  /** Both signatures matched the raw body (the receiver answers 401 otherwise). */
  signaturesValid: boolean;
  receivedAt: number;
}

/** A listening receiver. */
export interface WebhookReceiver {
  /** `http://127.0.0.1:{port}/hooks`. */
  url: string;
  /** Every delivery, in arrival order (repeated attempts of one event included). */
  readonly received: ReceivedWebhook[];
  /** Sets the account's `webhookSecret` once known (deliveries before it are refused). */
  setSecret(secret: string): void;
  /** Resolves with the deliveries of `verificationId` once `predicate` holds for them. */
  waitFor(
    verificationId: string,
    predicate: (events: ReceivedWebhook[]) => boolean,
    timeoutMs?: number,
  ): Promise<ReceivedWebhook[]>;
  close(): Promise<void>;
}

/** Constant-time check of the hex HMAC-SHA256 of `body` keyed with `secret`. */
function validHexSignature(body: Buffer, secret: string, header: string | undefined): boolean {
  if (header === undefined || !/^[0-9a-f]{64}$/i.test(header)) return false;
  const expected = createHmac('sha256', secret).update(body).digest();
  return timingSafeEqual(expected, Buffer.from(header, 'hex'));
}

function headerValue(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Starts a receiver on 127.0.0.1, port 0. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  let secret: string | undefined;
  const received: ReceivedWebhook[] = [];
  const waiters: Waiters = new Set();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      let valid = false;
      if (secret !== undefined) {
        const hexValid = validHexSignature(
          body,
          secret,
          headerValue(request.headers, 'x-signature-sha256'),
        );
        let standardValid = false;
        try {
          new Webhook(secret, { format: 'raw' }).verify(body.toString('utf8'), {
            'webhook-id': headerValue(request.headers, 'webhook-id') ?? '',
            'webhook-timestamp': headerValue(request.headers, 'webhook-timestamp') ?? '',
            'webhook-signature': headerValue(request.headers, 'webhook-signature') ?? '',
          });
          standardValid = true;
        } catch {
          standardValid = false;
        }
        valid = hexValid && standardValid;
      }
      try {
        const payload = JSON.parse(body.toString('utf8')) as Pick<ReceivedWebhook, 'type' | 'data'>;
        received.push({
          id: headerValue(request.headers, 'webhook-id') ?? '',
          type: payload.type,
          data: payload.data,
          signaturesValid: valid,
          receivedAt: Date.now(),
        });
      } catch {
        valid = false;
      }
      response.writeHead(valid ? 204 : 401).end();
      for (const wake of waiters) wake();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    setSecret(value) {
      secret = value;
    },
    waitFor(verificationId, predicate, timeoutMs = 15_000) {
      const current = () => received.filter((r) => r.data?._verificationId === verificationId);
      return waitUntil(
        waiters,
        () => {
          const events = current();
          return predicate(events) ? events : undefined;
        },
        timeoutMs,
        () =>
          `webhooks of ${verificationId} not as expected within ${timeoutMs} ms: ${current()
            .map((r) => r.type)
            .join(', ')}`,
      );
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
