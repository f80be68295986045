import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnalysisEngine } from '../engine.js';
import { faceCapture } from '../testing/faces.js';
import { liveCapture, printAttack, screenReplay } from '../testing/spoof-scenes.js';

const engine = createAnalysisEngine();

beforeAll(() => engine.warmUp());
afterAll(() => engine.close());

describe('anti-spoofing', () => {
  it('lets a live-like capture pass', async () => {
    const result = await engine.detectSpoof([await liveCapture(3, 1), await liveCapture(3, 2)]);
    expect(result.reason).toBeNull();
    expect(result.spoofing).toBe(false);
    expect(result.score).toBeLessThan(0.5);
    expect(Object.keys(result.signals)).toEqual([
      'model',
      'moire',
      'border',
      'consistency',
      'challenge',
    ]);
  });

  it('flags a printed and rephotographed face (halftone, paper edges)', async () => {
    const result = await engine.detectSpoof([await printAttack(6, 1)]);
    expect(result.reason).toBeNull();
    expect(result.spoofing).toBe(true);
    expect(result.signals['moire']?.score).toBeGreaterThan(0.5);
  });

  it('flags a face replayed on a screen (sub-pixel grid, bezel)', async () => {
    const result = await engine.detectSpoof([await screenReplay(7, 1)]);
    expect(result.reason).toBeNull();
    expect(result.spoofing).toBe(true);
    expect(result.signals['moire']?.score).toBeGreaterThan(0.5);
  });

  it('flags a head-turn challenge that the device claims but the frames do not show', async () => {
    const frames = [await faceCapture(2, { seed: 'a' }), await faceCapture(2, { seed: 'b' })];
    const result = await engine.detectSpoof(frames, {
      challenges: [{ kind: 'turn-left', passed: true }],
    });
    expect(result.signals['challenge']?.detail['turn-left']).toBe('contradicted');
    expect(result.challenge).toBe('contradicted');
    expect(result.spoofing).toBe(true);
  });
});
