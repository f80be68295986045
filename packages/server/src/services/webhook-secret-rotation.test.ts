import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { RECENT_ROWS_MS } from '../db/recent-rows.js';
import { createScratchDatabase, type ScratchDatabase } from '../testing/harness.js';
import { cliEnvironment } from '../testing/processes.js';
import { createServices, type AppServices } from './index.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The delivery worker's signing secret with two server processes' services on one database: a
 * rotation made through one is used by the other within a second (PostgreSQL: the other's cached
 * copy is dropped at the rotation's NOTIFY; SQLite: nothing is cached).
 */
describe('webhook secret rotation across processes', () => {
  let scratch: ScratchDatabase;
  const opened: AppServices[] = [];

  beforeEach(async () => {
    scratch = await createScratchDatabase();
  });
  afterEach(async () => {
    for (const services of opened.splice(0)) await services.close();
    await scratch.drop();
  });

  const open = async () => {
    const config = loadConfig(
      { dataDir: scratch.dataDir },
      cliEnvironment(scratch.dataDir, scratch.databaseUrl, { IDV_LOG_LEVEL: 'warn' }),
    );
    const services = await createServices({ config });
    opened.push(services);
    return services;
  };

  it('signs with a secret rotated by another process within one second', async () => {
    const signer = await open();
    const rotator = await open();
    const account = await signer.accounts.create({ company: 'Acme', plan: 'pro' });
    // The signer's first read starts its listening connection; once that copy has aged out, a
    // fresh one is in hand (a delivery just went out) when the rotation commits.
    expect(await signer.accounts.webhookSecretOfCompany(account.companyId)).toBe(
      account.webhookSecret,
    );
    await sleep(RECENT_ROWS_MS + 100);
    expect(await signer.accounts.webhookSecretOfCompany(account.companyId)).toBe(
      account.webhookSecret,
    );
    const rotated = await rotator.accounts.rotateWebhookSecret(account.userId);
    const rotatedAt = performance.now();
    expect(rotated).not.toBe(account.webhookSecret);
    // The rotating process signs with the new secret at once.
    expect(await rotator.accounts.webhookSecretOfCompany(account.companyId)).toBe(rotated);
    let seen = await signer.accounts.webhookSecretOfCompany(account.companyId);
    while (seen !== rotated && performance.now() - rotatedAt < 2 * RECENT_ROWS_MS) {
      await sleep(5);
      seen = await signer.accounts.webhookSecretOfCompany(account.companyId);
    }
    expect(seen).toBe(rotated);
    // Well within the second: on PostgreSQL the notification dropped the copy, not its age.
    expect(performance.now() - rotatedAt).toBeLessThan(RECENT_ROWS_MS / 2);
  }, 30_000);
});
