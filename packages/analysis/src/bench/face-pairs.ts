import { degradeImage, type Degradation } from '../testing/degrade.js';
import { faceCapture, faceSamples, impostorPairs } from '../testing/faces.js';

/** A labelled pair of face images for calibration and benchmarks. */
export interface FacePair {
  genuine: boolean;
  label: string;
  a: Buffer;
  b: Buffer;
}

/** Degradations applied to the second capture of a pair (phone-camera conditions). */
const FACE_DEGRADATIONS: readonly (readonly [string, Degradation])[] = [
  ['plain', {}],
  ['blur', { blur: 1.6, jpegQuality: 80 }],
  ['noise', { noise: 10, jpegQuality: 75 }],
  ['jpeg', { jpegQuality: 30 }],
  ['lowLight', { lowLight: true, noise: 5 }],
];

/**
 * Genuine pairs: two captures (different framing, tilt, light) of each sample face, the second
 * degraded in each of the ways above. Impostor pairs: every two faces of the same demo photo (certainly
 * different people), with the same degradations. `seeds` varies the captures between runs.
 */
export async function facePairs(seed: string): Promise<FacePair[]> {
  const pairs: FacePair[] = [];
  for (const sample of faceSamples()) {
    const first = await faceCapture(sample.index, { seed: `${seed}:a` });
    for (const [name, degradation] of FACE_DEGRADATIONS) {
      const second = await faceCapture(sample.index, { seed: `${seed}:b:${name}` });
      const b =
        name === 'plain'
          ? second
          : (await degradeImage(second, degradation, `${seed}:${sample.index}:${name}`)).image;
      pairs.push({ genuine: true, label: `${sample.personId}/${name}`, a: first, b });
    }
  }
  for (const [i, j] of impostorPairs()) {
    const first = await faceCapture(i, { seed: `${seed}:a` });
    for (const [name, degradation] of FACE_DEGRADATIONS.slice(0, 3)) {
      const second = await faceCapture(j, { seed: `${seed}:b:${name}` });
      const b =
        name === 'plain'
          ? second
          : (await degradeImage(second, degradation, `${seed}:${j}:${name}`)).image;
      pairs.push({ genuine: false, label: `${i}-${j}/${name}`, a: first, b });
    }
  }
  return pairs;
}

/** Value at quantile `q` (0–1) of sorted numbers. */
export function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[
    Math.min(sorted.length - 1, Math.max(0, Math.round(q * (sorted.length - 1))))
  ] as number;
}
