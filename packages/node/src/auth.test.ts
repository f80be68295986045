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

  it('throws IdvAuthError when the token request itself is refused (secret rotated elsewhere)', async () => {
    const account = await server.createAccount();
    const idv = clientOf(account);
    await idv.users.me();
    await server.cli(['account', 'rotate-secret', '--client-id', account.clientId, '--json']);
    await delay(1100);
    // The token was revoked (403) and the secret changed: the token request answers 401.
    idv.forgetToken();
    const refused = await idv.users.me().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(IdvAuthError);
    expect(refused).toMatchObject({ status: 401, oauthError: 'invalid_client' });
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
