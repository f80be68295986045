#!/usr/bin/env node
// Fails the portal's build when a message of the sources has no translation in one of the
// target languages (README "Languages"): a `msg()` string that was never extracted into
// xliff/, or one extracted but left without a non-empty `<target>`, would otherwise show in
// English. Uses @lit/localize-tools' own source analysis and XLIFF reader (what
// `lit-localize build` reads), so the ids are exactly the ones the locale modules get.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readConfigFileAndWriteSchema } from '@lit/localize-tools/lib/config.js';
import { RuntimeLitLocalizer } from '@lit/localize-tools/lib/modes/runtime.js';

const config = readConfigFileAndWriteSchema(
  join(dirname(fileURLToPath(import.meta.url)), '..', 'lit-localize.json'),
);
if (config.output.mode !== 'runtime') throw new Error('lit-localize.json: runtime mode expected');
const localizer = new RuntimeLitLocalizer(config);

const { messages, errors } = localizer.extractSourceMessages();
if (errors.length > 0) {
  console.error(`check-translations: ${errors.length} error(s) analysing the sources`);
  process.exit(1);
}
const { translations } = localizer.readTranslationsSync();

/** The plain text of a message's contents (placeholders as their source text). */
const text = (contents) =>
  contents.map((part) => (typeof part === 'string' ? part : part.untranslatable)).join('');

let missing = 0;
for (const locale of config.targetLocales) {
  const translated = new Map(
    (translations.get(locale) ?? []).map((message) => [message.name, message.contents]),
  );
  for (const message of messages) {
    const contents = translated.get(message.name);
    if (contents === undefined || text(contents).trim() === '') {
      missing += 1;
      console.error(`${locale}: ${message.name} has no translation: ${text(message.contents)}`);
    }
  }
}
if (missing > 0) {
  console.error(
    `check-translations: ${missing} missing; run \`npm run i18n:extract -w packages/portal\` ` +
      'and give every new <trans-unit> a <target> in xliff/{es,fr,pt}.xlf',
  );
  process.exit(1);
}
console.log(
  `check-translations: ${messages.length} messages translated in ${config.targetLocales.join(', ')}`,
);
