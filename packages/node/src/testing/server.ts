/**
 * The real verification service for the SDK's tests: `idv-server start` (its CLI, as an operator
 * runs it) on a scratch data directory with the embedded SQLite defaults, and accounts created with
 * `idv-server account create --json`. Nothing of the API is mocked.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cliEnvironment, runCli, startServerProcess } from '@idv/server/testing';

/** Credentials printed by `idv-server account create --json`. */
export interface AccountCredentials {
  userId: string;
  companyId: string;
  clientId: string;
  clientSecret: string;
  webhookSecret: string;
}

/** A running server. */
export interface TestServer {
  /** Base URL with the version prefix, e.g. `http://127.0.0.1:41234/api/v1`. */
  baseUrl: string;
  /** `http://127.0.0.1:port`. */
  origin: string;
  dataDir: string;
  /** Runs `idv-server account create` on the server's data directory. */
  createAccount(options?: {
    plan?: 'basic' | 'premium' | 'pro';
    quota?: number;
  }): Promise<AccountCredentials>;
  /** Runs any CLI command on the server's data directory; answers its stdout. */
  cli(args: string[]): Promise<string>;
  stop(): Promise<void>;
}

/** The CLI's environment: a scratch data directory, loopback webhooks, the test payment provider. */
function environment(dataDir: string, extra: Record<string, string>): NodeJS.ProcessEnv {
  const env = cliEnvironment(dataDir, undefined, {
    // Receivers of the tests listen on loopback.
    IDV_WEBHOOK_ALLOW_PRIVATE: 'true',
    // The billing routes' test provider (test cards only).
    IDV_PAYMENT_PROVIDER: 'local-test',
    ...extra,
  });
  delete env.IDV_PORT;
  return env;
}

/** Runs a CLI command to completion; answers its stdout, rejects on a non-zero exit. */
async function run(args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  const { code, stdout, stderr } = await runCli(args, env);
  if (code !== 0) throw new Error(`idv-server ${args.join(' ')} exited ${code}: ${stderr}`);
  return stdout;
}

/**
 * Starts `idv-server start --port 0` in a new temporary data directory.
 *
 * @param env Extra environment (for example `IDV_WEBHOOK_POLL_MS`).
 */
export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'idv-node-sdk-'));
  const processEnv = environment(dataDir, env);
  const server = await startServerProcess(processEnv, 60_000);
  const origin = server.url;
  const cli = (args: string[]) => run([...args, '--data-dir', dataDir], processEnv);
  return {
    baseUrl: `${origin}/api/v1`,
    origin,
    dataDir,
    cli,
    async createAccount(options = {}) {
      const args = [
        'account',
        'create',
        '--company',
        `SDK test ${Math.random().toString(36).slice(2, 8)}`,
      ];
      args.push('--plan', options.plan ?? 'pro', '--json');
      if (options.quota !== undefined) args.push('--quota', String(options.quota));
      return JSON.parse(await cli(args)) as AccountCredentials;
    },
    async stop() {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
