import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, type ScratchDatabase } from './testing/harness.js';
import {
  cliEnvironment,
  runCli,
  startServerProcess,
  type ServerProcess,
} from './testing/processes.js';

describe('idv-server CLI', () => {
  let scratch: ScratchDatabase;
  let env: NodeJS.ProcessEnv;
  const servers: ServerProcess[] = [];
  beforeAll(async () => {
    scratch = await createScratchDatabase();
    env = cliEnvironment(scratch.dataDir, scratch.databaseUrl, { IDV_RATE_LIMITS: 'off' });
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await scratch.drop();
  });

  it('prints help, and exits 2 on a wrong command line', async () => {
    const help = await runCli(['--help'], env);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain(
      'idv-server account create --company NAME --plan basic|premium|pro',
    );
    for (const args of [
      ['frobnicate'],
      ['account', 'create', '--company', 'X', '--plan', 'gold'],
      ['account', 'create', '--plan', 'pro'],
      ['start', '--port', 'abc'],
      ['account', 'create', '--company', 'X', '--plan', 'premium', '--quota', '5'],
    ]) {
      const result = await runCli(args, env);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toMatch(/^idv-server: /);
    }
  });

  it('migrates, and sets the default gate-rule template from a file', async () => {
    const migrate = await runCli(['migrate'], env);
    expect(migrate.code).toBe(0);
    const file = join(scratch.dataDir, 'rules.json');
    writeFileSync(
      file,
      JSON.stringify({
        version: 'v7',
        rules: [{ id: 'r1', reason: 'unsupported_form_factor', match: { formFactor: 'desktop' } }],
      }),
    );
    const set = await runCli(['gate-rules', 'set', file], env);
    expect(set.code, set.stderr).toBe(0);
    writeFileSync(
      file,
      JSON.stringify({ version: 'v8', rules: [{ id: 'r1', reason: 'because', match: {} }] }),
    );
    const bad = await runCli(['gate-rules', 'set', file], env);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/invalid gate rules/);
  });

  it('creates accounts while a server runs on the same data, and the server uses them at once', async () => {
    const server = await startServerProcess(env);
    servers.push(server);
    expect((await fetch(`${server.url}/api/v1/health/status`)).status).toBe(200);
    const results = await Promise.all(
      ['One', 'Two', 'Three'].map((name) =>
        runCli(
          [
            'account',
            'create',
            '--company',
            name,
            '--plan',
            'premium',
            '--email',
            `${name.toLowerCase()}@b.test`,
            '--json',
          ],
          env,
        ),
      ),
    );
    for (const result of results) {
      expect(result.code, result.stderr).toBe(0);
      const lines = result.stdout.trim().split('\n');
      expect(lines).toHaveLength(1);
      const credentials = JSON.parse(lines[0]!);
      expect(Object.keys(credentials).sort()).toEqual([
        'clientId',
        'clientSecret',
        'companyId',
        'signInLink',
        'userId',
        'webhookSecret',
      ]);
      // The e-mail is the portal owner's: the link opens the portal's password page, once.
      expect(credentials.signInLink).toMatch(/^http:\/\/localhost:\d+\/app\/sign-in#token=/);
      const linkToken = new URL(credentials.signInLink as string).hash.slice('#token='.length);
      const signIn = await fetch(`${server.url}/app/api/session/link`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token: linkToken, password: 'a long enough password' }),
      });
      expect(signIn.status).toBe(200);
      expect(signIn.headers.get('set-cookie')).toContain('HttpOnly');
      const token = await fetch(`${server.url}/api/v1/oauth/token`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: 'grant_type=client_credentials',
      });
      expect(token.status).toBe(200);
      const { access_token: accessToken } = (await token.json()) as { access_token: string };
      const link = await fetch(`${server.url}/api/v1/links`, {
        method: 'POST',
        headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'FULL FLOW' }),
      });
      expect(link.status).toBe(201);
      const company = (await (
        await fetch(`${server.url}/api/v1/users/me/company`, {
          headers: { authorization: `Bearer ${accessToken}` },
        })
      ).json()) as { defaultTemplate?: unknown; gateRules: { version: string } };
      expect(company.gateRules.version).toBe('v7');
    }
  });

  it('prints a new portal sign-in link for a person, and refuses an unknown e-mail', async () => {
    const created = await runCli(
      [
        'account',
        'create',
        '--company',
        'Linked',
        '--plan',
        'basic',
        '--email',
        'owner@linked.test',
      ],
      env,
    );
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toMatch(
      /Portal sign-in link for owner@linked\.test \(one use, 72 hours\):\n {2}http:\/\/localhost:\d+\/app\/sign-in#token=\S+\n/,
    );
    const again = await runCli(['account', 'sign-in-link', '--email', 'OWNER@linked.test'], env);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/^http:\/\/localhost:\d+\/app\/sign-in#token=\S+\n$/);
    const unknown = await runCli(['account', 'sign-in-link', '--email', 'nobody@linked.test'], env);
    expect(unknown.code).toBe(2);
  });

  it('never exceeds the quota when two server processes create links concurrently', async () => {
    const second = await startServerProcess(env);
    servers.push(second);
    const [first] = servers;
    const created = await runCli(
      ['account', 'create', '--company', 'Racer', '--plan', 'pro', '--quota', '7', '--json'],
      env,
    );
    const credentials = JSON.parse(created.stdout) as { clientId: string; clientSecret: string };
    const basic = `Basic ${Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString('base64')}`;
    const token = (await (
      await fetch(`${first!.url}/api/v1/oauth/token`, {
        method: 'POST',
        headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=client_credentials',
      })
    ).json()) as { access_token: string };
    const statuses = await Promise.all(
      Array.from({ length: 24 }, async (_, i) => {
        const response = await fetch(`${(i % 2 === 0 ? first! : second).url}/api/v1/links`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${token.access_token}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify({ type: 'ID ONLY' }),
        });
        return response.status;
      }),
    );
    expect(statuses.filter((s) => s === 201)).toHaveLength(7);
    expect(statuses.filter((s) => s === 422)).toHaveLength(17);
    const stats = (await (
      await fetch(`${second.url}/api/v1/users/me/stats`, {
        headers: { authorization: `Bearer ${token.access_token}` },
      })
    ).json()) as { used: number; linksGenerated: number };
    expect(stats).toMatchObject({ used: 7, linksGenerated: 7 });
  });

  it('stops on SIGTERM', async () => {
    const server = servers.pop()!;
    expect(await server.stop()).toBe(0);
  });
});
