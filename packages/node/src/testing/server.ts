/**
 * The real verification service for the SDK's tests: `idv-server start` (its CLI, as an operator
 * runs it) on a scratch data directory with the embedded SQLite defaults, and accounts created with
 * `idv-server account create --json`. Nothing of the API is mocked.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The server package's CLI launcher (built by the root `npm run build`). */
const CLI = fileURLToPath(new URL('../../../server/bin/idv-server.js', import.meta.url));

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

function environment(dataDir: string, extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    IDV_DATA_DIR: dataDir,
    IDV_LOG_LEVEL: 'info',
    IDV_APP_DIR: join(dataDir, 'no-app'),
    IDV_DEMO_DIR: join(dataDir, 'no-demo'),
    IDV_ELEMENT_DIR: join(dataDir, 'no-element'),
    // Receivers of the tests listen on loopback.
    IDV_WEBHOOK_ALLOW_PRIVATE: 'true',
    // The billing routes' test provider (test cards only).
    IDV_PAYMENT_PROVIDER: 'local-test',
    ...extra,
  };
  delete env.IDV_DATABASE_URL;
  delete env.IDV_PORT;
  return env;
}

function run(args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve(stdout)
        : reject(new Error(`idv-server ${args.join(' ')} exited ${code}: ${stderr}`)),
    );
  });
}

/**
 * Starts `idv-server start --port 0` in a new temporary data directory.
 *
 * @param env Extra environment (for example `IDV_WEBHOOK_POLL_MS`).
 */
export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'idv-node-sdk-'));
  const processEnv = environment(dataDir, env);
  const child: ChildProcess = spawn(
    process.execPath,
    [CLI, 'start', '--port', '0', '--host', '127.0.0.1'],
    { env: processEnv, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const origin = await new Promise<string>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`idv-server did not start in 60 s:\n${output}`));
    }, 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match === null) return;
      clearTimeout(timer);
      child.stdout!.off('data', onData);
      child.stdout!.resume();
      resolve(match[1]!);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`idv-server exited ${code}:\n${output}`));
    });
  });
  child.stderr!.resume();
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
      if (child.exitCode === null) {
        const exited = new Promise((done) => child.once('exit', done));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
