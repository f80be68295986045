import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnalysisEngine } from '../engine.js';
import { evaluationSample, renderEvaluationSide } from '../testing/evaluation-set.js';
import type { Point } from '../types.js';
import { decodeAndLocate } from './upload-cache.js';

const engine = createAnalysisEngine();

beforeAll(() => engine.warmUp());
afterAll(() => engine.close());

/** Distance of each found corner from the true one, as a share of the photo's diagonal. */
function cornerErrors(found: Point[], truth: Point[], width: number, height: number): number[] {
  const diagonal = Math.hypot(width, height);
  return found.map(
    (p, i) => Math.hypot(p.x - (truth[i]?.x ?? NaN), p.y - (truth[i]?.y ?? NaN)) / diagonal,
  );
}

describe('finding the document in a photo without a clean outline', () => {
  it('finds a residence permit on a dark table whose edges drown in sensor noise', async () => {
    // Tuned sample: a 12 MP phone photo, white-on-black MRZ; no edge survives Canny as a closed quad.
    const { image, truth } = await renderEvaluationSide(evaluationSample('tuned', 176), 'mrz');
    const { located } = await decodeAndLocate(image, 'back');
    expect(located.outlineFound).toBe(true);
    const errors = cornerErrors(located.quad, truth.quad, truth.width, truth.height);
    for (const error of errors) expect(error).toBeLessThan(0.01);
  });

  it('finds a card whose outline the edges leave open or whose table drowns the saturation edges', async () => {
    // Tuned samples: 156, a card in a dim room whose bottom edge fades into the table (its outline
    // encloses nothing); 6, a card on a textured green table whose saturation edges cover the
    // whole frame. Neither was found before (the whole frame was read).
    for (const id of [156, 6]) {
      const { image, truth } = await renderEvaluationSide(evaluationSample('tuned', id), 'front');
      const { located } = await decodeAndLocate(image, 'front');
      expect(located.outlineFound).toBe(true);
      const errors = cornerErrors(located.quad, truth.quad, truth.width, truth.height);
      for (const error of errors) expect(error).toBeLessThan(0.01);
    }
  });

  it('reads the MRZ of a passport page photographed on a screen (moiré, no clean edge)', async () => {
    const { image, truth } = await renderEvaluationSide(evaluationSample('tuned', 208), 'mrz');
    const front = await engine.analyzeFront(image);
    expect(front.mrz?.valid).toBe(true);
    expect(front.mrz?.raw.split('\n')).toEqual(truth.mrz);
    expect(front.crossCheck?.consistent).toBe(true);
  });
});
