import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const packageDir = fileURLToPath(new URL('..', import.meta.url));

/** Runs a Node script from the package directory (resolving `@idv/node` as a consumer would). */
function node(args: string[]): string {
  return execFileSync(process.execPath, args, { cwd: packageDir, encoding: 'utf8' }).trim();
}

/** The built package as consumers load it (the `test` script builds first). */
describe('published entry points', () => {
  it('loads as ES module and as CommonJS, with the same exports', () => {
    const esm = node([
      '--input-type=module',
      '-e',
      "const m = await import('@idv/node'); console.log(Object.keys(m).sort().join(','))",
    ]);
    const cjs = node(['-e', "console.log(Object.keys(require('@idv/node')).sort().join(','))"]);
    expect(esm).toBe(cjs);
    expect(esm.split(',')).toEqual(
      expect.arrayContaining(['IdvClient', 'IdvApiError', 'verifyWebhook', 'verifyFingerprint']),
    );
  });

  it('@idv/node/webhooks loads without the client (ESM and CommonJS)', () => {
    // Which of the package's own files CommonJS loaded (paths inside dist/cjs).
    const loaded = node([
      '-e',
      "const w = require('@idv/node/webhooks');" +
        " const own = Object.keys(require.cache).filter((f) => f.includes('dist/cjs')).map((f) => f.split('dist/cjs/')[1]);" +
        ' console.log(typeof w.verifyWebhook, typeof w.IdvClient, own.sort().join(","))',
    ]);
    expect(loaded).toBe(
      'function undefined webhooks/adapters.js,webhooks/index.js,webhooks/verify.js',
    );
    const esm = node([
      '--input-type=module',
      '-e',
      "const w = await import('@idv/node/webhooks'); console.log(typeof w.verifyWebhook, typeof w.IdvClient)",
    ]);
    expect(esm).toBe('function undefined');
  });

  it('the webhook module graph imports nothing but itself (no node: built-ins, no client)', async () => {
    for (const file of ['index.js', 'verify.js', 'adapters.js']) {
      const source = await readFile(`${packageDir}/dist/esm/webhooks/${file}`, 'utf8');
      const imports = [...source.matchAll(/from '([^']+)'/g)].map((m) => m[1]);
      expect(imports.every((specifier) => /^\.\/[a-z-]+\.js$/.test(specifier!))).toBe(true);
    }
  });
});
