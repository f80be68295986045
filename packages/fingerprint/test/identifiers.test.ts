import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FingerprintResponse } from '../src/types.js';
import { http1Request, http2Request } from './support/node-clients.js';
import { startTestServer, type TestServer } from './support/test-server.js';

const userDataOf = (body: string) => (JSON.parse(body) as FingerprintResponse).userData;

describe('fp cookie and ETag identifiers', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });

  afterAll(async () => {
    await server?.stop();
  });

  it('issues fp for one year, HttpOnly, Secure, SameSite=None, and only when none was sent', async () => {
    const first = await http1Request(server.port, '/');
    const setCookie = first.headers['set-cookie'];
    expect(setCookie).toHaveLength(1);
    const cookie = userDataOf(first.body).cookie;
    const attributes = setCookie![0]!.split('; ');
    expect(attributes[0]).toBe(`fp=${cookie}`);
    expect(attributes).toEqual(
      expect.arrayContaining(['Max-Age=31536000', 'Path=/', 'HttpOnly', 'Secure', 'SameSite=None']),
    );
    const expires = Date.parse(attributes.find((a) => a.startsWith('Expires='))!.slice(8));
    expect(Math.abs(expires - (Date.now() + 365 * 86_400_000))).toBeLessThan(60_000);

    const second = await http2Request(server.port, '/', {
      headers: { cookie: `a=1; fp=${cookie}` },
    });
    expect(second.headers['set-cookie']).toBeUndefined();
    expect(userDataOf(second.body).cookie).toBe(cookie);
  });

  it('treats an fp value it did not issue as absent and issues a new one', async () => {
    const forged = 'AAAAAAAAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA';
    const answer = await http1Request(server.port, '/', { headers: { cookie: `fp=${forged}` } });
    const { cookie } = userDataOf(answer.body);
    expect(cookie).not.toBe(forged);
    expect(answer.headers['set-cookie']?.[0]).toContain(`fp=${cookie};`);
  });

  it('ETag: issued first, 304 on plain revalidation, fresh answer when the client asks for one', async () => {
    const first = await http1Request(server.port, '/');
    const etag = userDataOf(first.body).etag;
    expect(first.headers.etag).toBe(`"${etag}"`);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect(userDataOf(first.body).etagFirstRequest).toBe(true);

    const revalidation = await http2Request(server.port, '/', {
      headers: { 'if-none-match': `"${etag}"` },
    });
    expect(revalidation.status).toBe(304);
    expect(revalidation.body).toBe('');
    expect(revalidation.headers.etag).toBe(`"${etag}"`);

    for (const freshness of [{ 'cache-control': 'max-age=0' }, { pragma: 'no-cache' }] as Array<
      Record<string, string>
    >) {
      const fresh = await http1Request(server.port, '/', {
        headers: { 'if-none-match': `W/"${etag}"`, ...freshness },
      });
      expect(fresh.status).toBe(200);
      expect(userDataOf(fresh.body).etag).toBe(etag);
      expect(userDataOf(fresh.body).etagFirstRequest).toBe(false);
      expect(fresh.headers.etag).toBe(`"${etag}"`);
    }
  });

  it('an If-None-Match it did not issue (or *) gets a new identifier and a 200', async () => {
    for (const value of ['"not-ours"', '*']) {
      const answer = await http1Request(server.port, '/', { headers: { 'if-none-match': value } });
      expect(answer.status).toBe(200);
      expect(userDataOf(answer.body).etagFirstRequest).toBe(true);
      expect(userDataOf(answer.body).etag).not.toBe('not-ours');
    }
  });
});
