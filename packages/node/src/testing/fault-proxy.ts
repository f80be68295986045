/**
 * A network-edge fault injector for the retry tests: a small HTTP proxy in front of the real
 * server that forwards every request, except those a rule tells it to fail (answer a 5xx itself,
 * without forwarding, or cut the connection). It records every request it receives.
 */
import { createServer, request as forward, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How to fail a matching request. */
export interface FaultRule {
  method: string;
  /** Path under the API base, e.g. `/links` (matched as a prefix of the path after `/api/v1`). */
  path: string;
  /** Answer this status (not forwarded); `'reset'` cuts the connection instead. */
  fault: number | 'reset';
  /** How many matching requests to fail (default 1). */
  times?: number;
  /** `Retry-After` to send with the status. */
  retryAfter?: string;
}

/** A request the proxy received. */
export interface SeenRequest {
  method: string;
  path: string;
  /** Whether it reached the server. */
  forwarded: boolean;
  at: number;
}

/** The running proxy. */
export interface FaultProxy {
  /** Base URL with the API prefix, to give the client. */
  baseUrl: string;
  seen: SeenRequest[];
  fail(rule: FaultRule): void;
  /** Drops every rule and forgets the requests seen. */
  reset(): void;
  close(): Promise<void>;
}

/** Starts a proxy to `origin` (e.g. `http://127.0.0.1:41234`) on a free loopback port. */
export async function startFaultProxy(origin: string): Promise<FaultProxy> {
  const target = new URL(origin);
  const rules: (FaultRule & { left: number })[] = [];
  const seen: SeenRequest[] = [];

  const server: Server = createServer((incoming: IncomingMessage, outgoing) => {
    const path = (incoming.url ?? '/').replace(/^\/api\/v1/, '').split('?')[0]!;
    const rule = rules.find(
      (candidate) =>
        candidate.left > 0 &&
        candidate.method === incoming.method &&
        path.startsWith(candidate.path),
    );
    seen.push({
      method: incoming.method ?? '',
      path,
      forwarded: rule === undefined,
      at: Date.now(),
    });
    if (rule !== undefined) {
      rule.left--;
      incoming.resume();
      if (rule.fault === 'reset') return void incoming.socket.destroy();
      outgoing.writeHead(rule.fault, {
        'content-type': 'application/json',
        ...(rule.retryAfter !== undefined ? { 'retry-after': rule.retryAfter } : {}),
      });
      return void outgoing.end(
        JSON.stringify({ type: 'ErrorResponse', message: 'injected by the test proxy' }),
      );
    }
    const upstream = forward(
      {
        host: target.hostname,
        port: target.port,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, host: target.host },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => outgoing.destroy());
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/api/v1`,
    seen,
    fail: (rule) => rules.push({ ...rule, left: rule.times ?? 1 }),
    reset: () => {
      rules.length = 0;
      seen.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
