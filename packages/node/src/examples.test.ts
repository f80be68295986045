import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IdvClient } from './client.js';
import { openDevice } from './testing/device.js';
import { startTestServer, type AccountCredentials, type TestServer } from './testing/server.js';

/** A running example app and what it printed. */
interface ExampleApp {
  url: string;
  output: () => string;
  child: ChildProcess;
}

function startExample(file: string, env: Record<string, string>): Promise<ExampleApp> {
  const path = fileURLToPath(new URL(`../examples/${file}`, import.meta.url));
  const child = spawn(process.execPath, [path], {
    env: { ...process.env, ...env, PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${file} did not start:\n${output}`)), 20_000);
    const poll = setInterval(() => {
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match === null) return;
      clearInterval(poll);
      clearTimeout(timer);
      resolve({ url: match[1]!, output: () => output, child });
    }, 20);
    child.once('exit', (code) => {
      clearInterval(poll);
      clearTimeout(timer);
      reject(new Error(`${file} exited ${code}:\n${output}`));
    });
  });
}

async function until(probe: () => boolean, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * The README's five-minute integrations (examples/express.mjs, examples/fastify.mjs), run as
 * written against the real server: create a link through the app, open it as the person, and
 * see the app receive the signed webhook and read the verification.
 */
describe('README integrations', () => {
  let server: TestServer;
  let account: AccountCredentials;
  let idv: IdvClient;
  const apps: ExampleApp[] = [];

  beforeAll(async () => {
    server = await startTestServer();
    account = await server.createAccount();
    idv = new IdvClient({
      baseUrl: server.baseUrl,
      clientId: account.clientId,
      clientSecret: account.clientSecret,
    });
  }, 90_000);
  afterAll(async () => {
    for (const app of apps) app.child.kill('SIGTERM');
    await server?.stop();
  });

  for (const file of ['express.mjs', 'fastify.mjs']) {
    it(`${file}: link, webhook, result`, async () => {
      const app = await startExample(file, {
        IDV_BASE_URL: server.baseUrl,
        IDV_CLIENT_ID: account.clientId,
        IDV_CLIENT_SECRET: account.clientSecret,
        IDV_WEBHOOK_SECRET: account.webhookSecret,
      });
      apps.push(app);
      const endpoint = await idv.webhookEndpoints.create({ url: `${app.url}/webhooks/idv` });
      try {
        const created = await fetch(`${app.url}/verify/customer-${file}`, { method: 'POST' });
        expect(created.status).toBe(200);
        const { linkUrl, verificationId } = (await created.json()) as {
          linkUrl: string;
          verificationId: string;
        };
        expect(linkUrl).toMatch(/^http/);
        const linkId = (await idv.verifications.get(verificationId)).linkId;
        await openDevice(server.baseUrl, linkId);
        const line = `verification.started → ${verificationId} is started`;
        await until(() => app.output().includes(line), `"${line}" from ${file}`);
      } finally {
        await idv.webhookEndpoints.delete(endpoint._id);
      }
    });
  }
});
