/**
 * Benchmark server process: the full app (built from dist, log level warn) and a bare Fastify
 * route, both in this one process, so they are measured under the same conditions. Prints one JSON
 * line with the addresses and fixtures (`Fixture` of `bench/fixture.ts`), then serves until killed.
 *
 * `IDV_RATE_LIMITS` is honoured (on by default, as in production). With limits on, the fixture
 * holds `BENCH_CLIENTS` accounts (default 1500), each with a token and a link, so that the load
 * spread over them stays inside every budget: the benchmark measures what the accounting costs,
 * not 429 answers. With limits off, one account (one integrator), as the benchmark always did;
 * `BENCH_CLIENTS` sets the number of accounts in both cases.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { buildApp, createServices, loadConfig } from '../dist/index.js';
import type { BenchClient, Fixture } from './fixture.js';

const dataDir = process.argv[2] ?? mkdtempSync(join(tmpdir(), 'idv-bench-'));
const config = loadConfig(
  { dataDir, port: '0' },
  {
    ...process.env,
    IDV_LOG_LEVEL: process.env.IDV_LOG_LEVEL ?? 'warn',
    // The webhook latency figure delivers to a receiver on loopback.
    IDV_WEBHOOK_ALLOW_PRIVATE: 'true',
  },
);
const services = await createServices({ config });
const app = await buildApp({ config, services });
services.deliveryWorker.start();
const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });

const bare = Fastify({ logger: false });
bare.get('/bare', async () => ({ status: 'pending' }));
// The same answer on every path, so the runner can send it the measured route's own requests.
bare.route({ method: ['GET', 'POST'], url: '/*', handler: async () => ({ status: 'pending' }) });
// Control route: this process's CPU time, so the runner can report CPU per request (robust to load).
bare.get('/__cpu', async () => process.cpuUsage());
const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });

async function newClient(index: number): Promise<BenchClient> {
  const account = await services.accounts.create({
    company: `Bench ${index}`,
    plan: 'pro',
    quota: 100_000_000,
  });
  const { accessToken } = await services.tokens.issue({ ...account, plan: 'pro' });
  const link = await services.links.create(
    account.companyId,
    account.userId,
    { type: 'FULL FLOW', externalUserId: 'bench-user', metadata: { order: 1 } },
    null,
  );
  return { token: accessToken, linkId: link.linkId, verificationId: link.verificationId };
}

const count = Number(process.env.BENCH_CLIENTS || (config.rateLimits ? 1500 : 1));
const clients: BenchClient[] = [];
for (let start = 0; start < count; start += 100) {
  const batch = Array.from({ length: Math.min(100, count - start) }, (_, i) =>
    newClient(start + i),
  );
  clients.push(...(await Promise.all(batch)));
}

const fixture: Fixture = {
  appUrl,
  bareUrl,
  dataDir,
  dialect: services.context.database.dialect,
  rateLimits: config.rateLimits,
  clients,
};
process.stdout.write(`${JSON.stringify(fixture)}\n`);

const shutdown = async () => {
  await app.close();
  await bare.close();
  await services.close();
  process.exit(0);
};
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());
