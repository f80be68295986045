#!/usr/bin/env node
// Prints the gzip size of the initial element bundle (target ≤ 30 KB) and, for information, of the
// lazy parts (other languages, QR encoder, worker). Models, wasm and the face detector are lazy too
// and are listed by raw size. Run after `npm run build`.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const budget = 30 * 1024;
const gz = (file) => gzipSync(readFileSync(file), { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

const initial = gz(join(dist, 'idv-verify.bundle.js'));
console.log(`initial bundle  idv-verify.bundle.js  ${kb(initial)} gzip  (budget ${kb(budget)})`);
for (const file of readdirSync(join(dist, 'bundle-chunks')).filter((f) => f.endsWith('.js'))) {
  console.log(
    `lazy chunk      ${file.padEnd(22)} ${kb(gz(join(dist, 'bundle-chunks', file)))} gzip`,
  );
}
console.log(
  `lazy worker     idv-verify.worker.js  ${kb(gz(join(dist, 'idv-verify.worker.js')))} gzip`,
);
for (const dir of ['vendor', 'models', 'tfjs']) {
  for (const file of readdirSync(join(dist, dir))) {
    console.log(
      `lazy asset      ${`${dir}/${file}`.padEnd(22)} ${kb(statSync(join(dist, dir, file)).size)} raw`,
    );
  }
}
if (initial > budget) {
  console.error(`initial bundle is over budget by ${kb(initial - budget)}`);
  process.exitCode = 1;
}
