/**
 * The server as an operator runs it, for the tests of this package and of others
 * (`@idv/server/testing`: the Node SDK's suite, the cross-package end-to-end tests): the built CLI
 * in child processes, `idv-server start` on a port and one-shot commands such as `account create`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The built CLI (the package's `test` script builds first), as `npx idv-server` runs it. */
const CLI = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));

/** Environment of a spawned CLI: the scratch database, quiet defaults, no static directories. */
export function cliEnvironment(
  dataDir: string,
  databaseUrl: string | undefined,
  extra: Record<string, string> = {},
): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    IDV_DATA_DIR: dataDir,
    IDV_LOG_LEVEL: 'info',
    IDV_APP_DIR: `${dataDir}/no-app`,
    IDV_DEMO_DIR: `${dataDir}/no-demo`,
    IDV_ELEMENT_DIR: `${dataDir}/no-element`,
    ...extra,
  };
  delete env.IDV_DATABASE_URL;
  if (databaseUrl !== undefined) env.IDV_DATABASE_URL = databaseUrl;
  return env;
}

/** Runs the CLI to completion. */
export function runCli(
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number; stdout: string; stderr: string }> {
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
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

/** A server process started with `idv-server start`. */
export interface ServerProcess {
  child: ChildProcess;
  /** Its origin, e.g. `http://127.0.0.1:41234`. */
  url: string;
  /** Everything the process printed so far (standard output and error), for failure messages. */
  log(): string;
  /** SIGTERM (the graceful close); resolves with the exit code. */
  stop(): Promise<number | null>;
}

/**
 * Starts `idv-server start` on loopback and waits for its listening line; rejects with the
 * process's output when it exits first (an `EADDRINUSE` shows there) or after `timeoutMs`.
 *
 * @param port The port to listen on; 0 (the default) lets the system choose a free one.
 */
export function startServerProcess(
  env: NodeJS.ProcessEnv,
  timeoutMs = 30_000,
  port = 0,
): Promise<ServerProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [CLI, 'start', '--port', String(port), '--host', '127.0.0.1'],
      { env, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    let listening = false;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start in time:\n${output}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (listening) return;
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match === null) return;
      listening = true;
      clearTimeout(timer);
      resolve({
        child,
        url: match[1]!,
        log: () => output,
        stop: () =>
          new Promise((done) => {
            if (child.exitCode !== null || child.signalCode !== null) return done(child.exitCode);
            child.once('exit', (code) => done(code));
            child.kill('SIGTERM');
          }),
      });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
}
