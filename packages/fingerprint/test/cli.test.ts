import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { http1Request, http2Request } from './support/node-clients.js';

const cliSource = fileURLToPath(new URL('../src/cli.ts', import.meta.url));

/** Runs `idv-fingerprint` from source (through tsx) and waits for its "listening on" line. */
async function startCli(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', cliSource, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    const onOutput = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on https:\/\/[^:]+:(\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    };
    child.stdout.on('data', onOutput);
    child.stderr.on('data', onOutput);
    child.once('exit', (code) => reject(new Error(`exited ${code}: ${output}`)));
  });
  return { child, port, output: () => output };
}

describe('idv-fingerprint CLI', () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'idv-fp-cli-'));
    await cp(inject('seedDataDir'), dataDir, { recursive: true });
  });

  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('starts from flags and environment twins, serves, and exits 0 on SIGTERM', async () => {
    const { child, port, output } = await startCli(
      ['start', '--port', '0', '--data-dir', dataDir, '--allow-origin', 'https://flag.example'],
      { IDV_FINGERPRINT_API_KEY: 'from-env', IDV_FINGERPRINT_ALLOW_ORIGINS: 'https://env.example' },
    );
    try {
      const allowed = await http2Request(port, '/', {
        headers: { origin: 'https://flag.example' },
      });
      expect(allowed.headers['access-control-allow-origin']).toBe('https://flag.example');
      const envOrigin = await http1Request(port, '/', {
        headers: { origin: 'https://env.example' },
      });
      expect(envOrigin.headers['access-control-allow-origin']).toBeUndefined();
      const update = await http1Request(port, '/update', { headers: { 'x-api-key': 'from-env' } });
      expect(update.status).toBe(200);
      expect(output()).not.toContain('from-env');
    } finally {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      const [code] = (await exited) as [number | null];
      expect(code).toBe(0);
    }
  });

  it('refuses bad flags with exit code 2 and the usage', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', cliSource, 'start', '--port', 'x'], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(2);
    expect(stderr).toContain('Invalid port: x');
    expect(stderr).toContain('Usage: idv-fingerprint start');
  });
});
