import { availableParallelism } from 'node:os';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BlobUrlError, parseS3Url, type S3Location } from './storage/s3-location.js';

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
   * The payment provider of the billing routes (`IDV_PAYMENT_PROVIDER`). None by default: the
   * payment routes then answer 503. `local-test` (fake cards, no money) must be chosen explicitly.
   */
  paymentProvider: PaymentProviderName | undefined;
  /** Captures decoded and analysed at once by this process (`IDV_CAPTURE_CONCURRENCY`); beyond: 503. */
  captureConcurrency: number;
  /** `Retry-After` of a capture refused because every slot is taken, seconds (`IDV_CAPTURE_RETRY_AFTER`). */
  captureRetryAfterSeconds: number;
}

/** Payment providers the configuration can name. */
export const PAYMENT_PROVIDER_NAMES = ['local-test'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDER_NAMES)[number];

function readPaymentProvider(value: string | undefined): PaymentProviderName | undefined {
  if (value === undefined || value === '') return undefined;
  if (!(PAYMENT_PROVIDER_NAMES as readonly string[]).includes(value))
    throw new ConfigError(
      `IDV_PAYMENT_PROVIDER must be one of ${PAYMENT_PROVIDER_NAMES.join(', ')} (got "${value}")`,
    );
  return value as PaymentProviderName;
}

/** `trustProxy` as Fastify takes it: off, a hop count, or proxy addresses / CIDR ranges. */
export type TrustProxy = false | number | string[];

/** A directory of files, or an S3-compatible bucket. */
export type BlobStoreConfig = { kind: 'file'; directory: string } | { kind: 's3'; s3: S3Location };

/** Addresses and `Api-Key`s of the three analysis services when they run on their own. */
export interface RemoteAnalysisConfig {
  idUrl: string;
  faceUrl: string;
  antispoofingUrl: string;
  keys: { id: string; face: string; antispoofing: string };
  /**
   * Base addresses of a pool of `idv-analysis` processes (`IDV_ANALYSIS_URL` with two or more,
   * comma-separated): each call goes to the least busy healthy one, and fails over to another
   * (`AnalysisPool`). Undefined: the three URLs above, one process each.
   */
  pool?: string[];
}

/** Command-line flags that override their environment twins. */
export interface ConfigFlags {
  port?: string | undefined;
  host?: string | undefined;
  dataDir?: string | undefined;
}

/** Thrown for a configuration value that cannot be used; the CLI prints its message and exits 2. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

const repositoryRoot = resolve(import.meta.dirname, '..', '..', '..');

function readBoolean(name: string, value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  const normalized = value.trim().toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(normalized)) return true;
  if (['0', 'false', 'no', 'off'].includes(normalized)) return false;
  throw new ConfigError(`${name} must be true or false (got "${value}")`);
}

function readInteger(
  name: string,
  value: string | undefined,
  fallback: number,
  min: number,
  max: number,
): number {
  if (value === undefined || value === '') return fallback;
  if (!/^\d+$/.test(value.trim()))
    throw new ConfigError(`${name} must be a whole number (got "${value}")`);
  const parsed = Number(value.trim());
  if (parsed < min || parsed > max)
    throw new ConfigError(`${name} must be between ${min} and ${max} (got ${parsed})`);
  return parsed;
}

function readUrl(name: string, value: string, protocols: string[]): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`${name} must be an absolute URL (got "${value}")`);
  }
  if (!protocols.includes(url.protocol)) {
    throw new ConfigError(`${name} must use ${protocols.join(' or ')} (got "${url.protocol}")`);
  }
  return value;
}

/**
 * `IDV_TRUST_PROXY`: unset/`false`/`0` trusts no hop; a whole number N trusts N hops; a
 * comma-separated list of addresses and CIDR ranges trusts those proxies. `true` (which meant "trust
 * every hop", letting any client choose its own address) now means 1 hop, with a warning.
 */
function readTrustProxy(value: string | undefined, warnings: string[]): TrustProxy {
  const text = value?.trim() ?? '';
  if (text === '' || ['false', 'no', 'off', '0'].includes(text.toLowerCase())) return false;
  if (['true', 'yes', 'on'].includes(text.toLowerCase())) {
    warnings.push(
      `IDV_TRUST_PROXY=${text} is deprecated: it now trusts one proxy hop (IDV_TRUST_PROXY=1), ` +
        'not every X-Forwarded-For entry; set the hop count or the proxy addresses (CIDR list)',
    );
    return 1;
  }
  if (/^\d+$/.test(text)) return readInteger('IDV_TRUST_PROXY', text, 0, 1, 32);
  const entries = text.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    const [address = '', prefix, ...rest] = entry.split('/');
    const family = isIP(address);
    const maxPrefix = family === 4 ? 32 : 128;
    const valid =
      family !== 0 &&
      rest.length === 0 &&
      (prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= maxPrefix));
    if (!valid)
      throw new ConfigError(
        `IDV_TRUST_PROXY must be false, a hop count, or a comma-separated list of proxy addresses / CIDR ranges (got "${entry}")`,
      );
    if (prefix === '0')
      throw new ConfigError(
        `IDV_TRUST_PROXY: ${entry} would trust every address; name the proxies' addresses or ranges`,
      );
  }
  return entries;
}

/** `IDV_BLOB_URL`: `s3://…` (see `parseS3Url`), `file:///dir`, or unset for `<dataDir>/blobs`. */
function readBlobStore(env: NodeJS.ProcessEnv, dataDir: string): BlobStoreConfig {
  const blobUrl = env.IDV_BLOB_URL || undefined;
  if (blobUrl === undefined) return { kind: 'file', directory: join(dataDir, 'blobs') };
  readUrl('IDV_BLOB_URL', blobUrl, ['s3:', 'file:']);
  if (blobUrl.startsWith('file:')) return { kind: 'file', directory: fileURLToPath(blobUrl) };
  try {
    return { kind: 's3', s3: parseS3Url(blobUrl, env) };
  } catch (error) {
    if (error instanceof BlobUrlError) throw new ConfigError(error.message);
    throw error;
  }
}

/**
 * The remote analysis services: each of `IDV_ID_ANALYSIS_URL`, `IDV_FACE_ANALYSIS_URL`,
 * `IDV_ANTISPOOFING_URL` (keys `…_KEY`), or all three under one base `IDV_ANALYSIS_URL` (`/id`,
 * `/face`, `/antispoofing`, key `IDV_ANALYSIS_KEY`). `IDV_ANALYSIS_URL` listing two or more base
 * addresses (comma-separated) is a pool of analysis processes. Undefined when none is set
 * (in-process).
 */
function readAnalysis(env: NodeJS.ProcessEnv): RemoteAnalysisConfig | undefined {
  const list = (env.IDV_ANALYSIS_URL || '')
    .split(',')
    .map((entry) => entry.trim().replace(/\/+$/, ''))
    .filter((entry) => entry !== '');
  for (const entry of list) readUrl('IDV_ANALYSIS_URL', entry, ['http:', 'https:']);
  if (list.length > 1) {
    const separate = [
      'IDV_ID_ANALYSIS_URL',
      'IDV_FACE_ANALYSIS_URL',
      'IDV_ANTISPOOFING_URL',
    ].filter((name) => env[name]);
    if (separate.length > 0)
      throw new ConfigError(
        `IDV_ANALYSIS_URL lists a pool of analysis processes: unset ${separate.join(', ')}`,
      );
    const key = env.IDV_ANALYSIS_KEY || '';
    const [first] = list as [string];
    return {
      idUrl: `${first}/id`,
      faceUrl: `${first}/face`,
      antispoofingUrl: `${first}/antispoofing`,
      keys: {
        id: env.IDV_ID_ANALYSIS_KEY || key,
        face: env.IDV_FACE_ANALYSIS_KEY || key,
        antispoofing: env.IDV_ANTISPOOFING_KEY || key,
      },
      pool: list,
    };
  }
  const base = list[0];
  const trimmed = base?.replace(/\/+$/, '');
  const services = [
    ['id', 'IDV_ID_ANALYSIS', '/id'],
    ['face', 'IDV_FACE_ANALYSIS', '/face'],
    ['antispoofing', 'IDV_ANTISPOOFING', '/antispoofing'],
  ] as const;
  const resolved = services.map(([service, prefix, path]) => {
    const url = env[`${prefix}_URL`] || (trimmed === undefined ? undefined : `${trimmed}${path}`);
    if (url !== undefined) readUrl(`${prefix}_URL`, url, ['http:', 'https:']);
    return { service, prefix, url, key: env[`${prefix}_KEY`] || env.IDV_ANALYSIS_KEY || '' };
  });
  const set = resolved.filter((r) => r.url !== undefined);
  if (set.length === 0) return undefined;
  if (set.length < resolved.length) {
    const missing = resolved.filter((r) => r.url === undefined).map((r) => `${r.prefix}_URL`);
    throw new ConfigError(
      `the analysis services run either in-process or all remotely: set ${missing.join(', ')} too (or IDV_ANALYSIS_URL)`,
    );
  }
  const [id, face, antispoofing] = resolved as [
    (typeof resolved)[number],
    (typeof resolved)[number],
    (typeof resolved)[number],
  ];
  return {
    idUrl: id.url!,
    faceUrl: face.url!,
    antispoofingUrl: antispoofing.url!,
    keys: { id: id.key, face: face.key, antispoofing: antispoofing.key },
  };
}

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
