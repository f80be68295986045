import { resolve } from 'node:path';

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
  /** Trust `X-Forwarded-For` from a reverse proxy (`IDV_TRUST_PROXY=true`). */
  trustProxy: boolean;
  /** Directory served at `/v/{linkId}` (`IDV_APP_DIR`); skipped when absent. */
  appDir: string;
  /** Directory served at `/demo/` (`IDV_DEMO_DIR`); skipped when absent. */
  demoDir: string;
  /** Built element served at `/assets/verify/` (`IDV_ELEMENT_DIR`); skipped when absent. */
  elementDir: string;
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
  return {
    port,
    host: flags.host ?? env.IDV_HOST ?? '127.0.0.1',
    dataDir: resolve(flags.dataDir ?? env.IDV_DATA_DIR ?? '.idv-data'),
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
    trustProxy: readBoolean('IDV_TRUST_PROXY', env.IDV_TRUST_PROXY, false),
    appDir: resolve(env.IDV_APP_DIR || resolve(repositoryRoot, 'demo', 'end-user-app')),
    demoDir: resolve(env.IDV_DEMO_DIR || resolve(repositoryRoot, 'demo', 'host-page')),
    elementDir: resolve(
      env.IDV_ELEMENT_DIR || resolve(repositoryRoot, 'packages', 'verify', 'dist'),
    ),
  };
}
