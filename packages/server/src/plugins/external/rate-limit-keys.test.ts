import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';
import { MINUTE_MS } from '../../lib/clock.js';
import {
  createLink,
  createTestApp,
  type TestAccount,
  type TestApp,
} from '../../testing/harness.js';
import { openDevice } from '../../testing/flow-client.js';

const basic = (clientId: string, clientSecret: string) =>
  `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;

describe('IDV_TRUST_PROXY', () => {
  it('takes a hop count or a CIDR list; true means one hop (with a warning), never every hop', () => {
    expect(loadConfig({}, {}).trustProxy).toBe(false);
    expect(loadConfig({}, { IDV_TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({}, { IDV_TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({}, { IDV_TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1/128' }).trustProxy).toEqual(
      ['10.0.0.0/8', '127.0.0.1', '::1/128'],
    );
    const deprecated = loadConfig({}, { IDV_TRUST_PROXY: 'true' });
    expect(deprecated.trustProxy).toBe(1);
    expect(deprecated.warnings).toEqual([
      expect.stringContaining('IDV_TRUST_PROXY=true is deprecated'),
    ]);
    for (const bad of ['0.0.0.0/0', '::/0', 'proxy.internal', '10.0.0.0/33', '33'])
      expect(() => loadConfig({}, { IDV_TRUST_PROXY: bad })).toThrow(ConfigError);
  });

  const loggedIp = async (test: TestApp, account: TestAccount, forwardedFor: string) => {
    const token = await test.inject({
      method: 'POST',
      url: '/api/v1/oauth/token',
      headers: {
        authorization: basic(account.clientId, account.clientSecret),
        'content-type': 'application/x-www-form-urlencoded',
        'x-forwarded-for': forwardedFor,
      },
      payload: 'grant_type=client_credentials',
    });
    expect(token.statusCode).toBe(200);
    const logs = await test.inject({
      method: 'GET',
      url: '/api/v1/users/me/logs',
      token: account.token,
    });
    return (logs.json() as { data: { action: string; ip: string }[] }).data.find(
      (entry) => entry.action === 'token.issued',
    )?.ip;
  };

  it('true: the client is one hop behind the proxy, whatever the client itself put in X-Forwarded-For', async () => {
    const test = await createTestApp({ env: { IDV_TRUST_PROXY: 'true' } });
    try {
      const account = await test.account('premium');
      expect(await loggedIp(test, account, '6.6.6.6, 203.0.113.7')).toBe('203.0.113.7');
    } finally {
      await test.close();
    }
  });

  it('a CIDR list: hops are believed only while they are the listed proxies', async () => {
    const test = await createTestApp({ env: { IDV_TRUST_PROXY: '127.0.0.1,10.0.0.0/8' } });
    try {
      const account = await test.account('premium');
      expect(await loggedIp(test, account, '6.6.6.6, 203.0.113.7, 10.1.2.3')).toBe('203.0.113.7');
    } finally {
      await test.close();
    }
  });
});

describe('rate-limit keys', () => {
  let test: TestApp;
  let account: TestAccount;
  beforeAll(async () => {
    test = await createTestApp({
      env: { IDV_STATUS_POLL_IP_LIMIT: '5', IDV_AUTH_FAILURE_LIMIT: '3' },
    });
    account = await test.account('premium');
  });
  afterAll(async () => test.close());

  it('the status poll has a per-address budget across verifications, IPv6 clients keyed by their /64', async () => {
    const links = await Promise.all(
      Array.from({ length: 7 }, () => createLink(test, account.token)),
    );
    const poll = (index: number, remoteAddress: string) =>
      test.app.inject({
        method: 'GET',
        url: `/api/v1/verifications/${links[index]!.verificationId}/status?linkId=${links[index]!.linkId}`,
        remoteAddress,
      });
    // Six addresses of one /64, each polling its own verification once.
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await poll(i, `2001:db8:1:2::${i + 1}`)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    const refused = await poll(5, '2001:db8:1:2:ffff:ffff:ffff:ffff');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(refused.json()).toEqual({ type: 'ErrorResponse', message: 'too many requests' });
    // Another /64 has its own budget.
    expect((await poll(6, '2001:db8:1:3::1')).statusCode).toBe(200);
  });

  it('invalid Bearer tokens are counted per address: 429 past the budget, the right token included', async () => {
    const call = (token: string, remoteAddress: string) =>
      test.app.inject({
        method: 'GET',
        url: '/api/v1/users/me',
        headers: { authorization: `Bearer ${token}` },
        remoteAddress,
      });
    for (let i = 0; i < 3; i++)
      expect((await call(`forged-${i}`, '198.51.100.1')).statusCode).toBe(403);
    const refused = await call('forged-4', '198.51.100.1');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(600);
    expect((await call(account.token, '198.51.100.1')).statusCode).toBe(429);
    // Other addresses are not affected.
    expect((await call(account.token, '198.51.100.2')).statusCode).toBe(200);
  });

  it('wrong client credentials on /oauth/token are counted per address', async () => {
    const token = (secret: string, remoteAddress: string) =>
      test.app.inject({
        method: 'POST',
        url: '/api/v1/oauth/token',
        headers: {
          authorization: basic(account.clientId, secret),
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: 'grant_type=client_credentials',
        remoteAddress,
      });
    for (let i = 0; i < 3; i++)
      expect((await token(`guess-${i}`, '192.0.2.10')).statusCode).toBe(401);
    expect((await token('guess-4', '192.0.2.10')).statusCode).toBe(429);
    const correct = await token(account.clientSecret, '192.0.2.10');
    expect(correct.statusCode).toBe(429);
    expect(correct.headers['retry-after']).toBeDefined();
    expect((await token(account.clientSecret, '192.0.2.11')).statusCode).toBe(200);
  });

  it('unknown flow session tokens are counted per address; the budget comes back when the window ends', async () => {
    const { linkId } = await createLink(test, account.token);
    const device = await openDevice(test, linkId);
    const session = (token: string, remoteAddress: string) =>
      test.app.inject({
        method: 'GET',
        url: '/api/v1/flow/session',
        headers: { 'x-flow-session': token },
        remoteAddress,
      });
    for (let i = 0; i < 3; i++)
      expect((await session(`unknown-${i}`, '2001:db8:9:9::1')).statusCode).toBe(401);
    // Another address of the same /64, with the right token: refused too.
    expect((await session(device.token, '2001:db8:9:9::2')).statusCode).toBe(429);
    expect((await session(device.token, '192.0.2.99')).statusCode).toBe(200);
    test.clock.advance(10 * MINUTE_MS);
    expect((await session(device.token, '2001:db8:9:9::2')).statusCode).toBe(200);
  });

  it('wrong hand-off tokens on POST /flow/sessions are counted per address: 429 past the budget, the right token included', async () => {
    const { linkId } = await createLink(test, account.token);
    const desktop = await openDevice(test, linkId);
    const ticket = (await desktop.post('/handoff')).json() as { handoffToken: string };
    const open = (handoffToken: string, remoteAddress: string) =>
      test.app.inject({
        method: 'POST',
        url: '/api/v1/flow/sessions',
        payload: { linkId, handoffToken },
        remoteAddress,
      });
    for (let i = 0; i < 3; i++) {
      const wrong = await open(`guess-${i}`, '203.0.113.50');
      expect(wrong.statusCode).toBe(409);
      expect(wrong.json()).toMatchObject({ name: 'LinkAlreadyUsed' });
    }
    const refused = await open('guess-4', '203.0.113.50');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toEqual({ type: 'ErrorResponse', message: 'too many requests' });
    // The right token from the blocked address is refused too, and stays usable elsewhere.
    expect((await open(ticket.handoffToken, '203.0.113.50')).statusCode).toBe(429);
    expect((await open(ticket.handoffToken, '203.0.113.51')).statusCode).toBe(201);
    // Opening a link without a hand-off token is not an authentication: not refused.
    const other = await createLink(test, account.token);
    const fresh = await test.app.inject({
      method: 'POST',
      url: '/api/v1/flow/sessions',
      payload: { linkId: other.linkId },
      remoteAddress: '203.0.113.50',
    });
    expect(fresh.statusCode).toBe(201);
  });

  it('an expired hand-off token is not counted as a failed authentication', async () => {
    const { linkId } = await createLink(test, account.token);
    const desktop = await openDevice(test, linkId);
    const ticket = (await desktop.post('/handoff')).json() as { handoffToken: string };
    test.clock.advance(11 * MINUTE_MS);
    for (let i = 0; i < 4; i++) {
      const late = await test.app.inject({
        method: 'POST',
        url: '/api/v1/flow/sessions',
        payload: { linkId, handoffToken: ticket.handoffToken },
        remoteAddress: '203.0.113.60',
      });
      expect(late.statusCode).toBe(409);
    }
  });
});
