import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createLink,
  createTestApp,
  type TestAccount,
  type TestApp,
} from '../../testing/harness.js';
import { startWebhookReceiver, type WebhookReceiver } from '../../testing/webhook-receiver.js';
import { DeliveryWorker } from './delivery-worker.js';
import { DEFAULT_PER_COMPANY_IN_FLIGHT } from './worker-limits.js';

/**
 * One tenant cannot starve the others: a company with a long queue to a hanging or failing
 * endpoint neither holds every delivery slot nor keeps a broken endpoint hammered. Real workers,
 * real HTTP receivers on loopback, the real database.
 */
describe('webhook delivery fairness', () => {
  let test: TestApp;
  const receivers: WebhookReceiver[] = [];

  beforeEach(async () => {
    test = await createTestApp({
      start: new Date(),
      env: {
        IDV_WEBHOOK_ALLOW_PRIVATE: 'true',
        IDV_WEBHOOK_TIMEOUT_MS: '3000',
        IDV_RATE_LIMITS: 'off',
      },
    });
  });
  afterEach(async () => {
    await test.close();
    for (const receiver of receivers.splice(0)) await receiver.close();
  });

  /** A company (own account) with one endpoint pointing at a fresh receiver. */
  const company = async (name: string) => {
    const receiver = await startWebhookReceiver();
    receivers.push(receiver);
    const account = await test.account('pro', { email: `${name}@example.com` });
    const created = await test.inject({
      method: 'POST',
      url: '/api/v1/webhook-endpoints',
      token: account.token,
      payload: { url: receiver.url },
    });
    expect(created.statusCode).toBe(201);
    return { account, receiver };
  };

  /**
   * Queues `count` events of `account` through the outbox (one delivery each, to its endpoint),
   * each for its own verification, so none waits behind another (per-verification order).
   */
  const queue = async (account: TestAccount, count: number) => {
    const { verificationId } = await createLink(test, account.token);
    const db = test.services.context.database.db;
    const row = await test.services.verifications.loadRow(verificationId, db);
    await test.services.events.transaction(async (_trx, emit) => {
      for (let i = 0; i < count; i++)
        await emit(
          { ...row!, id: i === 0 ? verificationId : randomUUID() },
          'verification.started',
        );
    });
  };

  const attemptsOf = async (companyId: string) =>
    Number(
      (
        await test.services.context.database.db
          .selectFrom('webhook_attempts')
          .innerJoin('webhook_deliveries', 'webhook_deliveries.id', 'webhook_attempts.delivery_id')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('webhook_deliveries.company_id', '=', companyId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("a company with 1000 queued deliveries to a hanging endpoint does not delay another company's first delivery", async () => {
    const flooding = await company('flooding');
    const other = await company('other');
    flooding.receiver.respond(() => 'hang');
    await queue(flooding.account, 1000);
    await queue(other.account, 1);

    test.services.deliveryWorker.start();
    // The other company's delivery arrives while the flooding company's first attempts still
    // hang (each runs to its 3 s time limit): it never waited for one of them to free a slot.
    const [arrived] = await other.receiver.waitFor(1, undefined, 10_000);
    expect(arrived).toBeDefined();
    expect(await attemptsOf(flooding.account.companyId)).toBe(0);
    // The flooding company holds at most its share of the slots.
    expect(flooding.receiver.received.length).toBeLessThanOrEqual(DEFAULT_PER_COMPANY_IN_FLIGHT);
  });

  it('backs off an endpoint that keeps failing (circuit breaker) without losing its events', async () => {
    const failing = await company('failing');
    failing.receiver.respond(() => ({ status: 500 }));
    await queue(failing.account, 30);
    const worker = new DeliveryWorker({
      deliveries: test.services.deliveries,
      accounts: test.services.accounts,
      timeoutMs: 1000,
      pollMs: 50,
      allowPrivate: true,
      circuit: { threshold: 3, cooldownMs: 1500, maxCooldownMs: 1500 },
    });
    worker.start();
    try {
      await failing.receiver.waitFor(3, undefined, 10_000);
      await new Promise((resolve) => setTimeout(resolve, 600));
      // Three failures in a row open the circuit: only the attempts already in flight (at most
      // the company's share) were sent, not the 90 attempts 30 deliveries would run to.
      const duringCooldown = failing.receiver.received.length;
      expect(duringCooldown).toBeLessThanOrEqual(3 + DEFAULT_PER_COMPANY_IN_FLIGHT);
      // No delivery was given up meanwhile: all still pending, none past its 3 attempts.
      const rows = await test.services.context.database.db
        .selectFrom('webhook_deliveries')
        .select(['status', 'attempts'])
        .where('company_id', '=', failing.account.companyId)
        .execute();
      expect(rows).toHaveLength(30);
      expect(rows.every((row) => row.status === 'pending' && row.attempts < 3)).toBe(true);

      // The endpoint recovers; after the cool-down every event is delivered.
      failing.receiver.respond(() => ({ status: 200 }));
      for (let i = 0; i < 200; i++) {
        const pending = await test.services.context.database.db
          .selectFrom('webhook_deliveries')
          .select('status')
          .where('company_id', '=', failing.account.companyId)
          .where('status', '!=', 'succeeded')
          .execute();
        if (pending.length === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const settled = await test.services.context.database.db
        .selectFrom('webhook_deliveries')
        .select(['status', 'attempts'])
        .where('company_id', '=', failing.account.companyId)
        .execute();
      expect(settled.map((row) => row.status)).toEqual(Array(30).fill('succeeded'));
      expect(settled.every((row) => row.attempts <= 3)).toBe(true);
      // The successes closed the circuit: the streak starts again from 0.
      const endpoint = await test.services.context.database.db
        .selectFrom('webhook_endpoints')
        .select(['failure_streak', 'circuit_open_until'])
        .where('company_id', '=', failing.account.companyId)
        .executeTakeFirstOrThrow();
      expect(endpoint).toEqual({ failure_streak: 0, circuit_open_until: null });
    } finally {
      await worker.stop();
    }
  });
});
