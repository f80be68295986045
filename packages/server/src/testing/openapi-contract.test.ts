import { describe, expect, it } from 'vitest';
import { useTestApp, useTestAccount } from './app-suite.js';
import { ContractViolation, contractOf } from './openapi-inject.js';

describe('the response contract hook of the test harness', () => {
  const test = useTestApp();
  const account = useTestAccount(test, 'premium');

  const json = (statusCode: number, body: unknown, requestId: string | null = 'r-1') => ({
    statusCode,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(requestId === null ? {} : { 'x-request-id': requestId }),
    },
    body: JSON.stringify(body),
  });

  it('accepts answers that fit the document, and names what does not fit', () => {
    const contract = contractOf(test.app);
    const error = { type: 'ErrorResponse', message: 'nope' };
    expect(contract.check('GET', '/api/v1/users/me', json(401, error))).toEqual([]);
    // A status the operation does not document.
    expect(contract.check('GET', '/api/v1/users/me', json(418, error))).toEqual([
      expect.stringContaining('status 418 is not documented for GET /api/v1/users/me'),
    ]);
    // A body outside the documented schema (the link error format where the general one is due).
    expect(
      contract.check(
        'GET',
        '/api/v1/links/5f1d2c3b-4a59-4e6f-8a7b-9c0d1e2f3a4b',
        json(404, { code: 4091, name: 'LinkAlreadyUsed' }),
      ).length,
    ).toBeGreaterThan(0);
    // A header every answer documents as required (X-Request-Id): missing, or outside its schema.
    expect(contract.check('GET', '/api/v1/users/me', json(401, error, null))).toEqual([
      expect.stringContaining('the required header X-Request-Id is missing'),
    ]);
    expect(contract.check('GET', '/api/v1/users/me', json(401, error, 'a b'))).toEqual([
      expect.stringContaining('header X-Request-Id "a b" does not fit its schema'),
    ]);
    // A content type the operation does not document for the status.
    expect(
      contract.check('GET', '/api/v1/users/me', {
        statusCode: 401,
        headers: { 'content-type': 'text/html', 'x-request-id': 'r-1' },
        body: '<p>no</p>',
      }),
    ).toEqual([expect.stringContaining('content type text/html is not documented')]);
    // Static segments win over parameters, as in the router.
    expect(contract.match('GET', '/api/v1/verifications/last-hour')?.path).toBe(
      '/api/v1/verifications/last-hour',
    );
    expect(contract.match('GET', '/api/v1/verifications/images/x')?.path).toBe(
      '/api/v1/verifications/images/{id}',
    );
    // No operation: only the spec's unknown-route 404 fits.
    expect(
      contract.check(
        'GET',
        '/api/v1/nothing',
        json(404, { message: 'given resource is not implemented', resource: '/api/v1/nothing' }),
      ),
    ).toEqual([]);
    expect(contract.check('GET', '/api/v1/nothing', json(404, error))).toHaveLength(1);
    // Not the API: not checked.
    expect(contract.check('GET', '/docs/json', json(200, {}))).toEqual([]);
  });

  it('makes app.inject reject a response that the document does not publish, failing the test that got it', async () => {
    const contract = contractOf(test.app);
    const operation = contract.match('GET', '/api/v1/users/me')!.operation;
    const documented = operation.responses['401'];
    delete operation.responses['401'];
    try {
      await expect(test.inject({ method: 'GET', url: '/api/v1/users/me' })).rejects.toThrow(
        ContractViolation,
      );
      await expect(test.app.inject({ method: 'GET', url: '/api/v1/users/me' })).rejects.toThrow(
        /status 401 is not documented/,
      );
    } finally {
      operation.responses['401'] = documented!;
    }
    const me = await test.inject({ method: 'GET', url: '/api/v1/users/me', token: account.token });
    expect(me.statusCode).toBe(200);
  });
});
