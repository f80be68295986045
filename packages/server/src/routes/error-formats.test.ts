import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDevice, type TestDevice } from '../testing/flow-client.js';
import { createLink, createTestApp, type TestAccount, type TestApp } from '../testing/harness.js';
import type { OperationRef } from '../testing/openapi-contract.js';
import { contractOf } from '../testing/openapi-inject.js';
import { fillTemplate } from '../testing/openapi-paths.js';

/** Larger than the largest body limit of any route (the selfie upload: 5 × 10 MB + meta). */
const OVERSIZED = Buffer.alloc(64 * 1024 * 1024, 0x20);

/** A multipart body whose one file is larger than any upload limit (10 MB). */
function oversizedMultipart(): { body: Buffer; contentType: string } {
  const boundary = '----idvoversized';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="image"; filename="a.jpg"\r\ncontent-type: image/jpeg\r\n\r\n`,
    ),
    Buffer.alloc(11 * 1024 * 1024, 0xff),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Bodies no route accepts as they are: what each must refuse with a documented 4xx. */
function badBodies(): {
  name: string;
  contentType?: string;
  payload: string | Buffer;
  /** The status every route answers, when it does not depend on the route. */
  status?: number;
}[] {
  const multipart = oversizedMultipart();
  return [
    { name: 'malformed JSON', contentType: 'application/json', payload: '{"broken":', status: 400 },
    { name: 'plain text', contentType: 'text/plain', payload: 'hello', status: 415 },
    { name: 'XML', contentType: 'application/xml', payload: '<a/>', status: 415 },
    {
      name: 'a malformed form body',
      contentType: 'application/x-www-form-urlencoded',
      payload: 'a=%ZZ&&=',
    },
    {
      name: 'multipart without a boundary',
      contentType: 'multipart/form-data',
      payload: 'garbage',
    },
    { name: 'a body without a content type', payload: '{"a":1}', status: 415 },
    {
      name: 'an oversized JSON body',
      contentType: 'application/json',
      payload: OVERSIZED,
      status: 413,
    },
    {
      name: 'an oversized form body',
      contentType: 'application/x-www-form-urlencoded',
      payload: OVERSIZED,
    },
    {
      name: 'an oversized multipart upload',
      contentType: multipart.contentType,
      payload: multipart.body,
    },
  ];
}

describe('error formats of every route with a body', () => {
  let test: TestApp;
  let account: TestAccount;
  let device: TestDevice;
  beforeAll(async () => {
    test = await createTestApp();
    account = await test.account('premium');
    const { linkId } = await createLink(test, account.token);
    device = await openDevice(test, linkId);
    // With the terms accepted, captures read their bodies (before, they answer 409 unread).
    expect((await device.post('/terms', { accepted: true })).statusCode).toBe(200);
  });
  afterAll(async () => test.close());

  const credentials = (ref: OperationRef): Record<string, string> => {
    if (ref.operation.security?.some((scheme) => 'bearerAuth' in scheme) === true)
      return { authorization: `Bearer ${account.token}` };
    if (ref.path.includes('/flow/') && !ref.path.endsWith('/flow/sessions'))
      return { 'x-flow-session': device.token };
    return {};
  };

  it('answers malformed JSON, wrong content types and oversized bodies with a 4xx in the documented error format, never a 5xx', async () => {
    const contract = contractOf(test.app);
    const routes = contract.operations.filter((ref) => ref.method !== 'GET');
    // Every route that takes a body: the token endpoint, links, flow, public PATCHes, account…
    expect(routes.length).toBeGreaterThanOrEqual(25);
    const problems: string[] = [];
    for (const ref of routes) {
      const url = fillTemplate(ref.path, { kind: 'front', size: '10', page: '1' });
      for (const bad of badBodies()) {
        const response = await test.app.inject({
          method: ref.method as 'POST',
          url,
          headers: {
            ...credentials(ref),
            ...(bad.contentType !== undefined ? { 'content-type': bad.contentType } : {}),
          },
          payload: bad.payload,
        });
        const where = `${ref.method} ${ref.path} with ${bad.name}: ${response.statusCode}`;
        if (response.statusCode < 400 || response.statusCode >= 500)
          problems.push(`${where} ${response.body.slice(0, 200)}`);
        else if (bad.status !== undefined && response.statusCode !== bad.status)
          problems.push(`${where}, expected ${bad.status}: ${response.body.slice(0, 200)}`);
        for (const problem of contract.check(ref.method, url, response))
          problems.push(`${where}: ${problem}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('answers a malformed JSON body on the token endpoint with 400 in the RFC 6749 format', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/v1/oauth/token',
      headers: { 'content-type': 'application/json' },
      payload: '{"grant_type":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      type: 'ErrorResponse',
      error: 'invalid_request',
      error_description: 'body is not valid JSON',
      message: 'body is not valid JSON',
    });
    expect(response.headers['cache-control']).toBe('no-store');
  });
});
