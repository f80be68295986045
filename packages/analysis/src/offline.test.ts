import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const unshare = ['/usr/bin/unshare', '/bin/unshare'].find((path) => existsSync(path));
const canCutNetwork = unshare !== undefined && spawnSync(unshare, ['-n', 'true']).status === 0;

describe('offline', () => {
  // Needs permission to create a network namespace (root, as on CI and the dev machines).
  it.skipIf(!canCutNetwork)(
    'runs every analysis with the network namespace cut (unshare -n)',
    () => {
      const tsx = fileURLToPath(new URL('../../../node_modules/.bin/tsx', import.meta.url));
      const script = fileURLToPath(new URL('./bench/offline-check.ts', import.meta.url));
      const run = spawnSync(unshare as string, ['-n', tsx, script], {
        encoding: 'utf8',
        timeout: 240_000,
      });
      const probe = spawnSync(
        unshare as string,
        [
          '-n',
          'node',
          '-e',
          "require('net').connect(443, '104.16.0.1').on('error', e => { console.log(e.code); process.exit(0) })",
        ],
        { encoding: 'utf8' },
      );
      expect(probe.stdout.trim()).toMatch(/ENETUNREACH|EHOSTUNREACH|ECONNREFUSED/);
      expect(run.stderr).not.toMatch(/fetch failed|ENOTFOUND|ENETUNREACH/);
      expect(run.status).toBe(0);
      const result = JSON.parse(run.stdout.trim().split('\n').at(-1) as string) as {
        checks: Record<string, boolean>;
      };
      expect(Object.values(result.checks).every(Boolean)).toBe(true);
    },
  );
});
