import { describe, expect, it } from 'vitest';
import { FEEDBACK_REASONS } from '../db/migrations/0001-initial.js';
import { DAY_MS, HOUR_MS } from '../lib/clock.js';
import { useTestApp, useTestAccount } from '../testing/app-suite.js';
import { createLink } from '../testing/harness.js';
import { sampleJpeg } from '../testing/images.js';

const reasonId = FEEDBACK_REASONS[0].id;

describe('authenticated verification reads', () => {
  const test = useTestApp();
  const account = useTestAccount(test, 'pro', { quota: 1000 });

  const get = (url: string, token = account.token) =>
    test.inject({ method: 'GET', url: `/api/v1${url}`, token });

  it('lists the last 100 (unpaged) and serves pages with the size caps', async () => {
    const fresh = await test.account('pro', { quota: 1000 });
    const ids: string[] = [];
    for (let i = 0; i < 105; i++) {
      ids.push((await createLink(test, fresh.token)).verificationId);
      test.clock.advance(10);
    }
    const newestFirst = [...ids].reverse();
    const all = (await get('/verifications', fresh.token)).json();
    expect(all.total).toBe(105);
    expect(all.page).toBe(1);
    expect(all.data).toHaveLength(100);
    expect(all.data.map((v: { _id: string }) => v._id)).toEqual(newestFirst.slice(0, 100));
    expect(all.data[0]).toMatchObject({
      _id: newestFirst[0],
      status: 'pending',
      step: 'NEW_OPERATION',
    });
    for (const size of ['101', '0', '-3', '5000', '%20']) {
      const page = await get(`/verifications/${size}/1`, fresh.token);
      expect(page.statusCode, size).toBe(200);
      expect(page.json().data, size).toHaveLength(100);
    }
    const second = (await get('/verifications/100/2', fresh.token)).json();
    expect(second).toMatchObject({ total: 105, page: 2 });
    expect(second.data.map((v: { _id: string }) => v._id)).toEqual(newestFirst.slice(100));
    const small = (await get('/verifications/10/3', fresh.token)).json();
    expect(small.data.map((v: { _id: string }) => v._id)).toEqual(newestFirst.slice(20, 30));
    expect((await get('/verifications/10/99999999999', fresh.token)).json().data).toEqual([]);
    expect((await get('/verifications/ten/1', fresh.token)).statusCode).toBe(400);
  });

  it('lists the last hour', async () => {
    const fresh = await test.account('premium');
    const old = await createLink(test, fresh.token);
    test.clock.advance(61 * 60_000);
    const token = await test.token(fresh);
    const recent = await createLink(test, token);
    const lastHour = (await get('/verifications/last-hour', token)).json();
    expect(lastHour.total).toBe(1);
    expect(lastHour.data.map((v: { _id: string }) => v._id)).toEqual([recent.verificationId]);
    expect(lastHour.data.map((v: { _id: string }) => v._id)).not.toContain(old.verificationId);
  });

  it('answers 410 after expiresAt, and 404 for images then', async () => {
    const fresh = await test.account('premium');
    const { verificationId } = await createLink(test, fresh.token);
    const jpeg = await sampleJpeg();
    const image = await test.services.images.store(verificationId, 'front', jpeg, 'image/jpeg');
    await test.services.verifications.recordAcceptedImage(verificationId, 'front', image._id);
    const record = (await get(`/verifications/${verificationId}`, fresh.token)).json();
    expect(record.images).toEqual({ addFront: image._id, register: [] });
    const list = await get(`/verifications/${verificationId}/images`, fresh.token);
    expect(list.json()).toEqual([
      {
        _id: image._id,
        kind: 'front',
        contentType: 'image/jpeg',
        size: jpeg.length,
        createdAt: expect.any(String),
      },
    ]);
    const bytes = await get(`/verifications/images/${image._id}`, fresh.token);
    expect(bytes.statusCode).toBe(200);
    expect(bytes.headers['content-type']).toBe('image/jpeg');
    expect(Buffer.compare(bytes.rawPayload, jpeg)).toBe(0);

    test.clock.set(Date.parse(record.expiresAt));
    const token = await test.token(fresh);
    const gone = await get(`/verifications/${verificationId}`, token);
    expect(gone.statusCode).toBe(410);
    expect(gone.json()).toEqual({ type: 'ErrorResponse', message: 'verification expired' });
    expect((await get(`/verifications/images/${image._id}`, token)).statusCode).toBe(404);
    expect((await get(`/verifications/${verificationId}/images`, token)).statusCode).toBe(404);
  });

  it('marks a verification expired once its link window has passed', async () => {
    const fresh = await test.account('premium');
    const { verificationId, linkId } = await createLink(test, fresh.token);
    test.clock.advance(HOUR_MS);
    const token = await test.token(fresh);
    expect((await get(`/verifications/${verificationId}`, token)).json().status).toBe('expired');
    const poll = await test.inject({
      method: 'GET',
      url: `/api/v1/verifications/${verificationId}/status?linkId=${linkId}`,
    });
    expect(poll.json()).toBe('expired');
  });

  it('lists related verifications by externalUserId, newest first, and dataExpired after retention', async () => {
    const fresh = await test.account('premium');
    const first = await createLink(test, fresh.token, {
      type: 'FULL FLOW',
      externalUserId: 'person-1',
    });
    test.clock.advance(1000);
    const second = await createLink(test, fresh.token, {
      type: 'ID ONLY',
      externalUserId: 'person-1',
    });
    test.clock.advance(1000);
    const third = await createLink(test, fresh.token, {
      type: 'FULL FLOW',
      externalUserId: 'person-1',
    });
    const other = await createLink(test, fresh.token, {
      type: 'FULL FLOW',
      externalUserId: 'person-2',
    });
    const anonymous = await createLink(test, fresh.token);
    const related = (
      await get(`/verifications/${first.verificationId}/related`, fresh.token)
    ).json();
    expect(related).toEqual([
      {
        _id: third.verificationId,
        createdAt: expect.any(String),
        status: 'pending',
        dataExpired: false,
      },
      {
        _id: second.verificationId,
        createdAt: expect.any(String),
        status: 'pending',
        dataExpired: false,
      },
    ]);
    expect(related.map((r: { _id: string }) => r._id)).not.toContain(other.verificationId);
    expect(
      (await get(`/verifications/${anonymous.verificationId}/related`, fresh.token)).json(),
    ).toEqual([]);

    // Give the first verification a name and an image, then let retention pass.
    await test.services.context.database.db
      .updateTable('verifications')
      .set({
        user_name: 'Ana Pérez',
        data: JSON.stringify({
          firstNames: 'Ana',
          lastNames: 'Pérez',
          idNumber: 'X123',
          adult: true,
        }),
      })
      .where('id', '=', first.verificationId)
      .execute();
    const image = await test.services.images.store(
      first.verificationId,
      'front',
      await sampleJpeg(),
      'image/jpeg',
    );
    test.clock.advance(25 * HOUR_MS + 29 * DAY_MS);
    await test.services.retention.run();
    const notYet = await test.services.context.database.db
      .selectFrom('verifications')
      .select('data_expired')
      .where('id', '=', first.verificationId)
      .executeTakeFirstOrThrow();
    expect(notYet.data_expired).toBe(0);
    test.clock.advance(DAY_MS);
    await test.services.maintain();
    const token = await test.token(fresh);
    const after = (await get(`/verifications/${third.verificationId}/related`, token)).json();
    expect(after).toEqual([
      {
        _id: second.verificationId,
        createdAt: expect.any(String),
        status: 'expired',
        dataExpired: true,
      },
      {
        _id: first.verificationId,
        createdAt: expect.any(String),
        status: 'expired',
        dataExpired: true,
      },
    ]);
    const row = await test.services.context.database.db
      .selectFrom('verifications')
      .select(['data', 'user_name', 'data_expired'])
      .where('id', '=', first.verificationId)
      .executeTakeFirstOrThrow();
    const data = JSON.parse(row.data);
    expect(data.firstNames).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(data.idNumber).toMatch(/^sha256:/);
    expect(data.adult).toBe(true);
    expect(row.user_name).toMatch(/^sha256:/);
    expect(row.user_name).not.toContain('Ana');
    expect(
      await test.services.blobs.get(`${fresh.companyId}/${first.verificationId}/${image._id}`),
    ).toBeUndefined();
  });

  it('applies feedback overrides and lists the reasons', async () => {
    account.token = await test.token(account);
    const reasons = (await get('/verification-feedback/reasons')).json();
    expect(reasons).toHaveLength(FEEDBACK_REASONS.length);
    expect(reasons[0]).toEqual({ _id: reasonId, reason: FEEDBACK_REASONS[0].reason });
    const { verificationId } = await createLink(test, account.token);
    const post = (body: Record<string, unknown>) =>
      test.inject({
        method: 'POST',
        url: '/api/v1/verifications/feedback',
        token: account.token,
        payload: body,
      });
    const override = await post({ verificationId, overrideStatus: 'failed', reasonId });
    expect(override.statusCode).toBe(201);
    expect(override.json()).toMatchObject({
      verificationId,
      overrideStatus: 'failed',
      previousStatus: 'pending',
      status: 'failed',
      reasonId,
    });
    expect((await get(`/verifications/${verificationId}`)).json()).toMatchObject({
      status: 'failed',
      step: 'END_OPERATION',
    });
    const back = await post({ verificationId, overrideStatus: 'success', reasonId });
    expect(back.json()).toMatchObject({ previousStatus: 'failed', status: 'success' });
    expect((await post({ verificationId, overrideStatus: 'expired', reasonId })).statusCode).toBe(
      400,
    );
    expect(
      (
        await post({
          verificationId,
          overrideStatus: 'success',
          reasonId: '00000000-0000-4000-8000-000000000000',
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await post({
          verificationId: '00000000-0000-4000-8000-000000000000',
          overrideStatus: 'success',
          reasonId,
        })
      ).statusCode,
    ).toBe(404);
  });
});
