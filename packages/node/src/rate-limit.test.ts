import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IdvClient } from './client.js';
import { IdvRateLimitError } from './errors.js';
import { startTestServer, type AccountCredentials, type TestServer } from './testing/server.js';

/**
 * A real 429 of the server: `POST /service/contact-request` allows 5 calls a minute per company
 * and answers 429 with `Retry-After` (the seconds left in its window). The call is idempotent per
 * company (the spec), so the client waits as asked and tries again. Up to a minute of waiting:
 * this file runs beside the others.
 */
describe('429 with Retry-After from the real rate limiter', () => {
  let server: TestServer;
  let account: AccountCredentials;

  beforeAll(async () => {
    server = await startTestServer();
    account = await server.createAccount();
  }, 90_000);
  afterAll(async () => server?.stop());

  const client = (maxRetryAfterSeconds?: number) =>
    new IdvClient({
      baseUrl: server.baseUrl,
      clientId: account.clientId,
      clientSecret: account.clientSecret,
      retry: maxRetryAfterSeconds === undefined ? {} : { maxRetryAfterSeconds },
    });

  it('waits for Retry-After, then succeeds', async () => {
    const idv = client();
    const impatient = client(0);
    // The server counts in windows aligned to the clock's minutes: six calls that straddle a
    // minute's end would land in two windows and the sixth would not be limited. Start early in
    // a window instead.
    const msLeftInMinute = 60_000 - (Date.now() % 60_000);
    if (msLeftInMinute < 15_000) await sleep(msLeftInMinute + 250);
    const first = await idv.service.contactRequest({ message: 'rate limit test' });
    for (let i = 0; i < 4; i++) await idv.service.contactRequest();

    // A Retry-After beyond what the caller accepts is not waited for.
    const refused = await impatient.service.contactRequest().catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(IdvRateLimitError);
    const retryAfter = (refused as IdvRateLimitError).retryAfterSeconds!;
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);

    const startedAt = Date.now();
    const again = await idv.service.contactRequest();
    const waited = Date.now() - startedAt;
    expect(again._id).toBe(first._id);
    // The window the server named had to pass (less the second its rounding may add).
    expect(waited).toBeGreaterThanOrEqual((retryAfter - 1) * 1000);
  }, 120_000);
});
