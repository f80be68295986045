/** What every `idv-server` command shares: the help text, argument parsing, usage errors. */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { loadConfig, type ServerConfig } from '../config.js';
import { SERVER_VERSION } from '../version.js';

/** `idv-server --help`. */
export const HELP = `idv-server ${SERVER_VERSION}: the identity verification service

Usage:
  idv-server start [--port 8080] [--host 127.0.0.1] [--data-dir DIR]
      Run migrations, then serve the API (/api/v1), the docs (/docs) and the pages.
  idv-server account create --company NAME --plan basic|premium|pro [--quota N] [--email E]
                            [--data-dir DIR] [--json]
      Create a company and its user; prints the credentials (one JSON line with --json).
      With --email, the e-mail is also the portal owner's: prints a one-time sign-in link to /app/.
      Works while a server runs on the same data directory.
  idv-server account sign-in-link --email E [--data-dir DIR] [--json]
      A new one-time sign-in link to the portal (/app/) for the person with that e-mail.
  idv-server account rotate-secret --client-id ID [--data-dir DIR] [--json]
      Replace the client secret (printed once) and revoke every access token of the client;
      running servers refuse the old tokens within 1 second.
  idv-server account revoke-tokens --client-id ID [--data-dir DIR] [--json]
      Revoke every access token of the client (the secret stays); same delay.
  idv-server migrate [--data-dir DIR]
      Bring the database schema up to date.
  idv-server gate-rules set FILE [--data-dir DIR]
      Make FILE ({"version": "...", "rules": [...]}) the default gate-rule template.
  idv-server analysis start [--port 8090] [--host 127.0.0.1] [--data-dir DIR] [--concurrency 4]
      Serve the analysis services (/id, /face, /antispoofing) on their own port, accepting the
      cloud-services keys of this server's database (Api-Key header). Twins: IDV_ANALYSIS_PORT,
      IDV_HOST, IDV_DATA_DIR, IDV_ANALYSIS_CONCURRENCY (calls at once; beyond, 503 + Retry-After).
  idv-server --help | --version

Every flag has an environment twin: IDV_PORT, IDV_HOST, IDV_DATA_DIR. Also IDV_DATABASE_URL
(PostgreSQL instead of SQLite in the data directory), IDV_PUBLIC_APP_URL, IDV_SECRET_KEY,
IDV_RATE_LIMITS=off, IDV_WEBHOOK_ALLOW_PRIVATE=true, IDV_WEBHOOK_TIMEOUT_MS, IDV_WEBHOOK_POLL_MS,
IDV_PAYMENT_PROVIDER=local-test (test cards only; no payment provider when unset),
IDV_SMTP_URL, IDV_MAIL_FROM, IDV_RETENTION_DAYS, IDV_LOG_LEVEL, IDV_TRUST_PROXY, IDV_APP_DIR,
IDV_DEMO_DIR, IDV_ELEMENT_DIR, IDV_BLOB_URL (s3://bucket?endpoint=… or file:///dir),
IDV_FINGERPRINT_URL, IDV_FINGERPRINT_CA, IDV_ID_ANALYSIS_URL, IDV_FACE_ANALYSIS_URL,
IDV_ANTISPOOFING_URL (+ …_KEY) or IDV_ANALYSIS_URL (+ IDV_ANALYSIS_KEY), IDV_STATUS_POLL_IP_LIMIT,
IDV_AUTH_FAILURE_LIMIT, IDV_CAPTURE_CONCURRENCY, IDV_CAPTURE_RETRY_AFTER.
IDV_TRUST_PROXY is a hop count or a comma-separated list of proxy addresses / CIDR ranges.
`;

/** A wrong command line: printed with a hint, exit status 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** The options of a command, as `parseArgs` takes them. */
type OptionSpec = NonNullable<ParseArgsConfig['options']>;

/** Parses a command's arguments (`--help` always allowed); a wrong command line throws {@link UsageError}. */
export function parse(
  args: string[],
  options: OptionSpec,
): { values: Record<string, string | boolean | undefined>; positionals: string[] } {
  try {
    const parsed = parseArgs({
      args,
      options: { ...options, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    });
    return {
      values: parsed.values as Record<string, string | boolean | undefined>,
      positionals: parsed.positionals,
    };
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/** The server configuration, from the command's flags and the environment. */
export function configFrom(values: Record<string, unknown>): ServerConfig {
  return loadConfig({
    port: values.port as string | undefined,
    host: values.host as string | undefined,
    dataDir: values['data-dir'] as string | undefined,
  });
}

/** `--data-dir DIR`, taken by every command that opens the database. */
export const dataDirOption = { 'data-dir': { type: 'string' } } as const;
