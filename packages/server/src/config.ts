import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { readBlobStore, type BlobStoreConfig } from './config/blob-store.js';
import { readPaymentProvider, type PaymentProviderName } from './config/payment-provider.js';
import { readBoolean, readInteger, readUrl } from './config/readers.js';
import { readAnalysis, type RemoteAnalysisConfig } from './config/remote-analysis.js';
import { readTrustProxy, type TrustProxy } from './config/trust-proxy.js';
import {
  DEFAULT_PER_COMPANY_IN_FLIGHT,
  WEBHOOK_WORKER_CONCURRENCY,
} from './services/webhooks/worker-limits.js';

export type { BlobStoreConfig } from './config/blob-store.js';
export { PAYMENT_PROVIDER_NAMES, type PaymentProviderName } from './config/payment-provider.js';
export { ConfigError } from './config/readers.js';
export type { RemoteAnalysisConfig } from './config/remote-analysis.js';
export type { TrustProxy } from './config/trust-proxy.js';

/** Everything the server reads from flags and environment variables, resolved and typed. */
export interface ServerConfig {
  /** TCP port to listen on (`--port`, `IDV_PORT`). */
  port: number;
  /** Interface to bind (`--host`, `IDV_HOST`). */
  host: string;
  /** Directory for the SQLite database, the deployment key, blobs and mail (`--data-dir`, `IDV_DATA_DIR`). */
  dataDir: string;
  /** PostgreSQL connection string; SQLite in `dataDir` when absent (`IDV_DATABASE_URL`). */
  databaseUrl: string | undefined;
  /** Base of every `linkUrl` (`IDV_PUBLIC_APP_URL`), without a trailing slash. */
  publicAppUrl: string;
  /** Deployment key (base64 or hex of 32 bytes) overriding `<dataDir>/secret.key` (`IDV_SECRET_KEY`). */
  secretKey: string | undefined;
  /** Rate limiting on (default) or off for benchmarks and trusted networks (`IDV_RATE_LIMITS=off`). */
  rateLimits: boolean;
  /** Lets webhook endpoints target loopback and private addresses (`IDV_WEBHOOK_ALLOW_PRIVATE=true`). */
  webhookAllowPrivate: boolean;
  /** SMTP URL for outgoing e-mail; `.eml` files under `<dataDir>/mail` when absent (`IDV_SMTP_URL`). */
  smtpUrl: string | undefined;
  /** Sender address of outgoing e-mail (`IDV_MAIL_FROM`). */
  mailFrom: string;
  /** Days after `expiresAt` before verification data is anonymized (`IDV_RETENTION_DAYS`). */
  retentionDays: number;
  /** Pino log level (`IDV_LOG_LEVEL`). */
  logLevel: string;
  /**
   * Which `X-Forwarded-For` hops are believed (`IDV_TRUST_PROXY`): `false` none (the TCP peer is
   * the client), a hop count (the client is that many hops from the right), or the addresses and
   * CIDR ranges of the proxies. Never "any hop": a client could name any address it likes.
   */
  trustProxy: TrustProxy;
  /** Status polls per client address (IPv6 by /64) per minute, beside the per-verification budget (`IDV_STATUS_POLL_IP_LIMIT`). */
  statusPollsPerIp: number;
  /** Failed authentications per client address per 10 minutes before 429 (`IDV_AUTH_FAILURE_LIMIT`). */
  authFailuresPerIp: number;
  /** Deprecated or doubtful settings, logged once at start. */
  warnings: string[];
  /** Directory served at `/v/{linkId}` (`IDV_APP_DIR`); skipped when absent. */
  appDir: string;
  /** Directory served at `/demo/` (`IDV_DEMO_DIR`); skipped when absent. */
  demoDir: string;
  /** Built element served at `/assets/verify/` (`IDV_ELEMENT_DIR`); skipped when absent. */
  elementDir: string;
  /** Where images go (`IDV_BLOB_URL`): `s3://bucket?endpoint=…`, `file:///dir`, else `<dataDir>/blobs`. */
  blobStore: BlobStoreConfig;
  /** Base address of the connection fingerprint service (`IDV_FINGERPRINT_URL`); the end-user page gets it too. */
  fingerprintUrl: string | undefined;
  /**
   * PEM file trusted for the fingerprint service's certificate (`IDV_FINGERPRINT_CA`); by default the
   * self-signed certificate `npm start` generates in `<dataDir>/fingerprint/tls/`, when it exists.
   */
  fingerprintCaFile: string | undefined;
  /** Remote analysis services; in-process analysis when undefined (`IDV_*_ANALYSIS_URL`, `IDV_ANALYSIS_URL`). */
  analysis: RemoteAnalysisConfig | undefined;
  /** Time limit of one webhook attempt, ms (`IDV_WEBHOOK_TIMEOUT_MS`, default 5000). */
  webhookTimeoutMs: number;
  /**
   * How often the delivery worker looks for work other processes queued or left, ms
   * (`IDV_WEBHOOK_POLL_MS`): 1000 on SQLite; 5000 on PostgreSQL, where other processes' work wakes
   * it at once (`LISTEN`/`NOTIFY`) and the poll is only the fallback (expired leases of a process
   * that died, notifications missed while the listening connection was down).
   */
  webhookPollMs: number;
  /**
   * Deliveries of one company in flight at once, across every process's worker
   * (`IDV_WEBHOOK_PER_COMPANY`, default `DEFAULT_PER_COMPANY_IN_FLIGHT`, at most the worker's
   * `WEBHOOK_WORKER_CONCURRENCY`): the share of the sending slots one company may hold, so that one
   * with a burst or a slow endpoint cannot take them all from the others.
   */
  webhookPerCompany: number;
  /**
   * The payment provider of the billing routes (`IDV_PAYMENT_PROVIDER`). None by default: the
   * payment routes then answer 503. `local-test` (fake cards, no money) must be chosen explicitly.
   */
  paymentProvider: PaymentProviderName | undefined;
  /** Captures decoded and analysed at once by this process (`IDV_CAPTURE_CONCURRENCY`); beyond: 503. */
  captureConcurrency: number;
  /** `Retry-After` of a capture refused because every slot is taken, seconds (`IDV_CAPTURE_RETRY_AFTER`). */
  captureRetryAfterSeconds: number;
}

/** Command-line flags that override their environment twins. */
export interface ConfigFlags {
  port?: string | undefined;
  host?: string | undefined;
  dataDir?: string | undefined;
}

const repositoryRoot = resolve(import.meta.dirname, '..', '..', '..');

/**
 * Resolves the configuration from flags, then environment variables, then defaults.
 * @throws {ConfigError} for a malformed value.
 */
export function loadConfig(
  flags: ConfigFlags = {},
  env: NodeJS.ProcessEnv = process.env,
): ServerConfig {
  const databaseUrl = env.IDV_DATABASE_URL || undefined;
  if (databaseUrl !== undefined)
    readUrl('IDV_DATABASE_URL', databaseUrl, ['postgres:', 'postgresql:']);
  const smtpUrl = env.IDV_SMTP_URL || undefined;
  if (smtpUrl !== undefined) readUrl('IDV_SMTP_URL', smtpUrl, ['smtp:', 'smtps:']);
  const port = readInteger('--port / IDV_PORT', flags.port ?? env.IDV_PORT, 8080, 0, 65535);
  // Without IDV_PUBLIC_APP_URL, links point at this server on localhost (its port, 8080 for port 0).
  const publicAppUrl = readUrl(
    'IDV_PUBLIC_APP_URL',
    env.IDV_PUBLIC_APP_URL || `http://localhost:${port === 0 ? 8080 : port}`,
    ['http:', 'https:'],
  ).replace(/\/+$/, '');
  const rateLimitsValue = env.IDV_RATE_LIMITS;
  const dataDir = resolve(flags.dataDir ?? env.IDV_DATA_DIR ?? '.idv-data');
  const blobStore = readBlobStore(env, dataDir);
  const warnings: string[] = [];
  const fingerprintUrl = env.IDV_FINGERPRINT_URL
    ? readUrl('IDV_FINGERPRINT_URL', env.IDV_FINGERPRINT_URL, ['https:', 'http:']).replace(
        /\/+$/,
        '',
      )
    : undefined;
  return {
    port,
    host: flags.host ?? env.IDV_HOST ?? '127.0.0.1',
    dataDir,
    databaseUrl,
    publicAppUrl,
    secretKey: env.IDV_SECRET_KEY || undefined,
    rateLimits: readBoolean('IDV_RATE_LIMITS', rateLimitsValue, true),
    webhookAllowPrivate: readBoolean(
      'IDV_WEBHOOK_ALLOW_PRIVATE',
      env.IDV_WEBHOOK_ALLOW_PRIVATE,
      false,
    ),
    smtpUrl,
    mailFrom: env.IDV_MAIL_FROM || 'idv <no-reply@localhost>',
    retentionDays: readInteger('IDV_RETENTION_DAYS', env.IDV_RETENTION_DAYS, 30, 0, 3650),
    logLevel: env.IDV_LOG_LEVEL || 'info',
    trustProxy: readTrustProxy(env.IDV_TRUST_PROXY, warnings),
    statusPollsPerIp: readInteger(
      'IDV_STATUS_POLL_IP_LIMIT',
      env.IDV_STATUS_POLL_IP_LIMIT,
      3000,
      1,
      1_000_000,
    ),
    authFailuresPerIp: readInteger(
      'IDV_AUTH_FAILURE_LIMIT',
      env.IDV_AUTH_FAILURE_LIMIT,
      30,
      1,
      100_000,
    ),
    appDir: resolve(env.IDV_APP_DIR || resolve(repositoryRoot, 'demo', 'end-user-app')),
    demoDir: resolve(env.IDV_DEMO_DIR || resolve(repositoryRoot, 'demo', 'host-page')),
    elementDir: resolve(
      env.IDV_ELEMENT_DIR || resolve(repositoryRoot, 'packages', 'verify', 'dist'),
    ),
    blobStore,
    fingerprintUrl,
    fingerprintCaFile: env.IDV_FINGERPRINT_CA ? resolve(env.IDV_FINGERPRINT_CA) : undefined,
    analysis: readAnalysis(env),
    webhookTimeoutMs: readInteger(
      'IDV_WEBHOOK_TIMEOUT_MS',
      env.IDV_WEBHOOK_TIMEOUT_MS,
      5000,
      100,
      60_000,
    ),
    webhookPollMs: readInteger(
      'IDV_WEBHOOK_POLL_MS',
      env.IDV_WEBHOOK_POLL_MS,
      databaseUrl ? 5000 : 1000,
      10,
      60_000,
    ),
    webhookPerCompany: readInteger(
      'IDV_WEBHOOK_PER_COMPANY',
      env.IDV_WEBHOOK_PER_COMPANY,
      DEFAULT_PER_COMPANY_IN_FLIGHT,
      1,
      WEBHOOK_WORKER_CONCURRENCY,
    ),
    paymentProvider: readPaymentProvider(env.IDV_PAYMENT_PROVIDER),
    captureConcurrency: readInteger(
      'IDV_CAPTURE_CONCURRENCY',
      env.IDV_CAPTURE_CONCURRENCY,
      Math.max(4, availableParallelism()),
      1,
      256,
    ),
    captureRetryAfterSeconds: readInteger(
      'IDV_CAPTURE_RETRY_AFTER',
      env.IDV_CAPTURE_RETRY_AFTER,
      5,
      1,
      3600,
    ),
    warnings,
  };
}
