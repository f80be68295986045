/**
 * The account holder's webhook receiver: the test kit's receiver (`@idv/test-kit`), which checks
 * both signatures of every delivery against the raw body (the spec's `X-Signature-SHA256`, and
 * the Standard Webhooks headers with the `standardwebhooks` library), answers 204 or 401, and
 * records what arrived.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { Webhook } from 'standardwebhooks';
import {
  startWebhookReceiver as startRecorder,
  type ReceivedWebhook as Request,
} from '@idv/test-kit';

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

/** Whether both signatures of `request` match its raw body under `secret`. */
function signaturesValid(request: Request, secret: string): boolean {
  const hexValid = validHexSignature(
    request.raw,
    secret,
    headerValue(request.headers, 'x-signature-sha256'),
  );
  try {
    new Webhook(secret, { format: 'raw' }).verify(request.body, {
      'webhook-id': headerValue(request.headers, 'webhook-id') ?? '',
      'webhook-timestamp': headerValue(request.headers, 'webhook-timestamp') ?? '',
      'webhook-signature': headerValue(request.headers, 'webhook-signature') ?? '',
    });
    return hexValid;
  } catch {
    return false;
  }
}

/** Starts a receiver on 127.0.0.1, port 0. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  let secret: string | undefined;
  const received: ReceivedWebhook[] = [];
  const recorder = await startRecorder({
    path: '/hooks',
    responder: (request) => {
      let valid = secret !== undefined && signaturesValid(request, secret);
      try {
        const payload = JSON.parse(request.body) as Pick<ReceivedWebhook, 'type' | 'data'>;
        received.push({
          id: headerValue(request.headers, 'webhook-id') ?? '',
          type: payload.type,
          data: payload.data,
          signaturesValid: valid,
          receivedAt: request.receivedAt,
        });
      } catch {
        valid = false;
      }
      return { status: valid ? 204 : 401 };
    },
  });
  return {
    url: recorder.url,
    received,
    setSecret(value) {
      secret = value;
    },
    waitFor(verificationId, predicate, timeoutMs = 15_000) {
      const current = () => received.filter((r) => r.data?._verificationId === verificationId);
      return recorder.until(
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
    close: () => recorder.close(),
  };
}
