import { describe, expect, it } from 'vitest';
import { useTestApp, useTestAccount } from '../testing/app-suite.js';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const basic = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

describe('POST /oauth/token', () => {
  const test = useTestApp();
  const premium = useTestAccount(test, 'premium');

  const token = (headers: Record<string, string>, payload: string) =>
    test.inject({
      method: 'POST',
      url: '/api/v1/oauth/token',
      headers: { ...FORM, ...headers },
      payload,
    });

  it('issues a Bearer token valid 3600 s for Basic client credentials', async () => {
    const response = await token(
      { authorization: basic(premium.clientId, premium.clientSecret) },
      'grant_type=client_credentials',
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json();
    expect(body).toEqual({
      access_token: expect.any(String),
      expires_in: 3600,
      token_type: 'Bearer',
    });
    const me = await test.inject({
      method: 'GET',
      url: '/api/v1/users/me',
      token: body.access_token,
    });
    expect(me.statusCode).toBe(200);
  });

  it('accepts client_id and client_secret in the form (RFC 6749 §2.3.1)', async () => {
    const response = await token(
      {},
      `grant_type=client_credentials&client_id=${premium.clientId}&client_secret=${encodeURIComponent(premium.clientSecret)}`,
    );
    expect(response.statusCode).toBe(200);
  });

  it('refuses two client authentication methods at once', async () => {
    const response = await token(
      { authorization: basic(premium.clientId, premium.clientSecret) },
      `grant_type=client_credentials&client_id=${premium.clientId}&client_secret=x`,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: 'invalid_request',
      message: expect.any(String),
    });
  });

  it('answers 400 invalid_request when grant_type is missing', async () => {
    const response = await token(
      { authorization: basic(premium.clientId, premium.clientSecret) },
      '',
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: 'invalid_request',
      error_description: expect.stringContaining('grant_type'),
    });
    const empty = await token(
      { authorization: basic(premium.clientId, premium.clientSecret) },
      'scope=x',
    );
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe('invalid_request');
  });

  it('answers 501 for a registered grant we do not support and 400 for anything else', async () => {
    for (const grant of [
      'password',
      'authorization_code',
      'refresh_token',
      'urn:ietf:params:oauth:grant-type:device_code',
    ]) {
      const response = await token(
        { authorization: basic(premium.clientId, premium.clientSecret) },
        `grant_type=${encodeURIComponent(grant)}`,
      );
      expect(response.statusCode, grant).toBe(501);
      expect(response.json()).toMatchObject({
        error: 'unsupported_grant_type',
        message: expect.any(String),
      });
    }
    const unknown = await token(
      { authorization: basic(premium.clientId, premium.clientSecret) },
      'grant_type=magic',
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      error: 'unsupported_grant_type',
      error_description: expect.any(String),
      message: expect.any(String),
    });
  });

  it('answers 401 invalid_client for wrong or unknown credentials, and without any', async () => {
    const wrong = await token(
      { authorization: basic(premium.clientId, 'not-the-secret') },
      'grant_type=client_credentials',
    );
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ error: 'invalid_client' });
    expect(wrong.headers['www-authenticate']).toMatch(/^Basic/);
    const unknown = await token(
      { authorization: basic('00000000-0000-4000-8000-000000000000', 'x') },
      'grant_type=client_credentials',
    );
    expect(unknown.statusCode).toBe(401);
    const none = await token({}, 'grant_type=client_credentials');
    expect(none.statusCode).toBe(401);
    expect(none.json().error).toBe('invalid_client');
    const garbage = await token({ authorization: 'Basic !!!' }, 'grant_type=client_credentials');
    expect(garbage.statusCode).toBe(401);
  });

  it('answers 401 invalid_client on the Basic plan, naming the plans that include the API', async () => {
    const basicAccount = await test.account('basic');
    const response = await token(
      { authorization: basic(basicAccount.clientId, basicAccount.clientSecret) },
      'grant_type=client_credentials',
    );
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({
      error: 'invalid_client',
      message: expect.stringMatching(/Premium or Pro/),
    });
  });

  it('rejects an unknown form field (strict bodies)', async () => {
    const response = await token(
      { authorization: basic(premium.clientId, premium.clientSecret) },
      'grant_type=client_credentials&foo=1',
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('invalid_request');
  });
});

describe('Bearer authentication', () => {
  const test = useTestApp();
  const account = useTestAccount(test, 'premium');

  it('answers 401 without an Authorization header', async () => {
    const response = await test.inject({ method: 'GET', url: '/api/v1/links' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      type: 'ErrorResponse',
      message: expect.stringContaining('missing token'),
    });
    expect(response.headers['www-authenticate']).toMatch(/^Bearer/);
  });

  it('answers 403 for a present but invalid token, and for another scheme', async () => {
    const forged = await test.inject({
      method: 'GET',
      url: '/api/v1/links',
      token: 'forged-token-value',
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toEqual({ type: 'ErrorResponse', message: expect.any(String) });
    const scheme = await test.inject({
      method: 'GET',
      url: '/api/v1/links',
      headers: { authorization: 'Basic abc' },
    });
    expect(scheme.statusCode).toBe(403);
  });

  it('answers 401 once the token is older than 3600 seconds', async () => {
    const fresh = await test.account('premium');
    test.clock.advance(3599_000);
    expect(
      (await test.inject({ method: 'GET', url: '/api/v1/users/me', token: fresh.token }))
        .statusCode,
    ).toBe(200);
    test.clock.advance(1_000);
    const expired = await test.inject({
      method: 'GET',
      url: '/api/v1/users/me',
      token: fresh.token,
    });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toMatch(/expired/);
    expect(account.token).not.toBe(fresh.token);
  });
});
