#!/usr/bin/env node
// Portal bundle size (issue 16 target: initial JavaScript ≤ 120 KB gzip, each screen lazy).
// Reads the built dist/: the initial JavaScript is portal.js and every chunk it imports
// statically (transitively); each screen is its lazy chunk plus the shared chunks it imports
// statically that the initial load does not already hold; each language likewise. Prints gzip
// sizes (level 9) in KB.
import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const TARGET_KB = 120;

const gzipKb = (file) => gzipSync(readFileSync(file), { level: 9 }).length / 1024;

/** The chunks `file` imports statically (`import … from "./x.js"` or a bare `import "./x.js"`). */
function staticImports(file) {
  const code = readFileSync(file, 'utf8');
  const found = [...code.matchAll(/(?:\bfrom|\bimport)\s*"(\.{1,2}\/[^"]+\.js)"/g)].map((m) =>
    join(dirname(file), m[1]),
  );
  return [...new Set(found)];
}

/** `file` and everything it imports statically, transitively. */
function closure(file, seen = new Set()) {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const next of staticImports(file)) closure(next, seen);
  return seen;
}

/** The screens' chunks: the targets of the shell's dynamic `import("./chunks/…")`. */
function lazyChunks(files) {
  const chunks = new Set();
  for (const file of files)
    for (const m of readFileSync(file, 'utf8').matchAll(/import\("(\.{1,2}\/[^"]+\.js)"\)/g))
      chunks.add(join(dirname(file), m[1]));
  return [...chunks];
}

const entry = join(dist, 'portal.js');
const initial = closure(entry);
const initialKb = [...initial].reduce((sum, file) => sum + gzipKb(file), 0);
console.log('portal bundle (gzip -9)');
console.log(
  `  initial JavaScript   ${initialKb.toFixed(1)} KB in ${initial.size} file(s)  (target ≤ ${TARGET_KB} KB: ${initialKb <= TARGET_KB ? 'met' : 'NOT met'})`,
);
// A lazy load may be several chunks of one name (a language: the portal's strings and Web
// Awesome's): summed under that name.
const lazy = new Map();
for (const chunk of lazyChunks(initial)) {
  const extra = [...closure(chunk)].filter((file) => !initial.has(file));
  const name = relative(dist, chunk)
    .replace(/^chunks\//, '')
    .replace(/-[\w-]{8}\.js$/, '');
  const entry = lazy.get(name) ?? { kb: 0, files: 0 };
  entry.kb += extra.reduce((sum, file) => sum + gzipKb(file), 0);
  entry.files += extra.length;
  lazy.set(name, entry);
}
for (const [name, { kb, files }] of lazy) {
  // The translations (`lit-localize build`) load once a language other than English is chosen.
  const kind = /^[a-z]{2}$/.test(name) ? 'language' : 'screen';
  console.log(
    `  ${kind.padEnd(8)} ${name.padEnd(20)} +${kb.toFixed(1)} KB on first visit (${files} file(s))`,
  );
}
