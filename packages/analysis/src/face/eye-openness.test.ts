import type { FaceResult } from '@vladmandic/human';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeImage } from '../image/decode.js';
import { SPOOF_CONFIG } from '../models/human.js';
import { faceCapture } from '../testing/faces.js';
import { createAnalysisEngine } from '../engine.js';
import { detectFaces, eyeOpenness } from './detect.js';

/** An eye as MediaPipe's contours draw it: 7 upper-lid points, 9 lower-lid points corner to corner. */
function eye(cornerX: number, gap: number): { upper: number[][]; lower: number[][] } {
  const width = 40;
  const upper = Array.from({ length: 7 }, (_, i) => [
    cornerX + ((i + 1) * width) / 8,
    100 - gap / 2,
  ]);
  const lower = Array.from({ length: 9 }, (_, i) => [
    cornerX + (i * width) / 8,
    i === 0 || i === 8 ? 100 : 100 + gap / 2,
  ]);
  return { upper, lower };
}

function faceWithEyes(gap: number): FaceResult {
  const left = eye(200, gap);
  const right = eye(100, gap);
  return {
    annotations: {
      leftEyeUpper0: left.upper,
      leftEyeLower0: left.lower,
      rightEyeUpper0: right.upper,
      rightEyeLower0: right.lower,
    },
  } as unknown as FaceResult;
}

describe('eye openness', () => {
  const engine = createAnalysisEngine();
  afterAll(() => engine.close());

  it('reads the lid gap over the eye width from contours of different lengths', () => {
    expect(eyeOpenness(faceWithEyes(12))).toBeCloseTo(12 / 40, 5);
    expect(eyeOpenness(faceWithEyes(2))).toBeCloseTo(2 / 40, 5);
    expect(eyeOpenness({ annotations: {} } as unknown as FaceResult)).toBeNull();
  });

  it('measures a real face found by the models (the blink re-verification depends on it)', async () => {
    await engine.warmUp();
    const image = await decodeImage(await faceCapture(6, { seed: 'eyes' }), 1600);
    const [face] = await detectFaces(image, SPOOF_CONFIG);
    expect(face).toBeDefined();
    const openness = eyeOpenness(face!);
    expect(openness).not.toBeNull();
    expect(openness!).toBeGreaterThan(0.1);
    expect(openness!).toBeLessThan(0.8);
  });
});
