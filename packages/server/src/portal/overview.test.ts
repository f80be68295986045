import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEEDBACK_REASONS } from '../db/migrations/0001-initial.js';
import { DAY_MS } from '../lib/clock.js';
import { createLink, createTestApp, type TestAccount, type TestApp } from '../testing/harness.js';
import { portalBrowser } from '../testing/portal-session.js';
import { OVERVIEW_DAYS } from './overview.js';

describe('portal Overview (/app/api/overview)', () => {
  let test: TestApp;
  let account: TestAccount;

  beforeAll(async () => {
    test = await createTestApp({ start: new Date('2026-03-10T12:00:00.000Z') });
    account = await test.account('pro');
  });
  afterAll(async () => test.close());

  /** A link through the service the REST API and the portal share (tokens expire as days pass). */
  const newLink = () =>
    test.services.links.create(account.companyId, account.userId, { type: 'ID ONLY' }, '127.0.0.1');
  const override = (verificationId: string, overrideStatus: 'success' | 'failed', reason = 0) =>
    test.services.verifications.applyFeedback(
      account.companyId,
      account.userId,
      { verificationId, overrideStatus, reasonId: FEEDBACK_REASONS[reason]!.id },
      '127.0.0.1',
    );

  it('counts each day of the window by outcome, the pass rate, the failure reasons, the review queue and the quota, in SQL', async () => {
    // Outside the window (40 days before "today"), and another company: never counted.
    await override((await newLink()).verificationId, 'success');
    const other = await test.account('pro');
    await createLink(test, other.token);

    test.clock.advance(38 * DAY_MS); // 2026-04-17
    await override((await newLink()).verificationId, 'success');
    await override((await newLink()).verificationId, 'failed', 2);
    test.clock.advance(DAY_MS); // 2026-04-18: failed by the pipeline, not reviewed yet
    const rejected = await newLink();
    await test.services.context.database.db
      .updateTable('verifications')
      .set({ status: 'failed', error_code: 'SIDES_MISMATCH' })
      .where('id', '=', rejected.verificationId)
      .execute();
    test.clock.advance(DAY_MS); // 2026-04-19: still open
    await newLink();

    // Signed in now: a session lasts hours, not the days the clock moved.
    const viewer = await portalBrowser(test, account.companyId, 'viewer');
    const answer = await viewer.call('GET', '/overview');
    expect(answer.statusCode).toBe(200);
    const overview = answer.json();
    expect(overview.from).toBe('2026-03-21T00:00:00.000Z');
    expect(overview.days).toHaveLength(OVERVIEW_DAYS);
    expect(overview.days[0].day).toBe('2026-03-21');
    const byDay = Object.fromEntries(
      overview.days.map((d: { day: string }) => [d.day, d] as const),
    );
    expect(byDay['2026-04-17']).toEqual({
      day: '2026-04-17',
      success: 1,
      failed: 1,
      expired: 0,
      open: 0,
    });
    expect(byDay['2026-04-18']).toMatchObject({ failed: 1, success: 0 });
    expect(byDay['2026-04-19']).toMatchObject({ open: 1, failed: 0 });
    const total = overview.days.reduce(
      (sum: number, d: { success: number; failed: number; expired: number; open: number }) =>
        sum + d.success + d.failed + d.expired + d.open,
      0,
    );
    expect(total).toBe(4);
    expect(overview.passRate).toBeCloseTo(1 / 3, 10);
    expect(overview.topFailureReasons).toEqual([
      { reason: FEEDBACK_REASONS[2].reason, count: 1 },
      { reason: 'SIDES_MISMATCH', count: 1 },
    ]);
    expect(overview.toReview).toBe(1);
    expect(overview.usage).toEqual(
      JSON.parse(JSON.stringify(await test.services.stats.current(account.companyId))),
    );
    expect(overview.usage.used).toBe(4);
  });

  it('answers an empty window with zeros and no pass rate', async () => {
    const fresh = await test.account('premium');
    const owner = await portalBrowser(test, fresh.companyId, 'owner');
    const overview = (await owner.call('GET', '/overview')).json();
    expect(overview.passRate).toBeNull();
    expect(overview.topFailureReasons).toEqual([]);
    expect(overview.toReview).toBe(0);
    expect(
      overview.days.every(
        (d: { success: number; failed: number; open: number; expired: number }) =>
          d.success + d.failed + d.open + d.expired === 0,
      ),
    ).toBe(true);
  });
});
