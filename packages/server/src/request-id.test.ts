import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestAccount, type TestApp } from './testing/harness.js';
import type { OpenApiDocument } from './testing/openapi-contract.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('X-Request-Id', () => {
  let test: TestApp;
  let account: TestAccount;
  const lines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    test = await createTestApp({
      logStream: { write: (line: string) => void lines.push(JSON.parse(line)) },
    });
    account = await test.account('premium');
  });
  afterAll(async () => test.close());

  it('is answered on every kind of answer: success, auth errors, bad bodies, unknown routes, docs', async () => {
    const answers = [
      await test.inject({ method: 'GET', url: '/api/v1/users/me', token: account.token }),
      await test.inject({ method: 'GET', url: '/api/v1/users/me' }),
      await test.inject({ method: 'GET', url: '/api/v1/users/me', token: 'forged' }),
      await test.inject({
        method: 'POST',
        url: '/api/v1/links',
        token: account.token,
        headers: { 'content-type': 'application/json' },
        payload: '{"broken":',
      }),
      await test.inject({
        method: 'POST',
        url: '/api/v1/oauth/token',
        headers: { 'content-type': 'application/json' },
        payload: '{"broken":',
      }),
      await test.inject({ method: 'GET', url: '/api/v1/nothing-here' }),
      await test.inject({ method: 'GET', url: '/not-the-api' }),
      await test.inject({ method: 'GET', url: '/api/v1/flow/session' }),
      await test.inject({ method: 'GET', url: '/docs/json' }),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([
      200, 401, 403, 400, 400, 404, 404, 401, 200,
    ]);
    const ids = answers.map((answer) => answer.headers['x-request-id']);
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('keeps a well-formed id the caller sent, and logs the request under it', async () => {
    const mine = 'integrator-7f3a.trace_42';
    const answer = await test.inject({
      method: 'GET',
      url: '/api/v1/users/me',
      headers: { 'x-request-id': mine },
    });
    expect(answer.statusCode).toBe(401);
    expect(answer.headers['x-request-id']).toBe(mine);
    const logged = lines.filter((line) => line.reqId === mine).map((line) => line.msg);
    expect(logged).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
    const longest = 'a'.repeat(128);
    const long = await test.inject({
      method: 'GET',
      url: '/api/v1/health/status',
      headers: { 'x-request-id': longest },
    });
    expect(long.headers['x-request-id']).toBe(longest);
  });

  it('never echoes nor logs an ill-formed one: a new UUID instead', async () => {
    const refused = [
      'a'.repeat(129),
      'has space',
      '"quoted"',
      '<script>alert(1)</script>',
      'semi;colon',
      'ünïcode',
      '',
    ];
    for (const proposed of refused) {
      const answer = await test.inject({
        method: 'GET',
        url: '/api/v1/health/status',
        headers: { 'x-request-id': proposed },
      });
      expect(answer.headers['x-request-id'], proposed).toMatch(UUID);
      expect(lines.some((line) => line.reqId === proposed)).toBe(false);
    }
    // The header repeated: not one well-formed value.
    const twice = await test.inject({
      method: 'GET',
      url: '/api/v1/health/status',
      headers: { 'x-request-id': ['one', 'two'] },
    });
    expect(twice.headers['x-request-id']).toMatch(UUID);
  });

  it('leaves the error bodies in the spec formats (no request-id field)', async () => {
    const general = await test.inject({ method: 'GET', url: '/api/v1/users/me' });
    expect(Object.keys(general.json()).sort()).toEqual(['message', 'type']);
    const unknown = await test.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(Object.keys(unknown.json()).sort()).toEqual(['message', 'resource']);
  });

  it('is documented on every response of every operation of the OpenAPI document', async () => {
    const document = (await test.inject({ method: 'GET', url: '/docs/json' })).json<
      OpenApiDocument & { components: { headers: Record<string, object> } }
    >();
    expect(document.components.headers['X-Request-Id']).toMatchObject({
      required: true,
      schema: { type: 'string', pattern: '^[A-Za-z0-9._-]{1,128}$' },
    });
    let responses = 0;
    for (const [path, operations] of Object.entries(document.paths))
      for (const [method, operation] of Object.entries(operations))
        for (const [status, response] of Object.entries(operation.responses)) {
          responses++;
          expect(response.headers?.['X-Request-Id'], `${method} ${path} ${status}`).toEqual({
            $ref: '#/components/headers/X-Request-Id',
          });
        }
    expect(responses).toBeGreaterThan(300);
  });
});
