import { connect as http2Connect } from 'node:http2';
import { connect as tlsConnect } from 'node:tls';
import { afterEach, describe, expect, it } from 'vitest';
import { addressKey } from '../src/lib/http/request-limiter.js';
import { http1Request, http2Request } from './support/node-clients.js';
import { startTestServer, type TestServer } from './support/test-server.js';

/** `count` sequential `GET /` on one HTTP/2 connection; the statuses in order. */
async function onOneConnection(port: number, count: number): Promise<number[]> {
  const session = http2Connect(`https://localhost:${port}`, {
    createConnection: () =>
      tlsConnect({
        host: '127.0.0.1',
        port,
        servername: 'localhost',
        ALPNProtocols: ['h2'],
        rejectUnauthorized: false,
      }),
  });
  const statuses: number[] = [];
  try {
    for (let i = 0; i < count; i++) {
      statuses.push(
        await new Promise<number>((resolve, reject) => {
          const stream = session.request({ ':path': '/' });
          let status = 0;
          stream.on('response', (headers) => (status = Number(headers[':status'])));
          stream.on('data', () => {});
          stream.on('end', () => resolve(status));
          stream.on('error', reject);
          stream.end();
        }),
      );
    }
  } finally {
    session.close();
  }
  return statuses;
}

describe('GET / budgets', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.stop();
    server = undefined;
  });

  it('per connection: one connection gets its budget, then 429 with Retry-After; a new connection is served', async () => {
    server = await startTestServer({ requestLimits: { perAddress: 0, perConnection: 3 } });
    expect(await onOneConnection(server.port, 5)).toEqual([200, 200, 200, 429, 429]);
    const fresh = await http2Request(server.port, '/');
    expect(fresh.status).toBe(200);
  });

  it('per address: fresh connections from one address share a budget; 429 carries Retry-After and {detail}', async () => {
    server = await startTestServer({ requestLimits: { perAddress: 4, perConnection: 0 } });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await http1Request(server.port, '/')).status);
    expect(statuses).toEqual([200, 200, 200, 200]);
    const refused = await http2Request(server.port, '/');
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(JSON.parse(refused.body)).toEqual({ detail: 'Too many requests; retry later' });
    // Cheap routes stay available.
    expect((await http1Request(server.port, '/version')).status).toBe(200);
  });

  it('per address by default: a flood from one address is refused', async () => {
    server = await startTestServer();
    const statuses = await onOneConnection(server.port, 31);
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it('counts IPv6 clients by their /64 and IPv4-mapped addresses as IPv4', () => {
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(addressKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('203.0.113.9')).toBe('203.0.113.9');
  });
});
