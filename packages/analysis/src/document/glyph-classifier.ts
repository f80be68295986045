/**
 * An OCR-B glyph classifier for single MRZ cells (`mrz-cells.ts`): a small multilayer perceptron
 * (features of `glyph-features.ts` → {@link GLYPH_MODEL}'s hidden ReLU layer → softmax over the MRZ
 * alphabet), trained by `src/bench/train-glyphs.ts` on cells cut from rendered tuned-family
 * samples. Its weights ship in the package as a generated module (`glyph-weights.ts`), so nothing
 * is downloaded or read from disk at run time.
 */
import { glyphFeatures } from './glyph-features.js';
import type { GlyphCell } from './mrz-cells.js';
import { GLYPH_WEIGHTS } from './glyph-weights.js';

/** The classes, in the order of the model's outputs: the MRZ alphabet. */
export const GLYPH_CLASSES = '<0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** A trained model's shape and weights (row-major, output unit by output unit). */
export interface GlyphModel {
  inputs: number;
  hidden: number;
  outputs: number;
  /** Hidden layer: `hidden × inputs` weights, then `hidden` biases. */
  w1: Float32Array;
  b1: Float32Array;
  /** Output layer: `outputs × hidden` weights, then `outputs` biases. */
  w2: Float32Array;
  b2: Float32Array;
  /** Feature scaling learnt on the training set: `(x - mean) / scale`. */
  mean: Float32Array;
  scale: Float32Array;
}

/** Packs a model into one base64 string of float32 values (the generated module's content). */
export function packGlyphModel(model: GlyphModel): string {
  const parts = [model.mean, model.scale, model.w1, model.b1, model.w2, model.b2];
  const all = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.length;
  }
  return Buffer.from(all.buffer).toString('base64');
}

/** Unpacks {@link packGlyphModel}'s string. */
export function unpackGlyphModel(
  shape: { inputs: number; hidden: number; outputs: number },
  packed: string,
): GlyphModel {
  const bytes = Buffer.from(packed, 'base64');
  const all = new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
  const { inputs, hidden, outputs } = shape;
  const sizes = [inputs, inputs, hidden * inputs, hidden, outputs * hidden, outputs];
  if (all.length !== sizes.reduce((n, s) => n + s, 0))
    throw new Error('glyph model: the weights do not fit the shape');
  let at = 0;
  const [mean, scale, w1, b1, w2, b2] = sizes.map((size) => {
    const part = all.slice(at, at + size);
    at += size;
    return part;
  }) as [Float32Array, Float32Array, Float32Array, Float32Array, Float32Array, Float32Array];
  return { ...shape, mean, scale, w1, b1, w2, b2 };
}

/** The model's class probabilities for a feature vector (and its hidden activations). */
export function forwardGlyph(
  model: GlyphModel,
  features: Float32Array,
): { probabilities: Float32Array; hidden: Float32Array; input: Float32Array } {
  const { inputs, hidden, outputs } = model;
  const input = new Float32Array(inputs);
  for (let i = 0; i < inputs; i++)
    input[i] = ((features[i] as number) - (model.mean[i] as number)) / (model.scale[i] as number);
  const h = new Float32Array(hidden);
  for (let j = 0; j < hidden; j++) {
    let sum = model.b1[j] as number;
    const row = j * inputs;
    for (let i = 0; i < inputs; i++) sum += (model.w1[row + i] as number) * (input[i] as number);
    h[j] = sum > 0 ? sum : 0;
  }
  const logits = new Float32Array(outputs);
  let top = -Infinity;
  for (let k = 0; k < outputs; k++) {
    let sum = model.b2[k] as number;
    const row = k * hidden;
    for (let j = 0; j < hidden; j++) sum += (model.w2[row + j] as number) * (h[j] as number);
    logits[k] = sum;
    top = Math.max(top, sum);
  }
  let total = 0;
  for (let k = 0; k < outputs; k++) {
    logits[k] = Math.exp((logits[k] as number) - top);
    total += logits[k] as number;
  }
  for (let k = 0; k < outputs; k++) logits[k] = (logits[k] as number) / total;
  return { probabilities: logits, hidden: h, input };
}

let shipped: GlyphModel | null = null;

/** The shipped model, unpacked once. */
function shippedModel(): GlyphModel {
  shipped ??= unpackGlyphModel(GLYPH_WEIGHTS, GLYPH_WEIGHTS.packed);
  return shipped;
}

/**
 * The shipped classifier's probability for each MRZ character (keys of {@link GLYPH_CLASSES}).
 * A cell is classified once: the checks of one side ask for the same cells again (its names, its
 * number, a combined reading), and cells are never written after their cut.
 */
export function classifyGlyph(cell: GlyphCell): ReadonlyMap<string, number> {
  let probabilities = classified.get(cell);
  if (!probabilities) {
    const forward = forwardGlyph(shippedModel(), glyphFeatures(cell)).probabilities;
    probabilities = new Map([...GLYPH_CLASSES].map((char, k) => [char, forward[k] as number]));
    classified.set(cell, probabilities);
  }
  return probabilities;
}

/** The classifier's answers per cell already classified. */
const classified = new WeakMap<GlyphCell, ReadonlyMap<string, number>>();
