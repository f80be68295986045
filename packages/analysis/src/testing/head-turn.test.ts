import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnalysisEngine } from '../engine.js';
import { turnedPoint, type FaceGeometry } from './head-turn.js';
import { genuineChallenge } from './liveness-scenes.js';

describe('a head turning about its own vertical axis (the selfie scenes’ depth warp)', () => {
  it('moves the nose of a head tilted 45° along the line of its eyes, not along the frame’s rows', () => {
    const face: FaceGeometry = { centerX: 240, centerY: 320, boxWidth: 200, roll: 45 };
    // The nose sits below the eyes along the head's own vertical axis: down-left on screen for a
    // head tilted 45° clockwise.
    const nose = { x: 240 - 12 * Math.SQRT1_2, y: 320 + 12 * Math.SQRT1_2 };
    const turned = turnedPoint(face, 30, nose);
    const [dx, dy] = [turned.x - nose.x, turned.y - nose.y];
    // Turning left moves the nose towards the frame's right along the eyes' line (45° down-right).
    expect(Math.hypot(dx, dy)).toBeGreaterThan(30);
    expect(Math.abs(Math.atan2(dy, dx) - Math.PI / 4)).toBeLessThan(0.05);
    // An upright head turns as before: along the rows.
    const upright = turnedPoint({ ...face, roll: 0 }, 30, nose);
    expect(upright.y).toBe(nose.y);
  });

  describe('on real face frames', () => {
    const engine = createAnalysisEngine();
    beforeAll(() => engine.warmUp());
    afterAll(() => engine.close());

    it('sends turns of face 2 (head tilted 45°) that the service confirms both ways', async () => {
      // Warped about the frame's vertical axis, the tilted head was sheared diagonally: its right
      // turn moved the nose offset 0.05 the other way and was refused as a contradiction.
      for (const kind of ['turn-left', 'turn-right'] as const) {
        const scene = await genuineChallenge(2, kind, { width: 1200 });
        const result = await engine.detectSpoof(scene.frames, {
          challenges: [{ kind, passed: true }],
        });
        expect(result.challenge, kind).toBe('confirmed');
        expect(result.spoofing, kind).toBe(false);
      }
    });
  });
});
