import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnalysisEngine } from '../engine.js';
import { decodeImage, fitRgb } from '../image/decode.js';
import { detectFaces, eyeCenters } from '../face/detect.js';
import { SPOOF_CONFIG } from '../models/human.js';
import { BLINK_RATIO } from './challenge.js';
import { measureCloseUp } from './face-close-up.js';
import { genuineChallenge } from '../testing/liveness-scenes.js';

const engine = createAnalysisEngine();

beforeAll(() => engine.warmUp());
afterAll(() => engine.close());

/** The challenge signal's measurements of a detectSpoof answer. */
const measured = (result: Awaited<ReturnType<typeof engine.detectSpoof>>) =>
  result.signals['challenge']?.detail ?? {};

describe('the face measured on a close-up, not on the detector-sized copy', () => {
  it('confirms the genuine blink of face 0 (its shut eyes read 0.70 of its open ones on the copy)', async () => {
    const scene = await genuineChallenge(0, 'blink');
    const result = await engine.detectSpoof(scene.frames, {
      challenges: [{ kind: 'blink', passed: true }],
    });
    const detail = measured(result);
    expect(Number(detail['minEyeOpenness'])).toBeLessThanOrEqual(
      Number(detail['maxEyeOpenness']) * BLINK_RATIO,
    );
    expect(result.challenge).toBe('confirmed');
    expect(result.spoofing).toBe(false);
  });

  it("maps the close-up's landmarks back into the frame: the nose and both eyes inside the face box", async () => {
    const [frame] = (await genuineChallenge(2, 'turn-left')).frames;
    const image = await decodeImage(frame!, 1600);
    const copy = await fitRgb(image, 256);
    const [found] = await detectFaces(copy, SPOOF_CONFIG);
    const factor = image.width / copy.width;
    const [x, y, w, h] = found!.box.map((v) => v * factor) as [number, number, number, number];
    const face = await measureCloseUp(image, { ...found!, box: [x, y, w, h] }, SPOOF_CONFIG);
    expect(face.box).toEqual([x, y, w, h]);
    for (const point of [1, 33, 263].map((i) => face.mesh[i]!)) {
      expect(point[0]).toBeGreaterThan(x);
      expect(point[0]).toBeLessThan(x + w);
      expect(point[1]).toBeGreaterThan(y);
      expect(point[1]).toBeLessThan(y + h);
    }
    const eyes = eyeCenters(face)!;
    expect(eyes[0][0]).toBeGreaterThan(x);
    expect(eyes[1][0]).toBeLessThan(x + w);
  });
});
