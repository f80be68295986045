import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_REVOCATION_DELAY_MS } from './services/tokens.js';
import { createScratchDatabase, createTestApp, type ScratchDatabase } from './testing/harness.js';
import {
  cliEnvironment,
  runCli,
  startServerProcess,
  type ServerProcess,
} from './testing/processes.js';

/** Issue 19, "Credentials": client secret rotation and token revocation. */
describe('client secret rotation', () => {
  it('POST /users/me/client-secret answers a new secret once and revokes every token of the client at once', async () => {
    const test = await createTestApp();
    try {
      const account = await test.account('premium');
      const other = await test.account('premium');
      const second = await test.token(account);
      const me = (token: string) => test.inject({ method: 'GET', url: '/api/v1/users/me', token });
      expect((await me(account.token)).statusCode).toBe(200);
      expect((await me(second)).statusCode).toBe(200); // both now in the token cache

      const rotated = await test.inject({
        method: 'POST',
        url: '/api/v1/users/me/client-secret',
        token: account.token,
      });
      expect(rotated.statusCode).toBe(200);
      expect(rotated.headers['cache-control']).toBe('no-store');
      const body = rotated.json<{ clientId: string; clientSecret: string }>();
      expect(Object.keys(body).sort()).toEqual(['clientId', 'clientSecret']);
      expect(body.clientId).toBe(account.clientId);
      expect(body.clientSecret).not.toBe(account.clientSecret);
      expect(body.clientSecret).toMatch(/^[A-Za-z0-9_-]{40,}$/);

      // Both tokens refused at once in this process, cache or not: revoked, a credential that
      // ended like an expired one, 401 invalid_token (a forged token stays 403).
      for (const token of [account.token, second]) {
        const refused = await me(token);
        expect(refused.statusCode).toBe(401);
        expect(refused.headers['www-authenticate']).toBe(
          'Bearer realm="idv", error="invalid_token", error_description="token revoked"',
        );
        expect(refused.json()).toEqual({
          type: 'ErrorResponse',
          message:
            'revoked token: request a new one from /oauth/token with the current client secret',
        });
      }
      expect((await me('never-issued-token')).statusCode).toBe(403);
      // The old secret no longer gets a token; the new one does.
      await expect(test.token(account)).rejects.toThrow(/401/);
      const fresh = await test.token({ ...account, clientSecret: body.clientSecret });
      const after = await me(fresh);
      expect(after.statusCode).toBe(200);
      expect(after.json().clientSecret).toBe(body.clientSecret);
      // Another client is untouched.
      expect((await me(other.token)).statusCode).toBe(200);
      const logs = (
        await test.inject({ method: 'GET', url: '/api/v1/users/me/logs', token: fresh })
      ).json<{ data: { action: string }[] }>();
      expect(logs.data.map((entry) => entry.action)).toContain('client_secret.rotated');
    } finally {
      await test.close();
    }
  });

  it(`another process on the same database refuses a revoked token within ${TOKEN_REVOCATION_DELAY_MS} ms, whatever it cached`, async () => {
    const first = await createTestApp();
    const second = await createTestApp({ scratch: first.scratch });
    try {
      const account = await first.account('premium');
      const me = () =>
        second.inject({ method: 'GET', url: '/api/v1/users/me', token: account.token });
      expect((await me()).statusCode).toBe(200); // cached by the second process
      const rotated = await first.inject({
        method: 'POST',
        url: '/api/v1/users/me/client-secret',
        token: account.token,
      });
      expect(rotated.statusCode).toBe(200);
      second.clock.advance(TOKEN_REVOCATION_DELAY_MS);
      const refused = await me();
      expect(refused.statusCode).toBe(401);
      expect(refused.headers['www-authenticate']).toContain('error="invalid_token"');
    } finally {
      await second.close();
      await first.close();
    }
  });
});

describe('idv-server account rotate-secret | revoke-tokens', () => {
  let scratch: ScratchDatabase;
  let env: NodeJS.ProcessEnv;
  let server: ServerProcess;
  beforeAll(async () => {
    scratch = await createScratchDatabase();
    env = cliEnvironment(scratch.dataDir, scratch.databaseUrl, { IDV_RATE_LIMITS: 'off' });
    server = await startServerProcess(env);
  });
  afterAll(async () => {
    await server.stop();
    await scratch.drop();
  });

  const tokenOf = async (clientId: string, clientSecret: string) => {
    const response = await fetch(`${server.url}/api/v1/oauth/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    return {
      status: response.status,
      token: ((await response.json()) as { access_token?: string }).access_token,
    };
  };
  const me = async (token: string) =>
    (
      await fetch(`${server.url}/api/v1/users/me`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).status;
  /** Polls until the server refuses the token; answers how long it took (ms). */
  const refusedWithin = async (token: string) => {
    const started = Date.now();
    while ((await me(token)) === 200) {
      if (Date.now() - started > 5000) throw new Error('token still accepted after 5 s');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return Date.now() - started;
  };

  it("rotates the secret of a running server's client and the server refuses its tokens within 1 s", async () => {
    const created = await runCli(
      ['account', 'create', '--company', 'Rotating', '--plan', 'premium', '--json'],
      env,
    );
    expect(created.code, created.stderr).toBe(0);
    const account = JSON.parse(created.stdout) as { clientId: string; clientSecret: string };
    const { token } = await tokenOf(account.clientId, account.clientSecret);
    expect(await me(token!)).toBe(200);

    const rotated = await runCli(
      ['account', 'rotate-secret', '--client-id', account.clientId, '--json'],
      env,
    );
    expect(rotated.code, rotated.stderr).toBe(0);
    const result = JSON.parse(rotated.stdout) as {
      clientId: string;
      clientSecret: string;
      revokedTokens: number;
    };
    expect(result).toMatchObject({ clientId: account.clientId, revokedTokens: 1 });
    // Exact bound: the manual-clock test above; here, real processes and a real clock (with poll slack).
    expect(await refusedWithin(token!)).toBeLessThan(2 * TOKEN_REVOCATION_DELAY_MS);
    expect((await tokenOf(account.clientId, account.clientSecret)).status).toBe(401);
    const fresh = await tokenOf(account.clientId, result.clientSecret);
    expect(fresh.status).toBe(200);

    const revoked = await runCli(
      ['account', 'revoke-tokens', '--client-id', account.clientId, '--json'],
      env,
    );
    expect(revoked.code, revoked.stderr).toBe(0);
    expect(JSON.parse(revoked.stdout)).toEqual({ clientId: account.clientId, revokedTokens: 1 });
    await refusedWithin(fresh.token!);
    // Revoked, not forged: 401, so that a client asks for a new token.
    expect(await me(fresh.token!)).toBe(401);
    // The secret stays after a revoke-tokens.
    expect((await tokenOf(account.clientId, result.clientSecret)).status).toBe(200);

    for (const args of [
      ['account', 'rotate-secret'],
      ['account', 'revoke-tokens', '--client-id', 'no-such-client'],
    ]) {
      const wrong = await runCli(args, env);
      expect(wrong.code, args.join(' ')).toBe(2);
      expect(wrong.stderr).toMatch(/^idv-server: /);
    }
  });
});

/** Issue 17: a rotation through one server process is refused by every other within 1 s. */
describe('revocation across server processes', () => {
  let scratch: ScratchDatabase;
  const servers: ServerProcess[] = [];
  beforeAll(async () => {
    scratch = await createScratchDatabase();
    const env = cliEnvironment(scratch.dataDir, scratch.databaseUrl, { IDV_RATE_LIMITS: 'off' });
    servers.push(await startServerProcess(env), await startServerProcess(env));
  });
  afterAll(async () => {
    for (const server of servers) await server.stop();
    await scratch.drop();
  });

  it('a secret rotated on one process: the other refuses the old tokens within 1 s (PostgreSQL: at its notification) and the old secret at once', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const env = cliEnvironment(scratch.dataDir, scratch.databaseUrl);
    const created = await runCli(
      ['account', 'create', '--company', 'Two processes', '--plan', 'premium', '--json'],
      env,
    );
    expect(created.code, created.stderr).toBe(0);
    const account = JSON.parse(created.stdout) as { clientId: string; clientSecret: string };
    const tokenFrom = async (server: ServerProcess, secret: string) =>
      fetch(`${server.url}/api/v1/oauth/token`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${account.clientId}:${secret}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: 'grant_type=client_credentials',
      });
    const token = (
      (await (await tokenFrom(b, account.clientSecret)).json()) as {
        access_token: string;
      }
    ).access_token;
    const meOnB = async () =>
      (await fetch(`${b.url}/api/v1/users/me`, { headers: { authorization: `Bearer ${token}` } }))
        .status;
    // B keeps answering from its cache while the token stays valid.
    for (let i = 0; i < 3; i += 1) expect(await meOnB()).toBe(200);

    const rotated = await fetch(`${a.url}/api/v1/users/me/client-secret`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(rotated.status).toBe(200);
    const rotatedAt = Date.now();
    while ((await meOnB()) === 200) {
      expect(Date.now() - rotatedAt).toBeLessThan(TOKEN_REVOCATION_DELAY_MS);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const refusedAfter = Date.now() - rotatedAt;
    // On PostgreSQL the notification, not the cache's expiry, ends it.
    if (scratch.databaseUrl !== undefined) expect(refusedAfter).toBeLessThan(500);
    // A revoked token answers 401 invalid_token, as an expired one does.
    expect(await meOnB()).toBe(401);
    expect((await tokenFrom(b, account.clientSecret)).status).toBe(401);
    const { clientSecret } = (await rotated.json()) as { clientSecret: string };
    expect((await tokenFrom(b, clientSecret)).status).toBe(200);
  }, 60_000);
});
