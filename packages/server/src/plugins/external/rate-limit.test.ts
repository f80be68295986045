import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { createServices } from '../../services/index.js';
import { useTestApp } from '../../testing/app-suite.js';
import { createLink, createTestApp } from '../../testing/harness.js';

describe('rate limits', () => {
  const test = useTestApp();

  it('hold across processes sharing the database (two apps, one budget)', async () => {
    const services = await createServices({ config: test.config, clock: test.clock });
    const second = await buildApp({ config: test.config, services, logger: false });
    try {
      const account = await test.account('premium');
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const app = i % 2 === 0 ? test.app : second;
        const response = await app.inject({
          method: 'POST',
          url: '/api/v1/service/contact-request',
          headers: { authorization: `Bearer ${account.token}` },
          payload: {},
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([201, 200, 200, 200, 200, 429]);
    } finally {
      await second.close();
      await services.close();
    }
  });

  it('hold across processes approximately: counted in memory, shared at each flush, none lost on close', async () => {
    const services = await createServices({ config: test.config, clock: test.clock });
    const second = await buildApp({ config: test.config, services, logger: false });
    let closed = false;
    try {
      const account = await test.account('premium');
      const { verificationId, linkId } = await createLink(test, account.token);
      const url = `/api/v1/verifications/${verificationId}/status?linkId=${linkId}`;
      const poll = async (app: typeof second) =>
        (await app.inject({ method: 'GET', url })).statusCode;
      // The first process polls 500 times and writes its count (the periodic flush does the same
      // within RATE_FLUSH_INTERVAL_MS).
      for (let i = 0; i < 500; i++) expect(await poll(test.app)).toBe(200);
      await test.services.rateCounter.flush();
      // The second process reads the shared count on its first poll: 100 more, then 429.
      for (let i = 0; i < 100; i++) expect(await poll(second)).toBe(200);
      expect(await poll(second)).toBe(429);
      // The first process decides its next poll from its own view (written 500, the others 0):
      // one over the limit, inside the documented bound. Its write of that poll reads the
      // second's hits, and from then on it refuses too.
      expect(await poll(test.app)).toBe(200);
      await test.services.rateCounter.flush();
      expect(await poll(test.app)).toBe(429);

      // Hits still in memory when a process closes are written, not lost.
      const other = await createLink(test, account.token);
      for (let i = 0; i < 10; i++) {
        const response = await second.inject({
          method: 'GET',
          url: `/api/v1/verifications/${other.verificationId}/status?linkId=${other.linkId}`,
        });
        expect(response.statusCode).toBe(200);
      }
      closed = true;
      await second.close();
      await services.close();
      const rows = await test.services.context.database.db
        .selectFrom('rate_limit_counters')
        .select('hits')
        .where('bucket', 'like', `%${other.verificationId}%`)
        .execute();
      expect(rows.map((row) => Number(row.hits))).toEqual([10]);
    } finally {
      if (!closed) {
        await second.close();
        await services.close();
      }
    }
  });

  it('limits the status poll per verification (600/min) with Retry-After, and the device PATCHes per address (120/min)', async () => {
    const account = await test.account('premium');
    const { verificationId, linkId } = await createLink(test, account.token);
    const url = `/api/v1/verifications/${verificationId}/status?linkId=${linkId}`;
    for (let i = 0; i < 600; i++) {
      const response = await test.inject({ method: 'GET', url });
      if (response.statusCode !== 200) throw new Error(`poll ${i} answered ${response.statusCode}`);
    }
    const limited = await test.inject({ method: 'GET', url });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ type: 'ErrorResponse', message: 'too many requests' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    const other = await createLink(test, account.token);
    expect(
      (
        await test.inject({
          method: 'GET',
          url: `/api/v1/verifications/${other.verificationId}/status?linkId=${other.linkId}`,
        })
      ).statusCode,
    ).toBe(200);

    test.clock.advance(60_000);
    const patch = (remoteAddress: string) =>
      test.inject({
        method: 'PATCH',
        url: '/api/v1/verifications/error',
        remoteAddress,
        payload: {
          verificationId: other.verificationId,
          errorCode: 'USER_CANCELLED',
          errorMessage: 'x',
        },
      });
    for (let i = 0; i < 120; i++) expect((await patch('198.51.100.7')).statusCode).not.toBe(429);
    expect((await patch('198.51.100.7')).statusCode).toBe(429);
    expect((await patch('198.51.100.8')).statusCode).not.toBe(429);
  });
});

describe('rate limits of the flow API', () => {
  it('limits the device-facing flow calls per address (120/min), with Retry-After readable cross-origin', async () => {
    const test = await createTestApp();
    try {
      const account = await test.account('premium');
      const { linkId } = await createLink(test, account.token);
      const opened = await test.inject({
        method: 'POST',
        url: '/api/v1/flow/sessions',
        remoteAddress: '198.51.100.20',
        payload: { linkId },
      });
      const token = opened.json().sessionToken as string;
      const read = (remoteAddress: string) =>
        test.inject({
          method: 'GET',
          url: '/api/v1/flow/session',
          remoteAddress,
          headers: { 'x-flow-session': token, origin: 'capacitor://localhost' },
        });
      for (let i = 0; i < 120; i++) expect((await read('198.51.100.20')).statusCode).toBe(200);
      const limited = await read('198.51.100.20');
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(limited.headers['access-control-allow-origin']).toBe('*');
      expect(String(limited.headers['access-control-expose-headers']).toLowerCase()).toContain(
        'retry-after',
      );
      expect((await read('198.51.100.21')).statusCode).toBe(200);
    } finally {
      await test.close();
    }
  });
});

describe('IDV_RATE_LIMITS=off', () => {
  it('turns every limit off', async () => {
    const test = await createTestApp({ env: { IDV_RATE_LIMITS: 'off' } });
    try {
      const account = await test.account('premium');
      for (let i = 0; i < 8; i++) {
        const response = await test.inject({
          method: 'POST',
          url: '/api/v1/service/contact-request',
          token: account.token,
          payload: {},
        });
        expect(response.statusCode).not.toBe(429);
      }
    } finally {
      await test.close();
    }
  });
});
