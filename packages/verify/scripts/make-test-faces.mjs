#!/usr/bin/env node
// Writes real-face selfie frames for the element's blink tests, with `@idv/analysis/testing`: for
// each sample face of the face-api demo photos listed below, the frontal frame with the eyes open
// and the same frame with the eyelids painted shut (`genuineChallenge(…, 'blink')`), as a phone's
// front camera sends them (480 × 640 JPEG), plus `faces.json` listing them; and for the head-turn
// tests, frontal and turned frames of a few faces (`genuineChallenge(…, 'turn-left' | 'turn-right')`),
// listed in `turns.json`.
// Nothing is committed: outputs go to .test-artifacts/faces/ (or the directory given as the first
// argument). Needs `@idv/analysis` built (`npx tsc --build` at the repository root).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const out = process.argv[2] ?? join(here, '..', '.test-artifacts', 'faces');
/** Sample faces (indices into the demo photos' faces) whose blink the tests follow. */
const faces = [6, 2, 0];
/** Sample faces whose head turns the tests follow. */
const turnFaces = [10, 6];

let testing;
try {
  testing = await import('@idv/analysis/testing');
} catch (error) {
  console.error('@idv/analysis is not built: run `npx tsc --build` at the repository root first.');
  throw error;
}
mkdirSync(out, { recursive: true });
const listed = [];
for (const face of faces) {
  const scene = await testing.genuineChallenge(face, 'blink', { width: 480 });
  const [open, shut] = scene.frames;
  writeFileSync(join(out, `face-${face}-open.jpg`), open);
  writeFileSync(join(out, `face-${face}-shut.jpg`), shut);
  listed.push({ face, open: `face-${face}-open.jpg`, shut: `face-${face}-shut.jpg` });
}
writeFileSync(join(out, 'faces.json'), JSON.stringify(listed, null, 2));
// Head turns of faces whose frontal pose has the nose off the middle of the eyes (face 10: its
// nose sits well to one side when it faces the camera), and of a face whose nose is centred: the
// frontal frame and the head turned 35° to the person's left and right.
const turns = [];
for (const face of turnFaces) {
  const [frontal, left] = (await testing.genuineChallenge(face, 'turn-left', { width: 480 }))
    .frames;
  const [, right] = (await testing.genuineChallenge(face, 'turn-right', { width: 480 })).frames;
  for (const [name, frame] of [
    ['frontal', frontal],
    ['left', left],
    ['right', right],
  ])
    writeFileSync(join(out, `turn-${face}-${name}.jpg`), frame);
  turns.push({
    face,
    frontal: `turn-${face}-frontal.jpg`,
    left: `turn-${face}-left.jpg`,
    right: `turn-${face}-right.jpg`,
  });
}
writeFileSync(join(out, 'turns.json'), JSON.stringify(turns, null, 2));
// The face mesh keeps the process alive (its WebAssembly backend); the files are written.
process.exit(0);
