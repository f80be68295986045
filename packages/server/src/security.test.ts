import { statSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SECRET_KEY_FILE } from './lib/deployment-key.js';
import { SecretBox, sha256Hex } from './lib/secrets.js';
import { openDevice } from './testing/flow-client.js';
import { createLink, createTestApp } from './testing/harness.js';

describe('secrets at rest', () => {
  it('seals client and webhook secrets (AES-256-GCM), hashes tokens, keeps the generated key 0600', async () => {
    const test = await createTestApp();
    try {
      const account = await test.account('premium');
      const db = test.services.context.database.db;
      const user = await db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', account.userId)
        .executeTakeFirstOrThrow();
      const dump = JSON.stringify(user);
      expect(dump).not.toContain(account.clientSecret);
      expect(dump).not.toContain(account.webhookSecret);
      expect(user.client_secret_sealed).toMatch(/^v1\./);
      const tokens = await db
        .selectFrom('access_tokens')
        .selectAll()
        .where('user_id', '=', account.userId)
        .execute();
      expect(tokens).toHaveLength(1);
      expect(JSON.stringify(tokens)).not.toContain(account.token);
      expect(tokens[0]!.token_hash).toBe(sha256Hex(account.token));
      expect(() =>
        new SecretBox(randomBytes(32)).open(
          user.client_secret_sealed,
          `users.client_secret:${account.userId}`,
        ),
      ).toThrow();
      if (test.scratch.databaseUrl === undefined) {
        expect(statSync(join(test.scratch.dataDir, SECRET_KEY_FILE)).mode & 0o777).toBe(0o600);
      }
    } finally {
      await test.close();
    }
  });

  it('uses IDV_SECRET_KEY when set, and binds each sealed value to its row', async () => {
    const key = randomBytes(32).toString('hex');
    const test = await createTestApp({ env: { IDV_SECRET_KEY: key } });
    try {
      const one = await test.account('premium');
      const two = await test.account('premium');
      const db = test.services.context.database.db;
      const row = await db
        .selectFrom('users')
        .select('client_secret_sealed')
        .where('id', '=', one.userId)
        .executeTakeFirstOrThrow();
      // Copying one user's sealed secret onto another row does not log in as either.
      await db
        .updateTable('users')
        .set({ client_secret_sealed: row.client_secret_sealed })
        .where('id', '=', two.userId)
        .execute();
      await expect(test.services.accounts.me(two.userId)).rejects.toThrow();
      expect((await test.services.accounts.me(one.userId)).clientSecret).toBe(one.clientSecret);
    } finally {
      await test.close();
    }
  });
});

describe('logs', () => {
  it('never contain a secret, a token or an Authorization header', async () => {
    const lines: string[] = [];
    const test = await createTestApp({
      logStream: { write: (line: string) => void lines.push(line) },
    });
    try {
      const account = await test.account('premium');
      const basic = Buffer.from(`${account.clientId}:${account.clientSecret}`).toString('base64');
      await test.inject({
        method: 'POST',
        url: '/api/v1/oauth/token',
        headers: {
          authorization: `Basic ${basic}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: 'grant_type=client_credentials',
      });
      await test.inject({
        method: 'POST',
        url: '/api/v1/oauth/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `grant_type=client_credentials&client_id=${account.clientId}&client_secret=${account.clientSecret}`,
      });
      await test.inject({ method: 'GET', url: '/api/v1/users/me', token: account.token });
      const rotated = (
        await test.inject({
          method: 'PATCH',
          url: '/api/v1/users/me/webhook-secret',
          token: account.token,
        })
      ).json();
      const key = (
        await test.inject({
          method: 'POST',
          url: '/api/v1/cloud-services/keys',
          token: account.token,
          payload: { service: 'id' },
        })
      ).json();
      const link = await createLink(test, account.token);
      const device = await openDevice(test, link.linkId);
      const sessionToken = device.token;
      const ticket = (await device.post('/handoff')).json();
      // The phone opens the page of the QR code: the token is in the URL.
      await test.inject({
        method: 'GET',
        url: new URL(ticket.handoffUrl).pathname + new URL(ticket.handoffUrl).search,
      });
      test.app.log.warn(
        {
          req: { headers: { authorization: 'Bearer direct-leak-1' } },
          clientSecret: 'direct-leak-2',
          body: { secret: 'direct-leak-3' },
        },
        'logged by mistake',
      );
      await test.inject({
        method: 'GET',
        url: '/api/v1/links',
        token: 'forged-but-secret-looking-value',
      });
      // A failing request logs the error in full: still nothing secret.
      await test.services.context.database.close();
      await test.inject({ method: 'GET', url: '/api/v1/users/me', token: account.token });
      const log = lines.join('');
      expect(lines.length).toBeGreaterThan(10);
      expect(log).toContain('"level":50');
      for (const secret of [
        account.clientSecret,
        account.webhookSecret,
        account.token,
        basic,
        rotated.webhookSecret,
        key.secret,
        'forged-but-secret-looking-value',
        sessionToken,
        ticket.handoffToken,
      ]) {
        expect(log).not.toContain(secret);
      }
      expect(log.toLowerCase()).not.toMatch(/bearer [a-z0-9_-]{10}/);
      expect(log).toContain('?handoff=[redacted]');
    } finally {
      await test.app.close();
      await test.scratch.drop();
    }
  });
});
