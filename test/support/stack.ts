/**
 * The whole stack as an operator runs it, on loopback: the connection fingerprint service (its own
 * HTTPS port, allowing the server's origin), the verification server started with its CLI
 * (`idv-server start`, analysis in-process, SQLite in a temporary data directory), an account made
 * with `idv-server account create`, and a webhook receiver registered through the REST API.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFingerprintServer, type RunningFingerprintServer } from '@idv/fingerprint';
import type { AccountCredentials } from '@idv/server';
import { runCli, startServerProcess, type ServerProcess } from '@idv/server/testing';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver.js';

/** The running stack. */
export interface Stack {
  /** Origin of the verification server, e.g. `http://127.0.0.1:40123`. */
  origin: string;
  /** `${origin}/api/v1`. */
  apiBase: string;
  fingerprint: RunningFingerprintServer;
  /** The fingerprint service's self-signed TLS certificate (PEM file). */
  fingerprintCertificateFile: string;
  receiver: WebhookReceiver;
  account: AccountCredentials;
  /** The portal owner's e-mail (`account create --email`). */
  ownerEmail: string;
  /** The owner's one-time sign-in link to the portal, as `account create` printed it. */
  signInLink: string;
  /** Where the server writes e-mail as `.eml` files (no SMTP configured). */
  mailDir: string;
  /** Calls the REST API with the account's Bearer token; throws on an unexpected status. */
  api<T>(method: string, path: string, body?: unknown, expectedStatus?: number): Promise<T>;
  /** Everything the server process printed (for failure messages). */
  serverLog(): string;
  stop(): Promise<void>;
}

/**
 * A free loopback port. The server must know its own origin before it listens (it goes into every
 * `linkUrl` and into the fingerprint service's CORS allowlist, which starts first), so the port is
 * chosen here and handed to `idv-server start --port`; a lost race shows as EADDRINUSE and is retried.
 */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Runs the server CLI to completion and answers its standard output; throws on a failure. */
async function runServerCli(args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  const { code, stdout, stderr } = await runCli(args, env);
  if (code !== 0) throw new Error(`idv-server ${args.join(' ')} exited ${code}: ${stderr}`);
  return stdout;
}

/** The fingerprint service and the server process, on the port chosen for the server. */
interface Services {
  origin: string;
  env: NodeJS.ProcessEnv;
  fingerprint: RunningFingerprintServer;
  server: ServerProcess;
}

/** Starts the fingerprint service, then the server that points at it (retried on a lost port). */
async function startServices(dataDir: string, extraEnv: NodeJS.ProcessEnv): Promise<Services> {
  for (let attempt = 1; ; attempt += 1) {
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    // The server trusts the fingerprint service's self-signed certificate from
    // <data-dir>/fingerprint/tls/ (its default IDV_FINGERPRINT_CA), where the service writes it.
    const fingerprint = await startFingerprintServer({
      dataDir: join(dataDir, 'fingerprint'),
      port: 0,
      allowOrigins: [origin],
    });
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      IDV_DATA_DIR: dataDir,
      IDV_PUBLIC_APP_URL: origin,
      IDV_FINGERPRINT_URL: fingerprint.url,
      IDV_WEBHOOK_ALLOW_PRIVATE: 'true',
      IDV_LOG_LEVEL: 'info',
      ...extraEnv,
    };
    delete env.IDV_DATABASE_URL;
    try {
      return { origin, env, fingerprint, server: await startServerProcess(env, 120_000, port) };
    } catch (error) {
      await fingerprint.close();
      if (attempt >= 3 || !String(error).includes('EADDRINUSE')) throw error;
    }
  }
}

/** Options of {@link startStack}. */
export interface StackOptions {
  /** More environment for the server process (e.g. `IDV_PAYMENT_PROVIDER`). */
  env?: NodeJS.ProcessEnv;
}

/** Starts the fingerprint service, the server, an account and its webhook receiver. */
export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const dataDir = await mkdtemp(join(tmpdir(), 'idv-e2e-data-'));
  const receiver = await startWebhookReceiver();
  const cleanups: (() => Promise<unknown>)[] = [
    () => rm(dataDir, { recursive: true, force: true }),
    () => receiver.close(),
  ];
  const stop = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  };
  try {
    const { origin, env, fingerprint, server } = await startServices(dataDir, options.env ?? {});
    cleanups.push(
      () => fingerprint.close(),
      () => server.stop(),
    );
    const ownerEmail = 'owner@northwind.test';
    const printed = await runServerCli(
      [
        'account',
        'create',
        '--company',
        'Northwind Optics',
        '--plan',
        'premium',
        '--email',
        ownerEmail,
        '--json',
      ],
      env,
    );
    const { signInLink, ...account } = JSON.parse(
      printed.trim().split('\n').pop()!,
    ) as AccountCredentials & { signInLink: string };
    receiver.setSecret(account.webhookSecret);
    const apiBase = `${origin}/api/v1`;
    const token = await accessToken(apiBase, account);
    const api = async <T>(
      method: string,
      path: string,
      body?: unknown,
      expectedStatus?: number,
    ): Promise<T> => {
      const response = await fetch(`${apiBase}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      if (expectedStatus !== undefined ? response.status !== expectedStatus : !response.ok)
        throw new Error(`${method} ${path}: ${response.status} ${text}`);
      return JSON.parse(text) as T;
    };
    await api(
      'POST',
      '/webhook-endpoints',
      { url: receiver.url, description: 'e2e receiver' },
      201,
    );
    return {
      origin,
      apiBase,
      fingerprint,
      fingerprintCertificateFile: join(dataDir, 'fingerprint', 'tls', 'self-signed-cert.pem'),
      mailDir: join(dataDir, 'mail'),
      receiver,
      account,
      ownerEmail,
      signInLink,
      api,
      serverLog: server.log,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** An access token (OAuth 2.0 client credentials, HTTP Basic). */
async function accessToken(apiBase: string, account: AccountCredentials): Promise<string> {
  const basic = Buffer.from(`${account.clientId}:${account.clientSecret}`).toString('base64');
  const response = await fetch(`${apiBase}/oauth/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${basic}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  });
  if (response.status !== 200)
    throw new Error(`token: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}
