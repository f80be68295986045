import Database from 'better-sqlite3';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IdvClient } from './client.js';
import { IdvAuthError } from './errors.js';
import { startTestServer, type AccountCredentials, type TestServer } from './testing/server.js';

/**
 * OAuth client credentials against the real server: the number of tokens issued is read from the
 * account's own activity log (`token.issued`, one entry per `POST /oauth/token` that succeeded).
 */
describe('access tokens', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  }, 90_000);
  afterAll(async () => server?.stop());

  const clientOf = (
    account: AccountCredentials,
    extra: { tokenRefreshMarginSeconds?: number } = {},
  ) =>
    new IdvClient({
      baseUrl: server.baseUrl,
      clientId: account.clientId,
      clientSecret: account.clientSecret,
      ...extra,
    });

  /** Tokens the server issued to the account so far. */
  const tokensIssued = async (idv: IdvClient) => {
    let count = 0;
    for await (const entry of idv.users.logs()) if (entry.action === 'token.issued') count++;
    return count;
  };

  it('fetches one token for 50 concurrent calls, then reuses it', async () => {
    const account = await server.createAccount();
    const idv = clientOf(account);
    const answers = await Promise.all(Array.from({ length: 50 }, () => idv.users.stats()));
    expect(answers.every((stats) => stats.plan === 'pro')).toBe(true);
    await Promise.all(Array.from({ length: 10 }, () => idv.users.me()));
    expect(await tokensIssued(idv)).toBe(1);
  });

  it('replaces the token before it expires, once for concurrent callers', async () => {
    const account = await server.createAccount();
    // Tokens last 3600 s; a margin of 3599 s leaves each one 1 s of use on this client.
    const idv = clientOf(account, { tokenRefreshMarginSeconds: 3599 });
    const first = await idv.accessToken();
    expect(await idv.accessToken()).toBe(first);
    await delay(1100);
    const renewed = await Promise.all(Array.from({ length: 20 }, () => idv.users.stats()));
    expect(renewed).toHaveLength(20);
    const second = await idv.accessToken();
    expect(second).not.toBe(first);
    expect(await tokensIssued(idv)).toBe(2);
  });

  it('asks for a new token once after a 401 (a token that expired on the server)', async () => {
    const account = await server.createAccount();
    const idv = clientOf(account);
    const stale = await idv.accessToken();
    // The server's clock runs on: end every token of this account in its database.
    const db = new Database(join(server.dataDir, 'idv.sqlite'));
    try {
      db.prepare('update access_tokens set expires_at = ? where user_id = ?').run(
        '2000-01-01T00:00:00.000Z',
        account.userId,
      );
    } finally {
      db.close();
    }
    // The server caches token checks for up to 1 s.
    await delay(1100);
    const direct = await fetch(`${server.baseUrl}/users/me`, {
      headers: { authorization: `Bearer ${stale}` },
    });
    expect(direct.status).toBe(401);
    const me = await idv.users.me();
    expect(me._id).toBe(account.userId);
    expect(await idv.accessToken()).not.toBe(stale);
    expect(await tokensIssued(idv)).toBe(2);
  });

  it('gets a new token by itself after its token was revoked (revoke-tokens: the secret stays)', async () => {
    const account = await server.createAccount();
    const idv = clientOf(account);
    const revokedToken = await idv.accessToken();
    await server.cli(['account', 'revoke-tokens', '--client-id', account.clientId, '--json']);
    // Every server process refuses a revoked token within 1 s.
    await delay(1100);
    const direct = await fetch(`${server.baseUrl}/users/me`, {
      headers: { authorization: `Bearer ${revokedToken}` },
    });
    expect(direct.status).toBe(401);
    expect(direct.headers.get('www-authenticate')).toContain('error="invalid_token"');
    // The 401 drops the token; one new token, one retry, and the call succeeds.
    const me = await idv.users.me();
    expect(me._id).toBe(account.userId);
    expect(await idv.accessToken()).not.toBe(revokedToken);
    expect(await tokensIssued(idv)).toBe(2);
  });

  it('throws IdvAuthError after one token request when the secret was rotated elsewhere', async () => {
    const account = await server.createAccount();
    const tokenRequests: number[] = [];
    const idv = new IdvClient({
      baseUrl: server.baseUrl,
      clientId: account.clientId,
      clientSecret: account.clientSecret,
      // The global fetch, counting the token requests it carries.
      fetch: async (input, init) => {
        const response = await fetch(input, init);
        if (input.endsWith('/oauth/token')) tokenRequests.push(response.status);
        return response;
      },
    });
    await idv.users.me();
    await server.cli(['account', 'rotate-secret', '--client-id', account.clientId, '--json']);
    await delay(1100);
    // The cached token is revoked (401): the client asks once for a new one, with the old secret,
    // and the token endpoint refuses it (401 invalid_client): no loop, a typed error.
    const refused = await idv.users.me().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(IdvAuthError);
    expect(refused).toMatchObject({ status: 401, oauthError: 'invalid_client' });
    expect(tokenRequests).toEqual([200, 401]);
  });

  it('switches to the new secret after rotateClientSecret', async () => {
    const account = await server.createAccount();
    const idv = clientOf(account);
    const rotated = await idv.users.rotateClientSecret();
    expect(rotated.clientId).toBe(account.clientId);
    expect(rotated.clientSecret).not.toBe(account.clientSecret);
    // The rotation revoked the token of the call itself; the client fetches one with the new secret.
    expect((await idv.users.me()).clientSecret).toBe(rotated.clientSecret);
    const old = await clientOf(account)
      .users.me()
      .catch((error: unknown) => error);
    expect(old).toMatchObject({ status: 401, oauthError: 'invalid_client' });
  });
});
