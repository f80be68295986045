#!/usr/bin/env node
// Writes the generated document photos the document-quality tests run on, with
// `@idv/analysis/testing` (the synthetic documents every package tests with): each is the camera's
// view as the end-to-end test films it (1280×960, the photo scaled to cover the frame), as PNG,
// plus `documents.json` with where the card's corners are (normalized, TL, TR, BR, BL).
// Nothing is committed: outputs go to .test-artifacts/documents/ (or the directory given as the
// first argument). Needs `@idv/analysis` built (`npx tsc --build` at the repository root).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const here = dirname(fileURLToPath(import.meta.url));
const out = process.argv[2] ?? join(here, '..', '.test-artifacts', 'documents');
const size = { width: 1280, height: 960 };

let testing;
try {
  testing = await import('@idv/analysis/testing');
} catch (error) {
  console.error('@idv/analysis is not built: run `npx tsc --build` at the repository root first.');
  throw error;
}
const { generateIdentity, renderDocument } = testing;

/** The card on a table as the end-to-end test films it (two thirds of the frame, tilted by −2°). */
const table = { background: true, fill: 0.68, rotate: -2, noise: 4, jpegQuality: 85 };

/**
 * The scenes: `exposure` scales the pixels as a camera's exposure would (0.92 keeps white card
 * stock below clipping, as the end-to-end test does; 1 leaves generated white at 255); `shift`
 * moves the whole frame right by that many pixels (a hand never holds perfectly still).
 */
const scenes = [
  { name: 'retry-front', seed: 'e2e-retry', side: 'front', degrade: table, exposure: 0.92 },
  {
    name: 'retry-front-shifted',
    seed: 'e2e-retry',
    side: 'front',
    degrade: table,
    exposure: 0.92,
    shift: 1,
  },
  { name: 'photo-front', seed: 'e2e-retry', side: 'front', degrade: 'photo', exposure: 0.92 },
  {
    name: 'perspective-front',
    seed: 'e2e-retry',
    side: 'front',
    degrade: { background: true, perspective: 0.25, noise: 4, jpegQuality: 85 },
    exposure: 0.92,
  },
  {
    name: 'full-perspective-front',
    seed: 'e2e-full',
    side: 'front',
    degrade: { ...table, rotate: undefined, perspective: 0.1 },
    exposure: 0.92,
  },
  { name: 'retry-back-white', seed: 'e2e-retry', side: 'back', degrade: table, exposure: 1 },
  { name: 'full-back-white', seed: 'e2e-full', side: 'back', degrade: 'photo', exposure: 1 },
];

/** Shifts raw RGB right by `dx` pixels, repeating the left column. */
function shifted(data, width, height, dx) {
  const shiftedData = Buffer.alloc(data.length);
  const row = width * 3;
  for (let y = 0; y < height; y += 1) {
    const start = y * row;
    data.copy(shiftedData, start + dx * 3, start, start + row - dx * 3);
    for (let x = 0; x < dx; x += 1) data.copy(shiftedData, start + x * 3, start, start + 3);
  }
  return shiftedData;
}

mkdirSync(out, { recursive: true });
const manifest = {};
for (const scene of scenes) {
  // Face sample 13 on the card, as in the end-to-end test.
  const identity = { ...generateIdentity(scene.seed), faceIndex: 13 };
  const degrade =
    typeof scene.degrade === 'string'
      ? scene.degrade
      : Object.fromEntries(Object.entries(scene.degrade).filter(([, v]) => v !== undefined));
  const { image, truth } = await renderDocument(identity, {
    kind: 'id-card',
    side: scene.side,
    degrade,
  });
  const { data } = await sharp(image)
    .linear(scene.exposure, 0)
    .resize(size.width, size.height, { fit: 'cover' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const pixels = scene.shift ? shifted(data, size.width, size.height, scene.shift) : data;
  await sharp(pixels, { raw: { ...size, channels: 3 } })
    .png()
    .toFile(join(out, `${scene.name}.png`));
  // The generated photos are 4:3 like the frame: covering only scales them.
  manifest[scene.name] = truth.quad.map((p) => ({
    x: (p.x + (scene.shift ?? 0) * (truth.width / size.width)) / truth.width,
    y: p.y / truth.height,
  }));
}
writeFileSync(join(out, 'documents.json'), `${JSON.stringify(manifest, null, 2)}\n`);
console.log(`test documents written to ${out}`);
