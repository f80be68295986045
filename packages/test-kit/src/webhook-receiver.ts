/**
 * A webhook receiver for tests: a real HTTP server on loopback that records every request it gets
 * (raw body, headers, time) and answers as the test tells it. The server's delivery tests, the
 * Node SDK's receivers and the cross-package suites build on it.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { waitUntil, type Waiters } from './wait-until.js';

/** One request the receiver got. */
export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  /** The body as its UTF-8 text. */
  body: string;
  /** The body's exact bytes. */
  raw: Buffer;
  receivedAt: number;
}

/**
 * How the receiver answers a request (the `index`-th it got): a status (with headers, after an
 * optional delay), or `'hang'` (never; the connection is dropped when the receiver closes).
 */
export type Responder = (
  request: ReceivedWebhook,
  index: number,
) => { status: number; delayMs?: number; headers?: Record<string, string> } | 'hang';

/** A listening receiver. */
export interface WebhookReceiver {
  /** `http://127.0.0.1:{port}{path}`. */
  url: string;
  /** Every request, in arrival order (repeated attempts of one event included). */
  readonly received: ReceivedWebhook[];
  /** Changes how it answers from now on. */
  respond(responder: Responder): void;
  /** Resolves once `count` requests matching `filter` arrived (rejects after `timeoutMs`). */
  waitFor(
    count: number,
    filter?: (request: ReceivedWebhook) => boolean,
    timeoutMs?: number,
  ): Promise<ReceivedWebhook[]>;
  /**
   * Resolves with the first defined answer of `find`, checked now and after each request (once it
   * is answered); rejects after `timeoutMs` with `failure()`.
   */
  until<T>(find: () => T | undefined, timeoutMs: number, failure: () => string): Promise<T>;
  close(): Promise<void>;
}

/** Options of {@link startWebhookReceiver}. */
export interface WebhookReceiverOptions {
  /** How it answers (default: 200). */
  responder?: Responder;
  /** The path of its `url` (default `/hook`; it answers on any path). */
  path?: string;
}

/** Starts a receiver on 127.0.0.1, port 0. */
export async function startWebhookReceiver(
  options: WebhookReceiverOptions = {},
): Promise<WebhookReceiver> {
  let answer: Responder = options.responder ?? (() => ({ status: 200 }));
  const received: ReceivedWebhook[] = [];
  const waiters: Waiters = new Set();
  const hanging = new Set<() => void>();
  const wake = () => {
    for (const waiter of waiters) waiter();
  };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks);
      const entry: ReceivedWebhook = {
        headers: request.headers,
        body: raw.toString('utf8'),
        raw,
        receivedAt: Date.now(),
      };
      received.push(entry);
      const decision = answer(entry, received.length - 1);
      if (decision === 'hang') {
        hanging.add(() => response.destroy());
        wake();
        return;
      }
      const send = () => response.writeHead(decision.status, decision.headers ?? {}).end('ok');
      if (decision.delayMs) setTimeout(send, decision.delayMs);
      else send();
      wake();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const until = <T>(find: () => T | undefined, timeoutMs: number, failure: () => string) =>
    waitUntil(waiters, find, timeoutMs, failure);
  return {
    url: `http://127.0.0.1:${port}${options.path ?? '/hook'}`,
    received,
    respond(next) {
      answer = next;
    },
    waitFor(count, filter = () => true, timeoutMs = 15_000) {
      return until(
        () => {
          const matching = received.filter(filter);
          return matching.length < count ? undefined : matching;
        },
        timeoutMs,
        () =>
          `waited for ${count} webhooks, got ${received.filter(filter).length}: ${received
            .map((r) => r.body.slice(0, 60))
            .join(' | ')}`,
      );
    },
    until,
    async close() {
      for (const drop of hanging) drop();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
