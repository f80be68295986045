import { readFileSync } from 'node:fs';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { ConfigError, loadConfig, type ServerConfig } from './config.js';
import { PLAN_NAMES, type PlanName } from './services/plans.js';
import { SERVER_VERSION } from './version.js';

// Commands import what they need when they run, so `--help` and usage errors answer at once.

const HELP = `idv-server ${SERVER_VERSION}: the identity verification service

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
class UsageError extends Error {
  override name = 'UsageError';
}

type OptionSpec = NonNullable<ParseArgsConfig['options']>;

function parse(
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

function configFrom(values: Record<string, unknown>): ServerConfig {
  return loadConfig({
    port: values.port as string | undefined,
    host: values.host as string | undefined,
    dataDir: values['data-dir'] as string | undefined,
  });
}

const dataDirOption = { 'data-dir': { type: 'string' } } as const;

async function commandStart(args: string[]): Promise<void> {
  const { values } = parse(args, {
    port: { type: 'string' },
    host: { type: 'string' },
    ...dataDirOption,
  });
  if (values.help === true) return void process.stdout.write(HELP);
  const config = configFrom(values);
  const { startServer } = await import('./server.js');
  await startServer(config, { handleSignals: true });
}

async function commandAccount(args: string[]): Promise<void> {
  const { values, positionals } = parse(args, {
    company: { type: 'string' },
    plan: { type: 'string' },
    quota: { type: 'string' },
    email: { type: 'string' },
    'client-id': { type: 'string' },
    json: { type: 'boolean' },
    ...dataDirOption,
  });
  if (values.help === true) return void process.stdout.write(HELP);
  const action = positionals.length === 1 ? positionals[0] : undefined;
  if (action === 'rotate-secret' || action === 'revoke-tokens')
    return commandClientCredentials(action, values);
  if (action === 'sign-in-link') return commandSignInLink(values);
  if (action !== 'create')
    throw new UsageError(
      'expected: idv-server account create|sign-in-link|rotate-secret|revoke-tokens …',
    );
  const company = values.company as string | undefined;
  const plan = values.plan as string | undefined;
  if (company === undefined) throw new UsageError('--company NAME is required');
  if (plan === undefined || !(PLAN_NAMES as readonly string[]).includes(plan)) {
    throw new UsageError('--plan must be basic, premium or pro');
  }
  const quotaText = values.quota as string | undefined;
  if (quotaText !== undefined && !/^\d+$/.test(quotaText))
    throw new UsageError('--quota must be a whole number');
  const email = values.email as string | undefined;
  if (email !== undefined && !/^[^\s@]+@[^\s@]+$/.test(email))
    throw new UsageError('--email must be an e-mail address');
  const config = configFrom(values);
  const { createServices } = await import('./services/index.js');
  const services = await createServices({ config });
  try {
    const credentials = await services.accounts.create({
      company,
      plan: plan as PlanName,
      quota: quotaText === undefined ? undefined : Number(quotaText),
      email,
    });
    const { portalOwnerSignInLink } = await import('./portal/cli-owner.js');
    const signInLink =
      email === undefined
        ? undefined
        : await portalOwnerSignInLink(services, credentials.companyId, email, (warning) =>
            process.stderr.write(`${warning}\n`),
          );
    if (values.json === true) {
      process.stdout.write(`${JSON.stringify({ ...credentials, signInLink })}\n`);
    } else {
      process.stdout.write(
        `Created ${plan} account "${company}"\n` +
          `  userId         ${credentials.userId}\n  companyId      ${credentials.companyId}\n` +
          `  clientId       ${credentials.clientId}\n  clientSecret   ${credentials.clientSecret}\n` +
          `  webhookSecret  ${credentials.webhookSecret}\n` +
          'Keep the secrets in a backend secret store; GET /api/v1/users/me shows them again.\n' +
          (signInLink === undefined
            ? 'Add --email to get a sign-in link to the portal (/app/).\n'
            : `Portal sign-in link for ${email} (one use, 72 hours):\n  ${signInLink}\n`),
      );
    }
  } finally {
    await services.close();
  }
}

/**
 * `account rotate-secret` and `account revoke-tokens`: act on one API client, named by its client
 * id. Servers on the same database refuse the revoked tokens within `TOKEN_REVOCATION_DELAY_MS`.
 */
async function commandClientCredentials(
  action: 'rotate-secret' | 'revoke-tokens',
  values: Record<string, string | boolean | undefined>,
): Promise<void> {
  const clientId = values['client-id'];
  if (typeof clientId !== 'string' || clientId.trim() === '')
    throw new UsageError('--client-id ID is required');
  const { createServices } = await import('./services/index.js');
  const services = await createServices({ config: configFrom(values) });
  try {
    const user = await services.accounts.userOfClient(clientId);
    if (user === undefined) throw new UsageError(`no API client with id ${clientId}`);
    const activity = (name: string) =>
      services.activity.record({
        companyId: user.companyId,
        userId: user.userId,
        action: name,
        resource: 'user',
        resourceId: user.userId,
        ip: null,
      });
    if (action === 'rotate-secret') {
      const rotated = await services.accounts.rotateClientSecret(user.userId);
      await activity('client_secret.rotated');
      process.stdout.write(
        values.json === true
          ? `${JSON.stringify(rotated)}\n`
          : `New client secret for ${rotated.clientId} (shown once):\n  clientSecret   ${rotated.clientSecret}\n` +
              `Revoked ${rotated.revokedTokens} access token(s).\n`,
      );
    } else {
      const revokedTokens = await services.accounts.revokeTokens(user.userId);
      await activity('access_tokens.revoked');
      process.stdout.write(
        values.json === true
          ? `${JSON.stringify({ clientId, revokedTokens })}\n`
          : `Revoked ${revokedTokens} access token(s) of ${clientId}.\n`,
      );
    }
  } finally {
    await services.close();
  }
}

/** `account sign-in-link`: a new one-time portal sign-in link for a person, by e-mail. */
async function commandSignInLink(values: Record<string, string | boolean | undefined>) {
  const email = values.email;
  if (typeof email !== 'string') throw new UsageError('--email E is required');
  const { createServices } = await import('./services/index.js');
  const { createPortalServices } = await import('./portal/portal-services.js');
  const services = await createServices({ config: configFrom(values) });
  try {
    const portal = createPortalServices(services);
    const member = await portal.members.findByEmail(email);
    if (member === undefined) throw new UsageError(`no portal account for ${email}`);
    const signInLink = await portal.signInLinks.issue(member.id);
    process.stdout.write(
      values.json === true ? `${JSON.stringify({ email, signInLink })}\n` : `${signInLink}\n`,
    );
  } finally {
    await services.close();
  }
}

async function commandMigrate(args: string[]): Promise<void> {
  const { values } = parse(args, dataDirOption);
  if (values.help === true) return void process.stdout.write(HELP);
  const config = configFrom(values);
  const { openDatabase } = await import('./db/database.js');
  const { migrateToLatest } = await import('./db/migrator.js');
  const database = openDatabase(config);
  try {
    const applied = await migrateToLatest(database);
    process.stdout.write(
      applied.length === 0 ? 'database is up to date\n' : `applied: ${applied.join(', ')}\n`,
    );
  } finally {
    await database.close();
  }
}

async function commandGateRules(args: string[]): Promise<void> {
  const { values, positionals } = parse(args, dataDirOption);
  if (values.help === true) return void process.stdout.write(HELP);
  if (positionals[0] !== 'set' || positionals.length !== 2)
    throw new UsageError('expected: idv-server gate-rules set FILE');
  let document: unknown;
  try {
    document = JSON.parse(readFileSync(positionals[1]!, 'utf8'));
  } catch (error) {
    throw new UsageError(`cannot read ${positionals[1]}: ${(error as Error).message}`);
  }
  const { Value } = await import('typebox/value');
  const { GateRuleSetSchema } = await import('@idv/contract');
  if (!Value.Check(GateRuleSetSchema, document)) {
    const first = [...Value.Errors(GateRuleSetSchema, document)][0];
    throw new UsageError(
      `invalid gate rules: ${first?.instancePath || '/'} ${first?.message ?? ''}`,
    );
  }
  const { createServices } = await import('./services/index.js');
  const services = await createServices({ config: configFrom(values) });
  try {
    await services.gateRules.setDefaultTemplate(document);
    process.stdout.write(
      `default gate-rule template is now version ${document.version} (${document.rules.length} rules)\n`,
    );
  } finally {
    await services.close();
  }
}

async function commandAnalysis(args: string[]): Promise<void> {
  const { values, positionals } = parse(args, {
    port: { type: 'string' },
    host: { type: 'string' },
    concurrency: { type: 'string' },
    ...dataDirOption,
  });
  if (values.help === true) return void process.stdout.write(HELP);
  if (positionals[0] !== 'start' || positionals.length !== 1)
    throw new UsageError('expected: idv-server analysis start');
  const portText = (values.port as string | undefined) ?? process.env.IDV_ANALYSIS_PORT ?? '8090';
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port > 65535)
    throw new UsageError(`--port must be 0 to 65535 (got ${portText})`);
  const concurrencyText =
    (values.concurrency as string | undefined) ?? process.env.IDV_ANALYSIS_CONCURRENCY ?? '4';
  const maxConcurrent = Number(concurrencyText);
  if (!/^\d+$/.test(concurrencyText) || maxConcurrent < 1 || maxConcurrent > 256)
    throw new UsageError(`--concurrency must be 1 to 256 (got ${concurrencyText})`);
  const dataDir = values['data-dir'] as string | undefined;
  const { startAnalysisServices } = await import('./cli-analysis.js');
  await startAnalysisServices({
    port,
    host: (values.host as string | undefined) ?? process.env.IDV_HOST ?? '127.0.0.1',
    maxConcurrent,
    ...(dataDir === undefined ? {} : { dataDir }),
  });
}

/** Runs the CLI with the given arguments (without `node` and the script). */
export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'start':
        await commandStart(rest);
        return 0;
      case 'account':
        await commandAccount(rest);
        return 0;
      case 'migrate':
        await commandMigrate(rest);
        return 0;
      case 'gate-rules':
        await commandGateRules(rest);
        return 0;
      case 'analysis':
        await commandAnalysis(rest);
        return 0;
      case '--version':
      case '-v':
        process.stdout.write(`${SERVER_VERSION}\n`);
        return 0;
      case undefined:
      case '--help':
      case '-h':
      case 'help':
        process.stdout.write(HELP);
        return command === undefined ? 2 : 0;
      default:
        throw new UsageError(`unknown command: ${command}`);
    }
  } catch (error) {
    const usage = error instanceof UsageError || error instanceof ConfigError;
    // Checked by name: the accounts module is loaded lazily.
    if (usage || (error instanceof Error && error.name === 'AccountInputError')) {
      process.stderr.write(
        `idv-server: ${(error as Error).message}\nRun idv-server --help for usage.\n`,
      );
      return 2;
    }
    process.stderr.write(`idv-server: ${(error as Error).message}\n`);
    return 1;
  }
}

const code = await main(process.argv.slice(2));
// Servers keep the process alive; one-shot commands end with their status.
const serving =
  process.argv[2] === 'start' || (process.argv[2] === 'analysis' && process.argv[3] === 'start');
if (code !== 0 || !serving) process.exitCode = code;
