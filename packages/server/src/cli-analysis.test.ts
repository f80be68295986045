import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, type ScratchDatabase } from './testing/harness.js';
import { cliEnvironment, runCli } from './testing/processes.js';

const CLI = fileURLToPath(new URL('../dist/cli.js', import.meta.url));

describe('idv-server analysis start', () => {
  let scratch: ScratchDatabase;
  let env: NodeJS.ProcessEnv;
  beforeAll(async () => {
    scratch = await createScratchDatabase();
    env = cliEnvironment(scratch.dataDir, scratch.databaseUrl);
  });
  afterAll(() => scratch.drop());

  it('exits 2 on a wrong command line', async () => {
    for (const args of [
      ['analysis'],
      ['analysis', 'stop'],
      ['analysis', 'start', '--port', 'abc'],
      ['analysis', 'start', '--concurrency', '0'],
    ]) {
      const result = await runCli(args, env);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toMatch(/^idv-server: /);
    }
  });

  it("serves the analysis services behind the server database's cloud-services keys", async () => {
    const child = spawn(process.execPath, [CLI, 'analysis', 'start', '--port', '0'], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      let output = '';
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const origin = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
          if (match !== null) resolve(match[1]!);
        });
        child.once('exit', (code) => reject(new Error(`exited ${code}:\n${output}`)));
      });
      // An unknown key is refused by the server's key authority before any analysis runs.
      const attempts: Record<string, string>[] = [{}, { 'api-key': 'not-a-key-of-this-server' }];
      for (const headers of attempts) {
        const response = await fetch(`${origin}/face/inference`, { method: 'POST', headers });
        expect(response.status).toBe(401);
      }
    } finally {
      child.kill('SIGTERM');
      if (child.exitCode === null && child.signalCode === null) await once(child, 'exit');
    }
  }, 120_000);
});
