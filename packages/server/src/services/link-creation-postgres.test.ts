import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DATABASE_URL, type TestApp } from '../testing/harness.js';
import { timeOrderedUuid } from '../lib/ids.js';
import { batchedPostgresLinkCreation } from './link-creation-postgres-batch.js';
import type { LinkCreationValues } from './link-creation-postgres.js';
import { quotaPeriod } from './links.js';

/** Link creation on PostgreSQL: the links of one event-loop turn share one statement (issue 17). */
describe.skipIf(TEST_DATABASE_URL === undefined)('link creation on PostgreSQL', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(async () => test.close());

  const db = () => test.services.context.database.db;
  /** The transactions that wrote a company's links (rows of one statement share its `xmin`). */
  const writers = async (companyId: string) =>
    (
      await sql<{ xmin: string }>`select distinct xmin::text as xmin from links
        where company_id = ${companyId}`.execute(db())
    ).rows;
  const count = async (table: 'links' | 'verifications', companyId: string) =>
    Number(
      (
        await db()
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('company_id', '=', companyId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const used = async (companyId: string) =>
    (
      await db()
        .selectFrom('quota_usage')
        .select('used')
        .where('company_id', '=', companyId)
        .execute()
    ).map((row) => row.used);
  const createMany = (companyId: string, userId: string | null, count: number) =>
    Array.from({ length: count }, () =>
      test.services.links.create(companyId, userId, { type: 'ID ONLY' }, null),
    );

  it('creates the links of one turn with one statement, each company from its own quota', async () => {
    const roomy = await test.account('pro', { quota: 10 });
    const tight = await test.account('pro', { quota: 3 });
    // One link each first: the company settings are then at hand (a recent read), so the links
    // below all reach the statement in the same turn.
    for (const account of [roomy, tight]) await Promise.all(createMany(account.companyId, null, 1));
    const before = await writers(roomy.companyId);
    // Asked in one turn: the roomy company's 6 fit its quota; the tight one's 5 do not (2 left),
    // which must neither refuse the roomy company's links nor give the tight one more than 2.
    const results = await Promise.allSettled([
      ...createMany(roomy.companyId, roomy.userId, 6),
      ...createMany(tight.companyId, tight.userId, 5),
    ]);
    const outcome = results.map((result) =>
      result.status === 'fulfilled' ? 201 : (result.reason as { statusCode: number }).statusCode,
    );
    expect(outcome.slice(0, 6)).toEqual([201, 201, 201, 201, 201, 201]);
    expect(outcome.slice(6).filter((status) => status === 201)).toHaveLength(2);
    expect(outcome.slice(6).filter((status) => status === 422)).toHaveLength(3);
    // The 6 links share one transaction (one statement), besides the first link's.
    expect(await writers(roomy.companyId)).toHaveLength(before.length + 1);
    expect(await count('links', roomy.companyId)).toBe(7);
    expect(await count('verifications', roomy.companyId)).toBe(7);
    expect(await used(roomy.companyId)).toEqual([7]);
    expect(await count('links', tight.companyId)).toBe(3);
    expect(await count('verifications', tight.companyId)).toBe(3);
    expect(await used(tight.companyId)).toEqual([3]);
  });

  it('sends the links asked while two statements run in one statement after them', async () => {
    const account = await test.account('pro', { quota: 100 });
    await Promise.all(createMany(account.companyId, null, 1));
    const before = await writers(account.companyId);
    // Another transaction holds the company's quota row, so the statements wait on it.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = db()
      .transaction()
      .execute(async (trx) => {
        await sql`select used from quota_usage where company_id = ${account.companyId} for update`.execute(
          trx,
        );
        locked();
        await released;
      });
    await isLocked;
    // Long enough for the batch of the link just asked to go (or to be held).
    const nextTurn = () => new Promise((resolve) => setTimeout(resolve, 20));
    // Six links, each asked in a turn of its own: two statements go and wait on the lock, the
    // other four gather behind them.
    const links: Promise<unknown>[] = [];
    for (let i = 0; i < 6; i++) {
      links.push(test.services.links.create(account.companyId, null, { type: 'ID ONLY' }, null));
      await nextTurn();
    }
    release();
    await holder;
    await Promise.all(links);
    expect(await writers(account.companyId)).toHaveLength(before.length + 3);
    expect(await count('links', account.companyId)).toBe(7);
    expect(await used(account.companyId)).toEqual([7]);
  });

  it('takes a company to exactly its quota when a turn asks for more than is left', async () => {
    const account = await test.account('pro', { quota: 7 });
    await Promise.all(createMany(account.companyId, account.userId, 4));
    const results = await Promise.allSettled(createMany(account.companyId, account.userId, 5));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(3);
    expect(await count('links', account.companyId)).toBe(7);
    expect(await count('verifications', account.companyId)).toBe(7);
    expect(await used(account.companyId)).toEqual([7]);
  });

  it('creates the other links of a turn when one of them fails, and fails that one alone', async () => {
    const account = await test.account('pro', { quota: 10 });
    const create = batchedPostgresLinkCreation(db());
    const now = test.clock.now();
    const at = new Date(now).toISOString();
    const values = (): LinkCreationValues => ({
      id: timeOrderedUuid(now),
      companyId: account.companyId,
      verificationId: timeOrderedUuid(now),
      type: 'ID ONLY',
      callbackUrl: null,
      externalUserId: null,
      externalUserIdSource: null,
      adaptiveFlowRequested: null,
      adaptiveFlow: 0,
      metadata: '{}',
      linkExpiresAt: at,
      verificationExpiresAt: at,
      createdAt: at,
      createdBy: account.userId,
      createdIp: null,
      documentTypes: '["ID_CARD","PASSPORT"]',
      period: quotaPeriod(now),
    });
    const first = values();
    expect(await create(first)).toBe(true);
    // The same link id again (a primary-key violation) beside two good links, in one turn.
    const results = await Promise.allSettled([
      create(values()),
      create({ ...values(), id: first.id }),
      create(values()),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toMatchObject({ code: '23505' });
    expect(await count('links', account.companyId)).toBe(3);
    expect(await count('verifications', account.companyId)).toBe(3);
    expect(await used(account.companyId)).toEqual([3]);
  });
});
