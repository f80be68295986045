/**
 * Benchmark server process: the full app (built from dist, rate limits off, log level warn) and a
 * bare Fastify route, both in this one process, so they are measured under the same conditions.
 * Prints one JSON line with the addresses and fixtures, then serves until killed.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { buildApp, createServices, loadConfig } from '../dist/index.js';

const dataDir = process.argv[2] ?? mkdtempSync(join(tmpdir(), 'idv-bench-'));
const config = loadConfig(
  { dataDir, port: '0' },
  {
    ...process.env,
    IDV_RATE_LIMITS: 'off',
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
// Control route: this process's CPU time, so the runner can report CPU per request (robust to load).
bare.get('/__cpu', async () => process.cpuUsage());
const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });

const account = await services.accounts.create({
  company: 'Bench',
  plan: 'pro',
  quota: 100_000_000,
});
const basic = Buffer.from(`${account.clientId}:${account.clientSecret}`).toString('base64');
const tokenResponse = await app.inject({
  method: 'POST',
  url: '/api/v1/oauth/token',
  headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
  payload: 'grant_type=client_credentials',
});
const token = (tokenResponse.json() as { access_token: string }).access_token;
const link = await services.links.create(
  account.companyId,
  account.userId,
  { type: 'FULL FLOW', externalUserId: 'bench-user', metadata: { order: 1 } },
  null,
);

process.stdout.write(
  `${JSON.stringify({ appUrl, bareUrl, token, ...link, dataDir, dialect: services.context.database.dialect })}\n`,
);

const shutdown = async () => {
  await app.close();
  await bare.close();
  await services.close();
  process.exit(0);
};
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());
