import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** The built `idv-analysis` CLI of the workspace (the root build makes it). */
const ANALYSIS_CLI = join(
  dirname(createRequire(import.meta.url).resolve('@idv/analysis/package.json')),
  'dist',
  'cli.js',
);

/** A running `idv-analysis start` process. */
export interface AnalysisProcess {
  child: ChildProcess;
  /** Base address (`/id`, `/face`, `/antispoofing`, `/health` below it). */
  url: string;
  /** Ends it with SIGKILL (no goodbye: a crash) and waits for the exit. */
  kill(): Promise<void>;
  /** Ends it with SIGTERM and waits for the exit. */
  stop(): Promise<void>;
}

/**
 * Starts `idv-analysis start --port 0` with a static `Api-Key` (or the server's keys through
 * `env`: `IDV_DATABASE_URL` / `--data-dir`) and waits until it listens: its models are loaded
 * before it does, which takes a while on a busy machine.
 */
export function startAnalysisProcess(
  options: { apiKey?: string; env?: NodeJS.ProcessEnv; timeoutMs?: number } = {},
): Promise<AnalysisProcess> {
  const args = [ANALYSIS_CLI, 'start', '--port', '0', '--host', '127.0.0.1'];
  if (options.apiKey !== undefined) args.push('--api-key', options.apiKey);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      env: options.env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`idv-analysis did not start in time:\n${output}`));
    }, options.timeoutMs ?? 180_000);
    const ended = (signal: NodeJS.Signals) => () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null || child.signalCode !== null) return done();
        child.once('exit', () => done());
        child.kill(signal);
      });
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /idv-analysis listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match === null) return;
      clearTimeout(timer);
      child.stdout!.off('data', onData);
      child.stdout!.resume();
      child.stderr!.resume();
      resolve({ child, url: match[1]!, kill: ended('SIGKILL'), stop: ended('SIGTERM') });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`idv-analysis exited with ${code}:\n${output}`));
    });
  });
}
