import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { openDatabase } from '../../db/database.js';
import { createServices } from '../index.js';
import { createScratchDatabase, type ScratchDatabase } from '../../testing/harness.js';
import {
  cliEnvironment,
  runCli,
  startServerProcess,
  type ServerProcess,
} from '../../testing/processes.js';
import { TEST_DATABASE_URL } from '../../testing/harness.js';
import {
  startWebhookReceiver,
  verifyReceivedWebhook,
  type WebhookReceiver,
} from '../../testing/webhook-receiver.js';

/** Server processes on one database: a restart resumes deliveries, two workers never double-send. */
describe('webhook delivery across processes', () => {
  let scratch: ScratchDatabase;
  let receiver: WebhookReceiver;
  const servers: ServerProcess[] = [];

  beforeEach(async () => {
    scratch = await createScratchDatabase();
    receiver = await startWebhookReceiver();
  });
  afterEach(async () => {
    for (const server of servers.splice(0)) await server.stop();
    await receiver.close();
    await scratch.drop();
  });

  const env = (extra: Record<string, string> = {}) =>
    cliEnvironment(scratch.dataDir, scratch.databaseUrl, {
      IDV_WEBHOOK_ALLOW_PRIVATE: 'true',
      IDV_RATE_LIMITS: 'off',
      IDV_LOG_LEVEL: 'info',
      ...extra,
    });
  const start = async (extra?: Record<string, string>) => {
    const server = await startServerProcess(env(extra));
    servers.push(server);
    return server;
  };

  /** An account, its token on `server`, and an endpoint pointing at the receiver. */
  const setUp = async (server: ServerProcess) => {
    const created = await runCli(
      ['account', 'create', '--company', 'Acme', '--plan', 'pro', '--json'],
      env(),
    );
    expect(created.code, created.stderr).toBe(0);
    const credentials = JSON.parse(created.stdout) as {
      clientId: string;
      clientSecret: string;
      webhookSecret: string;
    };
    const tokenResponse = await fetch(`${server.url}/api/v1/oauth/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    const token = ((await tokenResponse.json()) as { access_token: string }).access_token;
    const endpoint = await fetch(`${server.url}/api/v1/webhook-endpoints`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url: receiver.url }),
    });
    expect(endpoint.status).toBe(201);
    return { token, webhookSecret: credentials.webhookSecret };
  };

  const createLinkOn = async (server: ServerProcess, token: string) =>
    (await (
      await fetch(`${server.url}/api/v1/links`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'ID ONLY' }),
      })
    ).json()) as { linkId: string; verificationId: string };

  /** Creates a link on `server` and opens it there (event `verification.started`). */
  const startVerification = async (server: ServerProcess, token: string) => {
    const link = await createLinkOn(server, token);
    const opened = await fetch(`${server.url}/api/v1/flow/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ linkId: link.linkId }),
    });
    expect(opened.status).toBe(201);
    return link.verificationId;
  };

  const attemptsOf = async () => {
    const database = openDatabase(scratch);
    try {
      return await database.db
        .selectFrom('webhook_attempts')
        .innerJoin('webhook_deliveries', 'webhook_deliveries.id', 'webhook_attempts.delivery_id')
        .select([
          'webhook_deliveries.event_id',
          'webhook_deliveries.status',
          'webhook_attempts.attempt',
          'webhook_attempts.worker',
          'webhook_attempts.status_code',
        ])
        .execute();
    } finally {
      await database.close();
    }
  };

  it('resumes the deliveries of a killed server after a restart', async () => {
    const first = await start({ IDV_WEBHOOK_TIMEOUT_MS: '1000' });
    const { token, webhookSecret } = await setUp(first);
    receiver.respond(() => 'hang');
    const verifications: string[] = [];
    for (let i = 0; i < 4; i += 1) verifications.push(await startVerification(first, token));
    // Every first attempt is in flight (the receiver holds them): kill the server now.
    await receiver.waitFor(4);
    const exited = new Promise((resolve) => first.child.once('exit', resolve));
    first.child.kill('SIGKILL');
    await exited;
    servers.splice(servers.indexOf(first), 1);
    receiver.respond(() => ({ status: 200 }));
    const inFlightBefore = receiver.received.length;

    await start({ IDV_WEBHOOK_TIMEOUT_MS: '1000', IDV_WEBHOOK_POLL_MS: '100' });
    const resumed = await receiver.waitFor(8, () => true, 20_000);
    const after = resumed.slice(inFlightBefore);
    expect(
      after.map((r) => verifyReceivedWebhook(r, webhookSecret).data._verificationId).sort(),
    ).toEqual([...verifications].sort());
    // The same webhook-id as the attempt that was cut off: receivers can deduplicate.
    expect(new Set(after.map((r) => r.headers['webhook-id']))).toEqual(
      new Set(resumed.slice(0, inFlightBefore).map((r) => r.headers['webhook-id'])),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    const attempts = await attemptsOf();
    expect(attempts).toHaveLength(4);
    for (const attempt of attempts)
      expect(attempt).toMatchObject({ status: 'succeeded', attempt: 1, status_code: 200 });
  }, 60_000);

  it('shares the work of two server processes and never sends an attempt twice', async () => {
    const fast = { IDV_WEBHOOK_POLL_MS: '20' };
    const a = await start(fast);
    const b = await start(fast);
    // Six companies: at most 4 deliveries of a company are leased at once (fairness, every
    // process counted) and a process sends at most 16 at once, so 24 claimable slots are more
    // than one process takes. With one company the process holding its 4 slots claimed again on
    // each answer, before the other one's poll, and did all the work under load (a race).
    const accounts: { token: string; webhookSecret: string }[] = [];
    for (let i = 0; i < 6; i += 1) accounts.push(await setUp(a));
    const secrets = accounts.map((account) => account.webhookSecret);
    const verifyAny = (request: Parameters<typeof verifyReceivedWebhook>[0]): void => {
      const signedBy = secrets.filter((secret) => {
        try {
          verifyReceivedWebhook(request, secret);
          return true;
        } catch {
          return false;
        }
      });
      expect(signedBy).toHaveLength(1);
    };
    // Every event fails its first attempt: the retries are due 100 ms later in the shared table,
    // where both processes poll for them every 20 ms.
    const seen = new Set<string>();
    receiver.respond((request) => {
      const id = String(request.headers['webhook-id']);
      if (seen.has(id)) return { status: 200, delayMs: 20 };
      seen.add(id);
      return { status: 500, delayMs: 20 };
    });
    // The events are queued by a third process that sends nothing itself (no worker): neither
    // server is woken locally, both find the work by polling and compete for every claim.
    const count = 40;
    const links = await Promise.all(
      Array.from({ length: count }, (_, i) =>
        createLinkOn(
          i % 2 === 0 ? a : b,
          (accounts[i % accounts.length] as { token: string }).token,
        ),
      ),
    );
    const config = loadConfig({ dataDir: scratch.dataDir }, env());
    const queueing = await createServices({ config });
    try {
      for (const link of links) await queueing.flowSessions.open(link.linkId, undefined);
    } finally {
      await queueing.close();
    }
    const received = await receiver.waitFor(2 * count, () => true, 30_000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(receiver.received).toHaveLength(2 * count);
    const perEvent = new Map<string, number>();
    for (const request of received) {
      verifyAny(request);
      const id = String(request.headers['webhook-id']);
      perEvent.set(id, (perEvent.get(id) ?? 0) + 1);
    }
    expect(perEvent.size).toBe(count);
    expect([...perEvent.values()].every((n) => n === 2)).toBe(true);
    const attempts = await attemptsOf();
    expect(attempts).toHaveLength(2 * count);
    const byEvent = new Map<string, number[]>();
    for (const attempt of attempts)
      byEvent.set(attempt.event_id, [...(byEvent.get(attempt.event_id) ?? []), attempt.attempt]);
    for (const numbers of byEvent.values()) expect(numbers.sort()).toEqual([1, 2]);
    const workers = new Set(attempts.map((attempt) => attempt.worker));
    expect(workers.size).toBe(2);
  }, 60_000);

  it.skipIf(TEST_DATABASE_URL === undefined)(
    "PostgreSQL: another process's commit wakes the worker at once (NOTIFY), without waiting for its poll",
    async () => {
      // A poll once a minute: only the notification can bring these deliveries within the test.
      const server = await start({ IDV_WEBHOOK_POLL_MS: '60000' });
      const { token, webhookSecret } = await setUp(server);
      await new Promise((resolve) => setTimeout(resolve, 1500)); // the start-up sweep is over
      const links = await Promise.all(Array.from({ length: 5 }, () => createLinkOn(server, token)));
      // Queued by a process with no running worker (nothing is leased at emission).
      const config = loadConfig({ dataDir: scratch.dataDir }, env());
      const queueing = await createServices({ config });
      const opened = new Map<string, number>();
      try {
        for (const link of links) {
          await queueing.flowSessions.open(link.linkId, undefined);
          opened.set(link.verificationId, Date.now());
        }
      } finally {
        await queueing.close();
      }
      const received = await receiver.waitFor(5, () => true, 10_000);
      for (const request of received) {
        const id = String(verifyReceivedWebhook(request, webhookSecret).data._verificationId);
        expect(request.receivedAt - opened.get(id)!).toBeLessThan(1000);
      }
    },
    60_000,
  );
});
