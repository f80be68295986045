import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FEEDBACK_REASONS } from '../db/migrations/0001-initial.js';
import { HOUR_MS } from '../lib/clock.js';
import {
  createLink,
  createTestApp,
  keepDocumentPortrait,
  type TestAccount,
  type TestApp,
} from '../testing/harness.js';
import { sampleJpeg } from '../testing/images.js';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const PARIS = { deviceLatitude: 48.8566, deviceLongitude: 2.3522 };
const LONDON_IP = { latitude: '51.5074', longitude: '-0.1278' };

describe('public flow endpoints', () => {
  let test: TestApp;
  let account: TestAccount;
  beforeAll(async () => {
    test = await createTestApp();
  });
  beforeEach(async () => {
    account = await test.account('premium');
  });
  afterAll(async () => test.close());

  const patch = (url: string, payload: unknown) =>
    test.inject({
      method: 'PATCH',
      url: `/api/v1/verifications${url}`,
      payload: payload as object,
    });
  const geolocate = (verificationId: string, geolocation: Record<string, unknown>) =>
    patch('', { verificationId, geolocation });
  /** The authenticated read of a verification (`GET /verifications/{id}`), as the account. */
  const readRecord = (verificationId: string) =>
    test.inject({
      method: 'GET',
      url: `/api/v1/verifications/${verificationId}`,
      token: account.token,
    });
  const finish = async (verificationId: string, status: 'success' | 'failed') =>
    test.inject({
      method: 'POST',
      url: '/api/v1/verifications/feedback',
      token: account.token,
      payload: { verificationId, overrideStatus: status, reasonId: FEEDBACK_REASONS[0].id },
    });

  describe('status poll', () => {
    it('answers a bare JSON string, or the object with include=operationGuid', async () => {
      const { verificationId, linkId } = await createLink(test, account.token);
      const bare = await test.inject({
        method: 'GET',
        url: `/api/v1/verifications/${verificationId}/status?linkId=${linkId}`,
      });
      expect(bare.statusCode).toBe(200);
      expect(bare.headers['content-type']).toMatch(/^application\/json/);
      expect(bare.body).toBe('"pending"');
      const withGuid = await test.inject({
        method: 'GET',
        url: `/api/v1/verifications/${verificationId}/status?linkId=${linkId}&include=operationGuid`,
      });
      expect(withGuid.json()).toEqual({ status: 'pending', operationGuid: null, method: null });
      const started = await test.services.verifications.start(verificationId);
      const after = await test.inject({
        method: 'GET',
        url: `/api/v1/verifications/${verificationId}/status?linkId=${linkId}&include=operationGuid`,
      });
      expect(after.json()).toEqual({
        status: 'started',
        operationGuid: started.operationGuid,
        method: 'DOCUMENT',
      });
      expect(started.operationGuid).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('shows every change at once, whether this server or another process made it', async () => {
      const { verificationId, linkId } = await createLink(test, account.token);
      const poll = async () =>
        (
          await test.inject({
            method: 'GET',
            url: `/api/v1/verifications/${verificationId}/status?linkId=${linkId}`,
          })
        ).json<string>();
      expect(await poll()).toBe('pending');
      expect(await poll()).toBe('pending'); // now answered from the poll's cache (SQLite)
      // A second server on the same database starts the flow through its own connection.
      const other = await createTestApp({ scratch: test.scratch });
      try {
        await other.services.verifications.start(verificationId);
      } finally {
        await other.close();
      }
      expect(await poll()).toBe('started');
      // This server finishes it.
      expect((await finish(verificationId, 'failed')).statusCode).toBe(201);
      expect(await poll()).toBe('failed');
    });

    it('answers the same 403 without linkId, with a wrong linkId, and for an unknown verification', async () => {
      const { verificationId, linkId } = await createLink(test, account.token);
      const other = await createLink(test, account.token);
      const urls = [
        `/api/v1/verifications/${verificationId}/status`,
        `/api/v1/verifications/${verificationId}/status?linkId=${other.linkId}`,
        `/api/v1/verifications/${verificationId}/status?linkId=garbage`,
        `/api/v1/verifications/${UNKNOWN}/status?linkId=${linkId}`,
      ];
      const bodies = new Set<string>();
      for (const url of urls) {
        const response = await test.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(403);
        bodies.add(response.body);
      }
      expect(bodies.size).toBe(1);
      const badInclude = await test.inject({
        method: 'GET',
        url: `/api/v1/verifications/${verificationId}/status?linkId=${linkId}&include=x`,
      });
      expect(badInclude.statusCode).toBe(400);
    });
  });

  describe('PATCH /verifications (geolocation)', () => {
    it('stores a device fix with tier, policy, ipDistanceKm and serverIp, shown only to authenticated reads', async () => {
      const { verificationId } = await createLink(test, account.token);
      const capturedAt = new Date(test.clock.now() - 60_000).toISOString();
      const fix = {
        ...PARIS,
        ...LONDON_IP,
        ip: '203.0.113.7',
        accuracy: 35,
        source: 'gps',
        permission: 'granted',
        sample: 'best_of_session',
        capturedAt,
        country: 'GB',
        city: 'London',
        accuracyRadius: 20,
      };
      const response = await geolocate(verificationId, fix);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toEqual({
        _id: verificationId,
        status: 'pending',
        step: 'NEW_OPERATION',
        geolocation: { ...fix, tier: 'precise' },
      });
      for (const hidden of ['policy', 'ipDistanceKm', 'serverIp'])
        expect(response.body).not.toContain(hidden);
      const record = (await readRecord(verificationId)).json();
      expect(record.geolocation).toMatchObject({
        tier: 'precise',
        policy: 'optional',
        serverIp: '127.0.0.1',
      });
      // Paris to London, great-circle: about 343.5 km.
      expect(record.geolocation.ipDistanceKm).toBeGreaterThan(343);
      expect(record.geolocation.ipDistanceKm).toBeLessThan(344);
    });

    it('derives tier from accuracy alone, ipDistanceKm null without a device fix', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ ...PARIS, accuracy: 100, source: 'ip' }, 'precise'],
        [{ ...PARIS, accuracy: 100.5, source: 'gps' }, 'approximate'],
        [{ ...PARIS, accuracy: 5000 }, 'approximate'],
        [{ ...PARIS, accuracy: 5001, source: 'gps' }, 'coarse'],
        [{ ...LONDON_IP, source: 'ip' }, 'coarse'],
        [{ source: 'none', permission: 'denied' }, 'unknown'],
        [{ ...PARIS }, 'unknown'],
      ];
      for (const [geolocation, tier] of cases) {
        const { verificationId } = await createLink(test, account.token);
        const response = await geolocate(verificationId, geolocation);
        expect(response.statusCode, JSON.stringify(geolocation)).toBe(200);
        expect(response.json().geolocation.tier, JSON.stringify(geolocation)).toBe(tier);
        const record = (await readRecord(verificationId)).json();
        if (!('deviceLatitude' in geolocation) || !('latitude' in geolocation))
          expect(record.geolocation.ipDistanceKm).toBeNull();
      }
    });

    it('records the policy in force at capture: the company setting, always never on Basic', async () => {
      await test.inject({
        method: 'PATCH',
        url: '/api/v1/users/me/company',
        token: account.token,
        payload: { verificationConfig: { locationPermission: 'required' } },
      });
      const { verificationId } = await createLink(test, account.token);
      await geolocate(verificationId, { source: 'none' });
      const record = (await readRecord(verificationId)).json();
      expect(record.geolocation.policy).toBe('required');
      const company = (
        await test.inject({ method: 'GET', url: '/api/v1/users/me/company', token: account.token })
      ).json();
      expect(company.verificationConfig.locationPermission).toBe('required');

      const basic = await test.account('basic');
      await test.services.context.database.db
        .updateTable('companies')
        .set({ location_permission: 'required' })
        .where('id', '=', basic.companyId)
        .execute();
      const basicLink = await test.services.links.create(
        basic.companyId,
        null,
        { type: 'FULL FLOW' },
        null,
      );
      expect((await geolocate(basicLink.verificationId, { source: 'none' })).statusCode).toBe(200);
      const stored = await test.services.verifications.load(basicLink.verificationId);
      expect(JSON.parse(stored!.geolocation!).policy).toBe('never');
      const basicRecord = await test.services.links.get(basic.companyId, basicLink.linkId);
      expect(basicRecord.company.locationPermission).toBe('never');
    });

    it('answers 400 for server-derived fields, device sources without coordinates, capturedAt beyond 24 h, and strict keys', async () => {
      const { verificationId } = await createLink(test, account.token);
      const now = test.clock.now();
      const bad: [Record<string, unknown>, RegExp][] = [
        [{ tier: 'precise' }, /tier/],
        [{ policy: 'never' }, /policy/],
        [{ ipDistanceKm: 1 }, /ipDistanceKm/],
        [{ serverIp: '1.2.3.4' }, /serverIp/],
        [{ source: 'gps' }, /deviceLatitude/],
        [{ source: 'wifi', deviceLatitude: 1 }, /deviceL/],
        [{ source: 'cell', deviceLongitude: 1 }, /deviceL/],
        [{ ...PARIS, capturedAt: new Date(now + 24 * HOUR_MS + 1000).toISOString() }, /capturedAt/],
        [{ ...PARIS, capturedAt: new Date(now - 24 * HOUR_MS - 1000).toISOString() }, /capturedAt/],
        [{ capturedAt: 'yesterday' }, /capturedAt/],
        [{ accuracy: '5', ...PARIS }, /accuracy/],
        [{ deviceLatitude: 91, deviceLongitude: 0 }, /deviceLatitude/],
        [{ latitude: '95.1', longitude: '0' }, /latitude/],
        [{ altitude: 3 }, /altitude/],
        [{ source: 'satellite' }, /source/],
      ];
      for (const [geolocation, message] of bad) {
        const response = await geolocate(verificationId, geolocation);
        expect(response.statusCode, JSON.stringify(geolocation)).toBe(400);
        expect(response.json()).toEqual({
          type: 'ErrorResponse',
          message: expect.stringMatching(message),
        });
      }
      const flat = await patch('', { verificationId, latitude: '1', longitude: '2' });
      expect(flat.statusCode).toBe(400);
      const edge = await geolocate(verificationId, {
        ...PARIS,
        capturedAt: new Date(now - 23 * HOUR_MS).toISOString(),
      });
      expect(edge.statusCode).toBe(200);
    });

    it('answers 404 for unknown and expired verifications, 409 after success or failed', async () => {
      expect((await geolocate(UNKNOWN, { source: 'none' })).statusCode).toBe(404);
      const succeeded = await createLink(test, account.token);
      await finish(succeeded.verificationId, 'success');
      const failed = await createLink(test, account.token);
      await finish(failed.verificationId, 'failed');
      for (const id of [succeeded.verificationId, failed.verificationId]) {
        const geo = await geolocate(id, { source: 'none' });
        expect(geo.statusCode).toBe(409);
        expect(geo.json()).toEqual({
          type: 'ErrorResponse',
          message: expect.stringMatching(/does not allow/),
        });
        expect(
          (
            await patch('/error', {
              verificationId: id,
              errorCode: 'USER_CANCELLED',
              errorMessage: 'x',
            })
          ).statusCode,
        ).toBe(409);
        expect(
          (await patch('/identify', { verificationId: id, email: 'a@b.test' })).statusCode,
        ).toBe(409);
      }
      const expiring = await createLink(test, account.token);
      test.clock.advance(HOUR_MS);
      expect((await geolocate(expiring.verificationId, { source: 'none' })).statusCode).toBe(404);
      expect(
        (
          await patch('/error', {
            verificationId: expiring.verificationId,
            errorCode: 'X',
            errorMessage: 'x',
          })
        ).statusCode,
      ).toBe(404);
    });
  });

  describe('device signals', () => {
    it('are shown to authenticated reads only', async () => {
      const { verificationId } = await createLink(test, account.token);
      const device = { tlsFingerprintHash: 'abc123', ip: '203.0.113.9', etagFirstRequest: true };
      await test.services.context.database.db
        .updateTable('verifications')
        .set({ device: JSON.stringify(device) })
        .where('id', '=', verificationId)
        .execute();
      const publicAnswer = await geolocate(verificationId, { source: 'none' });
      expect(publicAnswer.body).not.toContain('tlsFingerprintHash');
      const record = await readRecord(verificationId);
      expect(record.json().device).toEqual(device);
    });
  });

  describe('PATCH /verifications/error', () => {
    it('records the client error without changing the status', async () => {
      const { verificationId } = await createLink(test, account.token);
      const response = await patch('/error', {
        verificationId,
        errorCode: 'CAMERA_PERMISSION_DENIED',
        errorMessage: 'denied',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        _id: verificationId,
        status: 'pending',
        step: 'NEW_OPERATION',
      });
      const record = (await readRecord(verificationId)).json();
      expect(record).toMatchObject({
        status: 'pending',
        errorCode: 'CAMERA_PERMISSION_DENIED',
        errorMessage: 'denied',
      });
      expect(
        (await patch('/error', { verificationId, errorCode: 'lower case', errorMessage: 'x' }))
          .statusCode,
      ).toBe(400);
      expect((await patch('/error', { verificationId, errorCode: 'X' })).statusCode).toBe(400);
    });
  });

  describe('PATCH /verifications/identify', () => {
    it('applies the four rules', async () => {
      const apiBound = await createLink(test, account.token, {
        type: 'FULL FLOW',
        externalUserId: 'ana@example.test',
        adaptiveFlow: true,
      });
      // Rule 1: the same e-mail again is a no-op.
      const same = await patch('/identify', {
        verificationId: apiBound.verificationId,
        email: 'Ana@Example.test '.trim(),
      });
      expect(same.statusCode).toBe(200);
      expect(same.json()).toEqual({ status: 'pending', operationGuid: null, method: null });
      // Rule 2: an identifier from the API is never overwritten.
      const other = await patch('/identify', {
        verificationId: apiBound.verificationId,
        email: 'eve@example.test',
      });
      expect(other.statusCode).toBe(409);
      expect(other.json()).toEqual({ type: 'ErrorResponse', message: 'identifierAlreadyBound' });
      // Rule 3: an identifier set by identify can be corrected.
      const open = await createLink(test, account.token, { type: 'FULL FLOW', adaptiveFlow: true });
      expect(
        (
          await patch('/identify', {
            verificationId: open.verificationId,
            email: 'bob@example.test',
          })
        ).statusCode,
      ).toBe(200);
      expect(
        (
          await patch('/identify', {
            verificationId: open.verificationId,
            email: 'rob@example.test',
          })
        ).statusCode,
      ).toBe(200);
      const link = (
        await test.inject({
          method: 'GET',
          url: `/api/v1/links/${open.linkId}`,
          token: account.token,
        })
      ).json();
      expect(link.externalUserId).toBe('rob@example.test');
      // Rule 4: invalid or missing e-mail.
      for (const body of [
        { verificationId: open.verificationId },
        { verificationId: open.verificationId, email: 'not-an-email' },
        { verificationId: open.verificationId, email: 42 },
      ]) {
        const response = await patch('/identify', body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
      }
      expect(
        (await patch('/identify', { verificationId: UNKNOWN, email: 'a@b.test' })).statusCode,
      ).toBe(404);
    });

    it('re-resolves the branch: FACE for a returning person with a held document portrait, only with adaptiveFlow', async () => {
      const previous = await createLink(test, account.token, {
        type: 'FULL FLOW',
        externalUserId: 'carla@example.test',
      });
      // What the capture pipeline keeps of an accepted front: the document portrait.
      await keepDocumentPortrait(test, previous.verificationId, await sampleJpeg());
      await finish(previous.verificationId, 'success');

      // Adaptive without an identifier: unresolved until the person identifies.
      const adaptive = await createLink(test, account.token, {
        type: 'FULL FLOW',
        adaptiveFlow: true,
      });
      expect((await test.services.verifications.start(adaptive.verificationId)).method).toBe(null);
      const identified = await patch('/identify', {
        verificationId: adaptive.verificationId,
        email: 'carla@example.test',
      });
      expect(identified.json()).toMatchObject({ status: 'started', method: 'FACE' });
      const corrected = await patch('/identify', {
        verificationId: adaptive.verificationId,
        email: 'carl@example.test',
      });
      expect(corrected.json()).toMatchObject({ method: 'DOCUMENT' });

      const notAdaptive = await createLink(test, account.token, {
        type: 'FULL FLOW',
        adaptiveFlow: false,
      });
      expect((await test.services.verifications.start(notAdaptive.verificationId)).method).toBe(
        'DOCUMENT',
      );
      // Identify only applies to an adaptive link (issue 19): anything else is refused, unchanged.
      const forced = await patch('/identify', {
        verificationId: notAdaptive.verificationId,
        email: 'carla@example.test',
      });
      expect(forced.statusCode).toBe(409);

      // With externalUserId at creation the branch resolves at once.
      const returning = await createLink(test, account.token, {
        type: 'FULL FLOW',
        externalUserId: 'carla@example.test',
        adaptiveFlow: true,
      });
      expect((await test.services.verifications.start(returning.verificationId)).method).toBe(
        'FACE',
      );
      const newcomer = await createLink(test, account.token, {
        type: 'FULL FLOW',
        externalUserId: 'dora@example.test',
        adaptiveFlow: true,
      });
      expect((await test.services.verifications.start(newcomer.verificationId)).method).toBe(
        'DOCUMENT',
      );
    });
  });
});

describe('CORS', () => {
  it('opens the browser-facing endpoints to any origin, and only those', async () => {
    const test = await createTestApp();
    try {
      const account = await test.account('premium');
      const { verificationId, linkId } = await createLink(test, account.token);
      const origin = { origin: 'https://shop.example' };
      const poll = await test.inject({
        method: 'GET',
        url: `/api/v1/verifications/${verificationId}/status?linkId=${linkId}`,
        headers: origin,
      });
      expect(poll.headers['access-control-allow-origin']).toBe('*');
      const preflight = await test.inject({
        method: 'OPTIONS',
        url: '/api/v1/verifications/identify',
        headers: {
          ...origin,
          'access-control-request-method': 'PATCH',
          'access-control-request-headers': 'content-type',
        },
      });
      expect(preflight.statusCode).toBe(204);
      expect(preflight.headers['access-control-allow-methods']).toContain('PATCH');
      const bearer = await test.inject({
        method: 'GET',
        url: '/api/v1/links',
        token: account.token,
        headers: origin,
      });
      expect(bearer.statusCode).toBe(200);
      expect(bearer.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await test.close();
    }
  });
});
