#!/usr/bin/env node
// Fails the portal's build when a message of the sources has no translation in one of the
// target languages (README "Languages"): a `msg()` string that was never extracted into
// xliff/, or one extracted but left without a non-empty `<target>`, would otherwise show in
// English. Uses only lit-localize's public command line and the XLIFF files: `lit-localize
// extract` writes the sources' messages into copies of xliff/ in a scratch folder (keeping the
// targets the files already have, each message under the id the locale modules get), and every
// `<trans-unit>` of those copies must carry a non-empty `<target>`. The files in xliff/ are left
// as they are.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const config = JSON.parse(readFileSync(join(root, 'lit-localize.json'), 'utf8'));
if (config.output?.mode !== 'runtime') throw new Error('lit-localize.json: runtime mode expected');
if (config.interchange?.format !== 'xliff') throw new Error('lit-localize.json: XLIFF expected');

/** The `lit-localize` command of the package's own @lit/localize-tools (its `bin`). */
const require = createRequire(import.meta.url);
const toolsManifest = require.resolve('@lit/localize-tools/package.json');
const { bin } = JSON.parse(readFileSync(toolsManifest, 'utf8'));
const cli = join(dirname(toolsManifest), typeof bin === 'string' ? bin : bin['lit-localize']);

/** Decodes the five XML entities and numeric references. */
const decode = (text) =>
  text.replace(/&(#x[0-9a-f]+|#[0-9]+|lt|gt|amp|quot|apos);/gi, (_, entity) => {
    const named = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" }[entity.toLowerCase()];
    if (named !== undefined) return named;
    return String.fromCodePoint(
      entity[1] === 'x' ? Number.parseInt(entity.slice(2), 16) : Number(entity.slice(1)),
    );
  });

/**
 * The trans-units of an XLIFF 1.2 file as lit-localize writes it: each one's id, its source text
 * and its target's content (undefined without a `<target>`). Placeholders (`<x>`, `<ph>`) count
 * as content, as they do in the locale modules.
 */
function transUnits(xml) {
  const units = [];
  for (const [, id, body] of xml.matchAll(
    /<trans-unit\b[^>]*\bid="([^"]+)"[^>]*>([\s\S]*?)<\/trans-unit>/g,
  )) {
    const source = /<source>([\s\S]*?)<\/source>/.exec(body)?.[1] ?? '';
    const target = /<target(?:\s[^>]*)?>([\s\S]*?)<\/target>|<target(?:\s[^>]*)?\/>/.exec(body);
    units.push({
      id: decode(id),
      // A placeholder as its source text (`${role}`), as lit-localize's own messages print it.
      source: decode(source.replace(/<x\b[^>]*\bequiv-text="([^"]*)"[^>]*\/>/g, '$1')),
      target: target === null ? undefined : (target[1] ?? ''),
    });
  }
  return units;
}

const scratch = mkdtempSync(join(tmpdir(), 'portal-i18n-check-'));
try {
  const xliffDir = join(scratch, 'xliff');
  cpSync(resolve(root, config.interchange.xliffDir), xliffDir, { recursive: true });
  const scratchConfig = join(scratch, 'lit-localize.json');
  writeFileSync(
    scratchConfig,
    JSON.stringify({
      ...config,
      $schema: undefined,
      tsConfig: resolve(root, config.tsConfig),
      output: {
        ...config.output,
        outputDir: join(scratch, 'locales'),
        localeCodesModule: join(scratch, 'locales', 'locale-codes.ts'),
      },
      interchange: { ...config.interchange, xliffDir },
    }),
  );
  execFileSync(process.execPath, [cli, 'extract', '--config', scratchConfig], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });

  let missing = 0;
  let messages = 0;
  for (const locale of config.targetLocales) {
    const units = transUnits(readFileSync(join(xliffDir, `${locale}.xlf`), 'utf8'));
    messages = units.length;
    for (const unit of units) {
      if (unit.target === undefined || decode(unit.target).trim() === '') {
        missing += 1;
        console.error(`${locale}: ${unit.id} has no translation: ${unit.source}`);
      }
    }
  }
  if (missing > 0) {
    console.error(
      `check-translations: ${missing} missing; run \`npm run i18n:extract -w packages/portal\` ` +
        'and give every new <trans-unit> a <target> in xliff/{es,fr,pt}.xlf',
    );
    process.exitCode = 1;
  } else {
    console.log(
      `check-translations: ${messages} messages translated in ${config.targetLocales.join(', ')}`,
    );
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
