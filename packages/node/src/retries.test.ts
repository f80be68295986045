import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { IdvClient } from './client.js';
import { IdvApiError, IdvConnectionError, IdvRateLimitError } from './errors.js';
import { startFaultProxy, type FaultProxy } from './testing/fault-proxy.js';
import { startTestServer, type AccountCredentials, type TestServer } from './testing/server.js';

/**
 * Retries of 5xx answers and lost connections. The faults are injected at the network edge by a
 * proxy in front of the real server (it answers the 5xx itself, or cuts the connection, for the
 * requests a rule names, and forwards everything else).
 */
describe('retries on 5xx and lost connections', () => {
  let server: TestServer;
  let proxy: FaultProxy;
  let account: AccountCredentials;
  let idv: IdvClient;

  beforeAll(async () => {
    server = await startTestServer();
    proxy = await startFaultProxy(server.origin);
    account = await server.createAccount();
    idv = new IdvClient({
      baseUrl: proxy.baseUrl,
      clientId: account.clientId,
      clientSecret: account.clientSecret,
      retry: { baseDelayMs: 50, maxRetries: 3 },
    });
    await idv.accessToken();
  }, 90_000);
  afterAll(async () => {
    await proxy?.close();
    await server?.stop();
  });
  beforeEach(() => {
    proxy.reset();
  });

  const seen = (method: string, path: string) =>
    proxy.seen.filter((r) => r.method === method && r.path === path);

  it('retries a read after a 503 and a 500, with backoff', async () => {
    proxy.fail({ method: 'GET', path: '/users/me/stats', fault: 503 });
    proxy.fail({ method: 'GET', path: '/users/me/stats', fault: 500 });
    const stats = await idv.users.stats();
    expect(stats.plan).toBe('pro');
    const attempts = seen('GET', '/users/me/stats');
    expect(attempts.map((r) => r.forwarded)).toEqual([false, false, true]);
    // Equal jitter: the first wait is 25–50 ms, the second 50–100 ms.
    expect(attempts[1]!.at - attempts[0]!.at).toBeGreaterThanOrEqual(20);
    expect(attempts[2]!.at - attempts[1]!.at).toBeGreaterThanOrEqual(45);
  });

  it("honours a 503's Retry-After", async () => {
    proxy.fail({ method: 'GET', path: '/users/me/company', fault: 503, retryAfter: '1' });
    const company = await idv.users.company();
    expect(company._id).toBe(account.companyId);
    const attempts = seen('GET', '/users/me/company');
    expect(attempts).toHaveLength(2);
    expect(attempts[1]!.at - attempts[0]!.at).toBeGreaterThanOrEqual(990);
  });

  it('retries a read whose connection was cut', async () => {
    proxy.fail({ method: 'GET', path: '/links', fault: 'reset' });
    expect(Array.isArray(await idv.links.listPage())).toBe(true);
    expect(seen('GET', '/links').map((r) => r.forwarded)).toEqual([false, true]);
  });

  it('gives up after maxRetries with the last answer as IdvApiError', async () => {
    proxy.fail({ method: 'GET', path: '/users/me', fault: 502, times: 10 });
    const error = await idv.users.me().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IdvApiError);
    expect(error).toMatchObject({ status: 502, apiMessage: 'injected by the test proxy' });
    expect(seen('GET', '/users/me')).toHaveLength(4);
  });

  it('never repeats a non-idempotent call after a 5xx or a cut connection', async () => {
    const before = (await idv.users.stats()).linksGenerated;
    proxy.fail({ method: 'POST', path: '/links', fault: 503 });
    const answered = await idv.links.create({ type: 'ID ONLY' }).catch((e: unknown) => e);
    expect(answered).toBeInstanceOf(IdvApiError);
    expect((answered as IdvApiError).status).toBe(503);
    proxy.fail({ method: 'POST', path: '/links', fault: 'reset' });
    const cut = await idv.links.create({ type: 'ID ONLY' }).catch((e: unknown) => e);
    expect(cut).toBeInstanceOf(IdvConnectionError);
    proxy.fail({ method: 'POST', path: '/links', fault: 429, retryAfter: '1' });
    const limited = await idv.links.create({ type: 'ID ONLY' }).catch((e: unknown) => e);
    expect(limited).toBeInstanceOf(IdvRateLimitError);
    expect(limited).toMatchObject({ status: 429, retryAfterSeconds: 1 });
    expect(seen('POST', '/links')).toHaveLength(3);
    expect((await idv.users.stats()).linksGenerated).toBe(before);
    // Without a fault the same call goes through once.
    await idv.links.create({ type: 'ID ONLY' });
    expect((await idv.users.stats()).linksGenerated).toBe(before + 1);
  });

  it('retries the token request itself', async () => {
    const fresh = new IdvClient({
      baseUrl: proxy.baseUrl,
      clientId: account.clientId,
      clientSecret: account.clientSecret,
      retry: { baseDelayMs: 20 },
    });
    proxy.fail({ method: 'POST', path: '/oauth/token', fault: 500 });
    expect((await fresh.users.me())._id).toBe(account.userId);
    expect(seen('POST', '/oauth/token').map((r) => r.forwarded)).toEqual([false, true]);
  });
});
