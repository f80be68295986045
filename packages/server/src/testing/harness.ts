import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import type { DestinationStream } from 'pino';
import { buildApp } from '../app.js';
import { loadConfig, type ServerConfig } from '../config.js';
import { ManualClock } from '../lib/clock.js';
import type { AccountCredentials } from '../services/accounts.js';
import type { PaymentProvider } from '../services/billing/payment-provider.js';
import type { BlobStore } from '../storage/blob-store.js';
import { createServices, type AppServices } from '../services/index.js';
import type { PlanName } from '../services/plans.js';
import { checkResponsesAgainstContract } from './openapi-inject.js';

/** PostgreSQL server of the test run, when the suite runs on PostgreSQL (`IDV_TEST_DATABASE_URL`). */
export const TEST_DATABASE_URL = process.env.IDV_TEST_DATABASE_URL || undefined;

/** A scratch database: a fresh SQLite directory, or a fresh schema on the test PostgreSQL. */
export interface ScratchDatabase {
  dataDir: string;
  databaseUrl: string | undefined;
  drop(): Promise<void>;
}

/** Creates an isolated database for one test app (and its data directory). */
export async function createScratchDatabase(): Promise<ScratchDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'idv-server-test-'));
  if (TEST_DATABASE_URL === undefined) {
    return {
      dataDir,
      databaseUrl: undefined,
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const url = new URL(TEST_DATABASE_URL);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    dataDir,
    databaseUrl: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await client.connect();
      await client.query(`drop schema if exists ${schema} cascade`);
      await client.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A running test app over a real database, with a clock the test controls. */
export interface TestApp {
  app: FastifyInstance;
  services: AppServices;
  clock: ManualClock;
  config: ServerConfig;
  scratch: ScratchDatabase;
  /** `app.inject` with a Bearer token. */
  inject(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  /** Creates an account (as the CLI does) and, for API plans, a token. */
  account(plan?: PlanName, options?: { quota?: number; email?: string }): Promise<TestAccount>;
  /** A fresh token for existing credentials (after the clock moved past the old one's lifetime). */
  token(credentials: AccountCredentials): Promise<string>;
  close(): Promise<void>;
}

export interface TestAccount extends AccountCredentials {
  token: string;
}

/** Options of `createTestApp`. */
export interface TestAppOptions {
  env?: Record<string, string>;
  logStream?: DestinationStream;
  start?: Date;
  /** Start the webhook delivery worker (as `idv-server start` does). */
  worker?: boolean;
  /** Run on this existing database (another test app's); it is then not dropped on close. */
  scratch?: ScratchDatabase;
  /** The payment provider (default: the local test provider, named by `IDV_PAYMENT_PROVIDER`). */
  paymentProvider?: PaymentProvider;
  /** The blob store (default: the configured one); a test wraps it to make it fail. */
  blobStore?: (configured: BlobStore) => BlobStore;
  /**
   * Check every response `app.inject` returns against the OpenAPI document (default `true`): an
   * undocumented status, content type or a body outside the published schema makes the inject
   * call reject, so the test that got the response fails. See `checkResponsesAgainstContract`.
   */
  contract?: boolean;
}

/** Builds the app as production does, on a scratch database, with a manual clock. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const shared = options.scratch !== undefined;
  const scratch = options.scratch ?? (await createScratchDatabase());
  const config = loadConfig(
    { dataDir: scratch.dataDir },
    {
      IDV_DATABASE_URL: scratch.databaseUrl,
      IDV_LOG_LEVEL: 'warn',
      IDV_APP_DIR: join(scratch.dataDir, 'no-app'),
      IDV_DEMO_DIR: join(scratch.dataDir, 'no-demo'),
      IDV_ELEMENT_DIR: join(scratch.dataDir, 'no-element'),
      // Never a default outside tests: the server has no payment provider unless configured.
      IDV_PAYMENT_PROVIDER: 'local-test',
      ...options.env,
    },
  );
  const clock = new ManualClock(options.start ?? new Date('2026-03-10T12:00:00.000Z'));
  const services = await createServices({
    config,
    clock,
    paymentProvider: options.paymentProvider,
    wrapBlobStore: options.blobStore,
  });
  let app: FastifyInstance;
  try {
    app = await buildApp({
      config,
      services,
      logger:
        options.logStream !== undefined ? { stream: options.logStream, level: 'info' } : false,
    });
  } catch (error) {
    await services.close();
    if (!shared) await scratch.drop();
    throw error;
  }
  if (options.contract !== false) checkResponsesAgainstContract(app);
  if (options.worker === true) services.deliveryWorker.start();
  const inject: TestApp['inject'] = ({ token, headers, ...rest }) =>
    app.inject({
      ...rest,
      headers: { ...(token !== undefined ? { authorization: `Bearer ${token}` } : {}), ...headers },
    });
  const test: TestApp = {
    app,
    services,
    clock,
    config,
    scratch,
    inject,
    async account(plan = 'premium', accountOptions = {}) {
      const credentials = await services.accounts.create({
        company: `Company ${plan}`,
        plan,
        ...accountOptions,
      });
      if (plan === 'basic') return { ...credentials, token: '' };
      return { ...credentials, token: await test.token(credentials) };
    },
    async token(credentials) {
      const basic = Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString(
        'base64',
      );
      const response = await inject({
        method: 'POST',
        url: '/api/v1/oauth/token',
        headers: {
          authorization: `Basic ${basic}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: 'grant_type=client_credentials',
      });
      if (response.statusCode !== 200)
        throw new Error(`token request failed: ${response.statusCode} ${response.body}`);
      return (response.json() as { access_token: string }).access_token;
    },
    async close() {
      await app.close();
      await services.close();
      if (!shared) await scratch.drop();
    },
  };
  return test;
}

/** Creates a link through the API and answers its ids. */
export async function createLink(
  test: TestApp,
  token: string,
  body: Record<string, unknown> = { type: 'FULL FLOW' },
): Promise<{ linkId: string; verificationId: string; linkUrl: string }> {
  const response = await test.inject({
    method: 'POST',
    url: '/api/v1/links',
    token,
    payload: body,
  });
  if (response.statusCode !== 201)
    throw new Error(`link creation failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

/**
 * Keeps a document portrait for a verification, as the capture pipeline does for an accepted front
 * (what makes a later adaptive link of the same person resolve to the `FACE` branch).
 */
export async function keepDocumentPortrait(
  test: TestApp,
  verificationId: string,
  portrait: Buffer,
): Promise<void> {
  await test.services.context.database.db
    .insertInto('capture_analyses')
    .values({
      verification_id: verificationId,
      front: '{}',
      back: null,
      portrait,
      updated_at: new Date(test.clock.now()).toISOString(),
    })
    .execute();
}
