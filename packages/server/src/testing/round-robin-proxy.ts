import {
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type Server,
} from 'node:http';
import type { AddressInfo } from 'node:net';

/** A load balancer on loopback in front of several server processes. */
export interface RoundRobinProxy {
  url: string;
  /** Requests each upstream answered (by upstream base URL). */
  answered: Map<string, number>;
  close(): Promise<void>;
}

/** Headers that belong to one connection and are not forwarded (RFC 9110 §7.6.1). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

function forwarded(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  return Object.fromEntries(
    Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name.toLowerCase())),
  );
}

/**
 * Starts a round-robin HTTP proxy on 127.0.0.1, as a load balancer in front of `upstreams` would
 * be: each request goes to the next upstream in turn, with `X-Forwarded-For` naming the client's
 * address (the servers trust this proxy with `IDV_TRUST_PROXY`). A request an upstream refuses to
 * connect (a dead process) goes to the next one, since it never reached any; a request cut off
 * after it was sent answers 502, as a real balancer does (it may have been processed).
 */
export async function startRoundRobinProxy(upstreams: string[]): Promise<RoundRobinProxy> {
  let turn = 0;
  const answered = new Map<string, number>(upstreams.map((upstream) => [upstream, 0]));
  const server: Server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const body = Buffer.concat(chunks);
      const start = turn++ % upstreams.length;
      const attempt = (tried: number): void => {
        if (tried >= upstreams.length) {
          outgoing.writeHead(502, { 'content-type': 'text/plain' }).end('no upstream answers');
          return;
        }
        const upstream = upstreams[(start + tried) % upstreams.length]!;
        const headers = forwarded(incoming.headers);
        const previous = incoming.headers['x-forwarded-for'];
        headers['x-forwarded-for'] =
          (previous === undefined ? '' : `${String(previous)}, `) + incoming.socket.remoteAddress;
        headers['content-length'] = String(body.length);
        // A connection per request: a pooled socket to a killed upstream would fail ambiguously.
        const proxied = httpRequest(
          `${upstream}${incoming.url ?? '/'}`,
          { method: incoming.method, headers, agent: false },
          (response) => {
            answered.set(upstream, (answered.get(upstream) ?? 0) + 1);
            outgoing.writeHead(response.statusCode ?? 502, forwarded(response.headers));
            response.pipe(outgoing);
            response.on('error', () => outgoing.destroy());
          },
        );
        proxied.on('error', (error: NodeJS.ErrnoException) => {
          if (error.code === 'ECONNREFUSED') return attempt(tried + 1);
          if (!outgoing.headersSent)
            outgoing.writeHead(502, { 'content-type': 'text/plain' }).end('upstream failed');
          else outgoing.destroy();
        });
        proxied.end(body);
      };
      attempt(0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    answered,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
