#!/usr/bin/env node
// Fails when the API section of README.md is not what `npm run docgen` would write from
// src/definitions.ts today (run by `npm test`, hence by CI). Docgen runs on a copy of the README in
// a temporary directory, so the check never edits the working tree; the copy is then formatted with
// the repository's Prettier settings, as `npm run docgen` does.
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import docgen from '@capacitor/docgen';
import * as prettier from 'prettier';

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const readme = join(packageDir, 'README.md');
const scratch = mkdtempSync(join(tmpdir(), 'idv-docgen-'));
try {
  const expected = join(scratch, 'README.md');
  copyFileSync(readme, expected);
  await docgen.generate({
    tsconfigPath: join(packageDir, 'tsconfig.docgen.json'),
    api: 'IdvVerifyPlugin',
    outputReadmePath: expected,
  });
  const current = readFileSync(readme, 'utf8');
  const options = (await prettier.resolveConfig(readme)) ?? {};
  const generated = await prettier.format(readFileSync(expected, 'utf8'), {
    ...options,
    filepath: readme,
  });
  if (current !== generated) {
    const currentLines = current.split('\n');
    const generatedLines = generated.split('\n');
    const line = currentLines.findIndex((text, i) => text !== generatedLines[i]);
    console.error(
      `README.md is stale: its API section differs from src/definitions.ts from line ${line + 1}:\n` +
        `  README:    ${JSON.stringify(currentLines[line] ?? '')}\n` +
        `  generated: ${JSON.stringify(generatedLines[line] ?? '')}\n` +
        'Run `npm run docgen -w @idv/capacitor` and commit README.md.',
    );
    process.exitCode = 1;
  } else {
    console.log('README.md API section is current.');
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
