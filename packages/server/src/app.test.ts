import { describe, expect, it } from 'vitest';
import { useTestApp, useTestAccount } from './testing/app-suite.js';
import { createLink, createTestApp } from './testing/harness.js';

describe('error formats and bad input', () => {
  const test = useTestApp();
  const account = useTestAccount(test, 'premium');
  /** `POST /api/v1/links` as the account, with `headers` when given. */
  const postLink = (payload: string | object, headers?: Record<string, string>) =>
    test.inject({
      method: 'POST',
      url: '/api/v1/links',
      token: account.token,
      ...(headers === undefined ? {} : { headers }),
      payload,
    });

  it('answers the unknown-route body, also for paths that lost /api/v1', async () => {
    for (const url of [
      '/links',
      '/verifications/abc',
      '/api/v1/nope',
      '/api/v2/links',
      '/oauth/token?x=1',
    ]) {
      const response = await test.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      const body = response.json();
      expect(body).toEqual({
        message: 'given resource is not implemented',
        resource: url.split('?')[0],
      });
      expect(body).not.toHaveProperty('type');
    }
    const post = await test.inject({
      method: 'POST',
      url: '/links',
      payload: { type: 'FULL FLOW' },
    });
    expect(post.json()).toEqual({
      message: 'given resource is not implemented',
      resource: '/links',
    });
    const method = await test.inject({ method: 'DELETE', url: '/api/v1/links' });
    expect(method.statusCode).toBe(404);
    expect(method.json().resource).toBe('/api/v1/links');
  });

  it('answers 400 in the general format for a body that breaks the schema', async () => {
    const cases: unknown[] = [
      {},
      { type: 'HALF FLOW' },
      { type: 'FULL FLOW', unknownField: 1 },
      { type: 'FULL FLOW', adaptiveFlow: 'true' },
      { type: 'FULL FLOW', metadata: 'x' },
      { type: 'FULL FLOW', callbackUrl: 'javascript:alert(1)' },
      [],
    ];
    for (const payload of cases) {
      const response = await postLink(payload as object);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toEqual({ type: 'ErrorResponse', message: expect.any(String) });
    }
    const bareString = await postLink('"FULL FLOW"', { 'content-type': 'application/json' });
    expect(bareString.statusCode).toBe(400);
    const missing = await postLink({});
    expect(missing.json().message).toMatch(/type/);
    const extra = await postLink({ type: 'ID ONLY', x: 1 });
    expect(extra.json().message).toMatch(/field x/);
  });

  it('answers 400 for malformed JSON and prototype poisoning, 415 for unknown content types (multipart outside uploads), 413 for huge bodies', async () => {
    const headers = { 'content-type': 'application/json' };
    const malformed = await postLink('{"type": ', headers);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ type: 'ErrorResponse', message: expect.any(String) });
    const poisoned = await postLink('{"type":"FULL FLOW","__proto__":{"admin":true}}', headers);
    expect(poisoned.statusCode).toBe(400);
    const text = await postLink('type=FULL FLOW', { 'content-type': 'text/plain' });
    expect(text.statusCode).toBe(415);
    expect(text.json()).toEqual({ type: 'ErrorResponse', message: expect.any(String) });
    // Multipart is parsed only where an upload is accepted (logo, captures).
    const multipart = await postLink(
      '--x\r\nContent-Disposition: form-data; name="type"\r\n\r\nFULL FLOW\r\n--x--\r\n',
      { 'content-type': 'multipart/form-data; boundary=x' },
    );
    expect(multipart.statusCode).toBe(415);
    expect(multipart.json()).toEqual({ type: 'ErrorResponse', message: expect.any(String) });
    const huge = await postLink(
      JSON.stringify({ type: 'FULL FLOW', metadata: { a: 'x'.repeat(200_000) } }),
      headers,
    );
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ type: 'ErrorResponse', message: expect.any(String) });
    const hugePublic = await test.inject({
      method: 'PATCH',
      url: '/api/v1/verifications',
      headers,
      payload: JSON.stringify({
        verificationId: 'x',
        geolocation: { city: 'y'.repeat(1_000_000) },
      }),
    });
    expect(hugePublic.statusCode).toBe(413);
    const hugeToken = await test.inject({
      method: 'POST',
      url: '/api/v1/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `grant_type=${'a'.repeat(100_000)}`,
    });
    expect(hugeToken.statusCode).toBe(413);
  });

  it('answers 400 or 404 for non-UUID ids, never 500, and keeps stored data intact', async () => {
    const link = await createLink(test, account.token);
    const urls = [
      '/api/v1/links/not-a-uuid',
      '/api/v1/verifications/1234',
      "/api/v1/verifications/' or 1=1 --",
      '/api/v1/verifications/%00/related',
      '/api/v1/verifications/images/..%2F..%2Fetc%2Fpasswd',
      '/api/v1/webhook-endpoints/zzz',
      '/api/v1/billing/zzz',
      '/api/v1/cloud-services/keys/zzz',
      '/api/v1/companies/zzz/logo',
      '/api/v1/verifications/zzz/status?linkId=zzz',
    ];
    for (const url of urls) {
      const response = await test.inject({ method: 'GET', url, token: account.token });
      expect([400, 404], `${url}: ${response.body}`).toContain(response.statusCode);
    }
    const read = await test.inject({
      method: 'GET',
      url: `/api/v1/links/${link.linkId}`,
      token: account.token,
    });
    expect(read.statusCode).toBe(200);
  });

  it('never answers 500 for odd paging parameters', async () => {
    const sizes = ['0', '-5', '101', '99999999999999999999', '1e3', 'abc', '%20', '2.5'];
    for (const size of sizes) {
      for (const page of ['1', '0', '-1', '99999999999999999999', 'x']) {
        const response = await test.inject({
          method: 'GET',
          url: `/api/v1/verifications/${size}/${page}`,
          token: account.token,
        });
        expect([200, 400], `${size}/${page}`).toContain(response.statusCode);
      }
    }
  });

  it('serves the OpenAPI document and the browsable reference at /docs without any CDN', async () => {
    const html = await test.inject({ method: 'GET', url: '/docs/' });
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toMatch(/text\/html/);
    expect(html.body).not.toMatch(/https?:\/\/(unpkg|cdn|cdnjs|jsdelivr)/);
    const json = await test.inject({ method: 'GET', url: '/docs/json' });
    expect(json.statusCode).toBe(200);
    const document = json.json() as { paths: Record<string, unknown> };
    for (const path of [
      '/api/v1/oauth/token',
      '/api/v1/links',
      '/api/v1/links/{id}',
      '/api/v1/verifications/{id}/status',
      '/api/v1/webhook-endpoints/{id}',
      '/api/v1/cloud-services/keys/{id}/rotate',
      '/api/v1/service/contact-request',
    ]) {
      expect(Object.keys(document.paths)).toContain(path);
    }
    const initializer = await test.inject({
      method: 'GET',
      url: '/docs/static/swagger-initializer.js',
    });
    expect(initializer.statusCode).toBe(200);
    expect(initializer.body).not.toMatch(/validator\.swagger\.io/);
  });

  it('answers health while the database is up', async () => {
    const response = await test.inject({ method: 'GET', url: '/api/v1/health/status' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok', version: expect.any(String) });
  });
});

describe('faults', () => {
  it('answers 503 on health and a bare 500 elsewhere when the database is gone, logging the cause', async () => {
    const lines: string[] = [];
    const test = await createTestApp({
      logStream: { write: (line: string) => void lines.push(line) },
    });
    const account = await test.account('premium');
    await test.services.context.database.close();
    try {
      const health = await test.inject({ method: 'GET', url: '/api/v1/health/status' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toEqual({ type: 'ErrorResponse', message: 'database unavailable' });
      const links = await test.inject({
        method: 'GET',
        url: '/api/v1/links',
        token: account.token,
      });
      expect(links.statusCode).toBe(500);
      expect(links.json()).toEqual({ type: 'ErrorResponse', message: 'internal server error' });
      expect(lines.some((line) => line.includes('"level":50'))).toBe(true);
    } finally {
      await test.app.close();
      await test.scratch.drop();
    }
  });
});
