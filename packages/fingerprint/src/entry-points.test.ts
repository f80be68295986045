import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const srcDir = dirname(fileURLToPath(import.meta.url));

/**
 * Every module reached from `entry` through static value imports (type-only imports and dynamic
 * `import()` excluded): the code Node loads when an integrator imports that entry.
 */
function staticImportClosure(entry: string): { local: string[]; external: string[] } {
  const local = new Set<string>();
  const external = new Set<string>();
  const visit = (file: string): void => {
    if (local.has(file)) return;
    local.add(file);
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(
      /^(?:import|export)\s+(?!type\b)[^'";]*?from\s+'([^']+)'/gm,
    )) {
      const specifier = match[1]!;
      if (specifier.startsWith('.'))
        visit(resolve(dirname(file), specifier.replace(/\.js$/, '.ts')));
      else external.add(specifier);
    }
  };
  visit(join(srcDir, entry));
  return { local: [...local], external: [...external] };
}

describe('entry points', () => {
  it('the package root and ./verify load the verifier only, never the server code', () => {
    for (const entry of ['index.ts', 'verify.ts']) {
      const { local, external } = staticImportClosure(entry);
      expect(external, entry).toEqual(['node:crypto']);
      expect(
        local.some((file) => file.includes(`${join('lib', 'server')}`)),
        entry,
      ).toBe(false);
    }
  });

  it('./server reaches the TLS service', () => {
    const { external } = staticImportClosure('server.ts');
    expect(external).toEqual(
      expect.arrayContaining(['node:tls', 'node:http2', 'read-tls-client-hello', 'maxmind']),
    );
  });
});
