import { describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/app-suite.js';

describe('POST /service/contact-request', () => {
  const test = useTestApp();

  it('answers 201 first, 200 with the same request after, with company, plan and quota from the session', async () => {
    const account = await test.account('pro', { quota: 250 });
    const first = await test.inject({
      method: 'POST',
      url: '/api/v1/service/contact-request',
      token: account.token,
      payload: { message: 'call me', phone: '+34 600 000 000' },
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({
      _id: expect.any(String),
      companyId: account.companyId,
      plan: 'pro',
      quota: 250,
      message: 'call me',
      createdAt: expect.any(String),
    });
    const second = await test.inject({
      method: 'POST',
      url: '/api/v1/service/contact-request',
      token: account.token,
      payload: { message: 'again' },
    });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    const noBody = await test.inject({
      method: 'POST',
      url: '/api/v1/service/contact-request',
      token: account.token,
    });
    expect(noBody.statusCode).toBe(200);
    const spoof = await test.inject({
      method: 'POST',
      url: '/api/v1/service/contact-request',
      token: account.token,
      payload: { plan: 'basic', quota: 1 },
    });
    expect(spoof.statusCode).toBe(400);
  });

  it('stays one request under concurrent first calls', async () => {
    const account = await test.account('premium');
    const responses = await Promise.all(
      Array.from({ length: 4 }, () =>
        test.inject({
          method: 'POST',
          url: '/api/v1/service/contact-request',
          token: account.token,
          payload: {},
        }),
      ),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 201]);
    expect(new Set(responses.map((r) => r.json()._id)).size).toBe(1);
  });

  it('is rate limited per company with Retry-After', async () => {
    const account = await test.account('premium');
    const statuses: number[] = [];
    let limited;
    for (let i = 0; i < 6; i++) {
      const response = await test.inject({
        method: 'POST',
        url: '/api/v1/service/contact-request',
        token: account.token,
        payload: {},
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) limited = response;
    }
    expect(statuses).toEqual([201, 200, 200, 200, 200, 429]);
    expect(limited!.json()).toEqual({ type: 'ErrorResponse', message: 'too many requests' });
    expect(Number(limited!.headers['retry-after'])).toBeGreaterThan(0);
    const other = await test.account('premium');
    expect(
      (
        await test.inject({
          method: 'POST',
          url: '/api/v1/service/contact-request',
          token: other.token,
          payload: {},
        })
      ).statusCode,
    ).toBe(201);
    test.clock.advance(60_000);
    expect(
      (
        await test.inject({
          method: 'POST',
          url: '/api/v1/service/contact-request',
          token: account.token,
          payload: {},
        })
      ).statusCode,
    ).toBe(200);
  });
});
