/**
 * Trains the OCR-B glyph classifier (`src/document/glyph-classifier.ts`) and writes its weights to
 * `src/document/glyph-weights.ts`:
 *
 *   npm run train:glyphs -w packages/analysis [-- --dry-run]
 *
 * Cells are cut by `mrz-cells.ts` from the flattened MRZ side of rendered TUNED samples (never a
 * held-out one), as the reader sees them (decoded, located, flattened): the plain samples
 * {@link PLAIN} (every face and photo profile as drawn) and the development variants {@link HOLLOW}
 * (MRZ over the security print in the hollow face, which PaddleOCR misreads most). The generator's
 * truth gives each cell's character. Samples whose id ends in 0 or 5 are kept apart as the test
 * split; the accuracy printed is on them, per face and for the confusions no check digit sees.
 * Everything is seeded: the same cache gives the same weights. Missing renders are rendered first
 * (`bench:render` renders them ahead on two cores).
 */
import { writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { decodeAndLocate } from '../document/upload-cache.js';
import { mrzCells, CELL_HEIGHT, CELL_WIDTH, type GlyphCell } from '../document/mrz-cells.js';
import { FEATURE_LENGTH, glyphFeatures } from '../document/glyph-features.js';
import {
  forwardGlyph,
  GLYPH_CLASSES,
  packGlyphModel,
  type GlyphModel,
} from '../document/glyph-classifier.js';
import {
  developmentSample,
  evaluationSample,
  type EvaluationSample,
} from '../testing/evaluation-set.js';
import { Random } from '../testing/random.js';
import { cachedSide } from './evaluation-cache.js';

/** Plain tuned samples (ids 1300 and up: never a development set of the evaluation). */
const PLAIN = { from: 1300, to: 1540 };
/** Tuned samples rendered with their MRZ over the security print in the hollow face. */
const HOLLOW = { from: 1420, to: 1540 };
const HIDDEN = 64;
const EPOCHS = 30;
const BATCH = 64;
const LEARNING_RATE = 0.002;
/** Share of a pair's probability that counts as a clear answer (as `glyph-evidence.ts`). */
const CLEAR = 0.9;
/** Confusions no check digit sees (values 10 or 20 apart), as `[read, true]` pairs both ways. */
const CONFUSIONS: readonly [string, string][] = [
  ['W', 'M'],
  ['W', 'V'],
  ['W', 'H'],
  ['W', 'N'],
  ['M', 'N'],
  ['K', '<'],
];

interface LabelledCell {
  cell: GlyphCell;
  label: number;
  face: string;
  test: boolean;
}

const { values } = parseArgs({ options: { 'dry-run': { type: 'boolean', default: false } } });

function samples(): EvaluationSample[] {
  const list: EvaluationSample[] = [];
  for (let i = PLAIN.from; i < PLAIN.to; i++) list.push(evaluationSample('tuned', i));
  for (let i = HOLLOW.from; i < HOLLOW.to; i++)
    list.push(developmentSample(i, { mrzZone: 'print', mrzFont: 'outline' }));
  return list;
}

async function cutCells(): Promise<LabelledCell[]> {
  const cells: LabelledCell[] = [];
  let cut = 0;
  let missed = 0;
  for (const sample of samples()) {
    const side = await cachedSide(sample, 'mrz');
    const lines = side.truth.mrz ?? [];
    const { located } = await decodeAndLocate(side.image, 'back');
    const found = mrzCells(
      located.rectified,
      lines.map((line) => line.length),
    );
    if (!found) {
      missed++;
      continue;
    }
    cut++;
    const index = Number(sample.id.split(':')[1]);
    const face = `${sample.mrzZone ? `${sample.mrzZone}-` : ''}${sample.mrzFont}`;
    found.rows.forEach((row, r) =>
      row.forEach((cell, c) =>
        cells.push({
          cell,
          label: GLYPH_CLASSES.indexOf((lines[r] as string)[c] as string),
          face,
          test: index % 5 === 0,
        }),
      ),
    );
  }
  console.error(`cells cut from ${cut} sides; ${missed} sides not cut`);
  return cells;
}

/** The cell moved by `dx`, `dy` samples (edges repeated): the cutter's small misplacements. */
function shifted(cell: GlyphCell, dx: number, dy: number): GlyphCell {
  const out = new Float32Array(cell.length);
  for (let y = 0; y < CELL_HEIGHT; y++)
    for (let x = 0; x < CELL_WIDTH; x++) {
      const sx = Math.min(CELL_WIDTH - 1, Math.max(0, x - dx));
      const sy = Math.min(CELL_HEIGHT - 1, Math.max(0, y - dy));
      out[y * CELL_WIDTH + x] = cell[sy * CELL_WIDTH + sx] as number;
    }
  return out;
}

function train(cells: readonly LabelledCell[]): GlyphModel {
  const random = new Random('train-glyphs');
  const gauss = (): number =>
    Math.sqrt(-2 * Math.log(1 - random.next())) * Math.cos(2 * Math.PI * random.next());
  const inputs = FEATURE_LENGTH;
  const outputs = GLYPH_CLASSES.length;
  const mean = new Float32Array(inputs);
  const scale = new Float32Array(inputs);
  const features = cells.map((c) => glyphFeatures(c.cell));
  for (const f of features)
    for (let i = 0; i < inputs; i++)
      mean[i] = (mean[i] as number) + (f[i] as number) / features.length;
  for (const f of features)
    for (let i = 0; i < inputs; i++)
      scale[i] =
        (scale[i] as number) + ((f[i] as number) - (mean[i] as number)) ** 2 / features.length;
  for (let i = 0; i < inputs; i++) scale[i] = Math.sqrt(scale[i] as number) + 1e-3;
  const model: GlyphModel = {
    inputs,
    hidden: HIDDEN,
    outputs,
    mean,
    scale,
    w1: Float32Array.from({ length: HIDDEN * inputs }, () => gauss() * Math.sqrt(2 / inputs)),
    b1: new Float32Array(HIDDEN),
    w2: Float32Array.from({ length: outputs * HIDDEN }, () => gauss() * Math.sqrt(1 / HIDDEN)),
    b2: new Float32Array(outputs),
  };
  const params = [model.w1, model.b1, model.w2, model.b2];
  const grads = params.map((p) => new Float32Array(p.length));
  const [gw1, gb1, gw2, gb2] = grads as [Float32Array, Float32Array, Float32Array, Float32Array];
  const m1 = params.map((p) => new Float32Array(p.length));
  const m2 = params.map((p) => new Float32Array(p.length));
  let step = 0;
  const order = cells.map((_, i) => i);
  for (let epoch = 0; epoch < EPOCHS; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random.next() * (i + 1));
      [order[i], order[j]] = [order[j] as number, order[i] as number];
    }
    let loss = 0;
    const rate = LEARNING_RATE * (epoch < EPOCHS * 0.7 ? 1 : 0.2);
    for (let start = 0; start < order.length; start += BATCH) {
      for (const g of grads) g.fill(0);
      const batch = order.slice(start, start + BATCH);
      for (const k of batch) {
        const item = cells[k] as LabelledCell;
        const dx = Math.floor(random.next() * 3) - 1;
        const dy = Math.floor(random.next() * 3) - 1;
        const cell = dx === 0 && dy === 0 ? item.cell : shifted(item.cell, dx, dy);
        const { probabilities, hidden, input } = forwardGlyph(model, glyphFeatures(cell));
        loss -= Math.log(Math.max(1e-9, probabilities[item.label] as number));
        const dHidden = new Float32Array(HIDDEN);
        for (let o = 0; o < outputs; o++) {
          const d = ((probabilities[o] as number) - (o === item.label ? 1 : 0)) / batch.length;
          gb2[o] = (gb2[o] as number) + d;
          const row = o * HIDDEN;
          for (let h = 0; h < HIDDEN; h++) {
            gw2[row + h] = (gw2[row + h] as number) + d * (hidden[h] as number);
            dHidden[h] = (dHidden[h] as number) + d * (model.w2[row + h] as number);
          }
        }
        for (let h = 0; h < HIDDEN; h++) {
          if ((hidden[h] as number) <= 0) continue;
          const d = dHidden[h] as number;
          gb1[h] = (gb1[h] as number) + d;
          const row = h * inputs;
          for (let i = 0; i < inputs; i++)
            gw1[row + i] = (gw1[row + i] as number) + d * (input[i] as number);
        }
      }
      step++;
      params.forEach((p, n) => {
        const g = grads[n] as Float32Array;
        const a = m1[n] as Float32Array;
        const b = m2[n] as Float32Array;
        for (let i = 0; i < p.length; i++) {
          a[i] = 0.9 * (a[i] as number) + 0.1 * (g[i] as number);
          b[i] = 0.999 * (b[i] as number) + 0.001 * (g[i] as number) ** 2;
          const ah = (a[i] as number) / (1 - 0.9 ** step);
          const bh = (b[i] as number) / (1 - 0.999 ** step);
          p[i] = (p[i] as number) - (rate * ah) / (Math.sqrt(bh) + 1e-8);
        }
      });
    }
    console.error(`epoch ${epoch + 1}/${EPOCHS}: loss ${(loss / order.length).toFixed(4)}`);
  }
  return model;
}

function report(model: GlyphModel, cells: readonly LabelledCell[]): void {
  const byFace = new Map<string, { right: number; all: number }>();
  const pairs = new Map<string, { right: number; wrong: number; unsure: number }>();
  for (const item of cells) {
    const { probabilities } = forwardGlyph(model, glyphFeatures(item.cell));
    let best = 0;
    for (let k = 1; k < probabilities.length; k++)
      if ((probabilities[k] as number) > (probabilities[best] as number)) best = k;
    const face = byFace.get(item.face) ?? { right: 0, all: 0 };
    face.all++;
    if (best === item.label) face.right++;
    byFace.set(item.face, face);
    const truth = GLYPH_CLASSES[item.label] as string;
    for (const [a, b] of CONFUSIONS) {
      if (truth !== a && truth !== b) continue;
      const other = truth === a ? b : a;
      const pt = probabilities[item.label] as number;
      const po = probabilities[GLYPH_CLASSES.indexOf(other)] as number;
      const key = `${truth} vs ${other} (${item.face.includes('outline') ? 'hollow' : 'solid'})`;
      const tally = pairs.get(key) ?? { right: 0, wrong: 0, unsure: 0 };
      const share = pt / (pt + po);
      if (share >= CLEAR) tally.right++;
      else if (share <= 1 - CLEAR) tally.wrong++;
      else tally.unsure++;
      pairs.set(key, tally);
    }
  }
  console.log('test split: top-1 accuracy per face');
  for (const [face, { right, all }] of [...byFace].sort())
    console.log(`  ${face.padEnd(22)} ${((100 * right) / all).toFixed(1)} % (${right}/${all})`);
  console.log(`test split: pairwise answers at share ≥ ${CLEAR} (right / wrong / unsure)`);
  for (const [key, t] of [...pairs].sort())
    console.log(`  ${key.padEnd(22)} ${t.right} / ${t.wrong} / ${t.unsure}`);
}

const cells = await cutCells();
const training = cells.filter((c) => !c.test);
const testing = cells.filter((c) => c.test);
console.error(`${training.length} training cells, ${testing.length} test cells`);
const model = train(training);
report(model, testing);
if (!values['dry-run']) {
  const target = join(
    dirname(fileURLToPath(import.meta.url)),
    '..',
    'document',
    'glyph-weights.ts',
  );
  await writeFile(
    target,
    [
      '// Generated by `npm run train:glyphs` (src/bench/train-glyphs.ts): do not edit.',
      '/** The shipped glyph classifier: its shape and its float32 weights in base64. */',
      'export const GLYPH_WEIGHTS = {',
      `  inputs: ${model.inputs},`,
      `  hidden: ${model.hidden},`,
      `  outputs: ${model.outputs},`,
      '  packed:',
      `    '${packGlyphModel(model)}',`,
      '} as const;',
      '',
    ].join('\n'),
  );
  console.error(`weights written to ${target}`);
}
