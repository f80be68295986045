import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUR_MS } from '../lib/clock.js';
import { createTestApp, type TestAccount, type TestApp } from '../testing/harness.js';
import { portalBrowser } from '../testing/portal-session.js';

describe('portal inbox: sorting, filters and live arrival (/app/api/verifications)', () => {
  let test: TestApp;
  let account: TestAccount;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    // Three UTC days inside the plan's readable window (25 h): 23:30, 00:30, then 00:00.
    test = await createTestApp({ start: new Date('2026-05-01T23:30:00.000Z') });
    account = await test.account('pro');
    const link = (type: 'FULL FLOW' | 'ID ONLY', externalUserId: string) =>
      test.services.links.create(
        account.companyId,
        account.userId,
        { type, externalUserId },
        '127.0.0.1',
      );
    ids.may1 = (await link('FULL FLOW', 'may-1')).verificationId;
    test.clock.advance(HOUR_MS);
    ids.may2 = (await link('ID ONLY', 'may-2')).verificationId;
    test.clock.advance(23.5 * HOUR_MS);
    ids.may3 = (await link('ID ONLY', 'may-3')).verificationId;
    const db = test.services.context.database.db;
    await db
      .updateTable('verifications')
      .set({ status: 'failed', method: 'DOCUMENT', error_code: 'SIDES_MISMATCH' })
      .where('id', '=', ids.may2)
      .execute();
    await db
      .updateTable('verifications')
      .set({ status: 'success', method: 'FACE', finished_at: '2026-05-02T23:00:00.000Z' })
      .where('id', '=', ids.may1)
      .execute();
  });
  afterAll(async () => test.close());

  const list = async (query: string) => {
    const viewer = await portalBrowser(test, account.companyId, 'viewer');
    const answer = await viewer.call('GET', `/verifications?${query}`);
    expect(answer.statusCode, query).toBe(200);
    return (answer.json() as { data: { _id: string }[] }).data.map((row) => row._id);
  };

  it('filters by type, method, failure reason and an inclusive range of UTC days', async () => {
    expect(await list('type=ID%20ONLY')).toEqual([ids.may3, ids.may2]);
    expect(await list('method=FACE')).toEqual([ids.may1]);
    expect(await list('reason=SIDES_MISMATCH')).toEqual([ids.may2]);
    expect(await list('from=2026-05-02')).toEqual([ids.may3, ids.may2]);
    expect(await list('to=2026-05-02')).toEqual([ids.may2, ids.may1]);
    expect(await list('from=2026-05-02&to=2026-05-02')).toEqual([ids.may2]);
    expect(await list('type=ID%20ONLY&method=FACE')).toEqual([]);
  });

  it('sorts by creation either way, and by finish time', async () => {
    expect(await list('')).toEqual([ids.may3, ids.may2, ids.may1]);
    expect(await list('order=asc')).toEqual([ids.may1, ids.may2, ids.may3]);
    const byFinish = await list('sort=finishedAt&order=desc');
    // Unfinished ones sort by the database's rule for nulls; the finished one is among them.
    expect(byFinish).toHaveLength(3);
    expect(byFinish).toContain(ids.may1);
  });

  it('pages through a filtered and sorted list, each row with its type', async () => {
    const viewer = await portalBrowser(test, account.companyId, 'viewer');
    const pages: { _id: string; type: string }[][] = [];
    for (const page of [1, 2, 3, 4]) {
      const answer = await viewer.call('GET', `/verifications?size=1&page=${page}&order=asc`);
      pages.push((answer.json() as { data: { _id: string; type: string }[] }).data);
    }
    expect(pages.map((rows) => rows.map((row) => [row._id, row.type]))).toEqual([
      [[ids.may1, 'FULL FLOW']],
      [[ids.may2, 'ID ONLY']],
      [[ids.may3, 'ID ONLY']],
      [],
    ]);
    expect(await list('type=ID%20ONLY&size=1&page=2')).toEqual([ids.may2]);
    expect(await list('sort=finishedAt&size=1&page=1&order=desc')).toHaveLength(1);
  });

  it('refuses malformed filters', async () => {
    const viewer = await portalBrowser(test, account.companyId, 'viewer');
    for (const query of ['from=2026-5-1', 'type=OTHER', 'method=EYES', 'sort=status', 'order=up'])
      expect((await viewer.call('GET', `/verifications?${query}`)).statusCode, query).toBe(400);
  });

  it('answers 304 to a poll of an unchanged page (ETag), and the new page once a result arrives', async () => {
    const viewer = await portalBrowser(test, account.companyId, 'viewer');
    const first = await viewer.call('GET', '/verifications?status=pending');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    const same = await viewer.call('GET', '/verifications?status=pending', undefined, {
      'if-none-match': etag,
    });
    expect(same.statusCode).toBe(304);
    expect(same.body).toBe('');
    // A later instant: two links of the same millisecond have no defined order.
    test.clock.advance(1000);
    await test.services.links.create(
      account.companyId,
      account.userId,
      { type: 'ID ONLY', externalUserId: 'arrived' },
      '127.0.0.1',
    );
    const changed = await viewer.call('GET', '/verifications?status=pending', undefined, {
      'if-none-match': etag,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json().data[0].externalUserId).toBe('arrived');
  });
});
