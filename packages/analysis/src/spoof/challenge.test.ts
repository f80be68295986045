import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnalysisEngine } from '../engine.js';
import { blinkInOrder, turnFromFirst } from './challenge.js';
import { detectFaces, noseOffset } from '../face/detect.js';
import { COMPARE_CONFIG } from '../models/human.js';
import { genuineChallenge, stillReplay } from '../testing/liveness-scenes.js';
import { faceCapture } from '../testing/faces.js';

const engine = createAnalysisEngine();

beforeAll(() => engine.warmUp());
afterAll(() => engine.close());

/** A frame the detector finds no face in: the person turned out of view, a dark frame. */
const emptyFrame = () =>
  sharp({ create: { width: 1200, height: 1600, channels: 3, background: '#2b2622' } })
    .jpeg()
    .toBuffer();

describe('the claimed challenge re-verified on the frames', () => {
  it('finds the turned face in frames sent at a phone camera size and confirms the turn (no aliasing)', async () => {
    // 1200 × 1600 frames: Human's own bilinear shrink of such a frame lost this turned face.
    const left = await genuineChallenge(9, 'turn-left', { width: 1200 });
    const leftResult = await engine.detectSpoof(left.frames, {
      challenges: [{ kind: 'turn-left', passed: true, frameIndex: 1 }],
    });
    expect(leftResult.signals['consistency']?.detail['framesWithoutFace']).toBe(0);
    // Face 9 faces the camera 26° to its left already (beyond the 18° the element aligns at); the
    // mesh reads its face warped 35° further left as less turned than the frontal one (yaw and
    // nose offset both move the right-turn way), which a turn measured in the claimed direction
    // does not confirm. Its right turn, read from the same frontal frame, is confirmed.
    const right = await genuineChallenge(9, 'turn-right', { width: 1200 });
    const rightResult = await engine.detectSpoof(right.frames, {
      challenges: [{ kind: 'turn-right', passed: true, frameIndex: 1 }],
    });
    expect(rightResult.signals['consistency']?.detail['framesWithoutFace']).toBe(0);
    expect(rightResult.challenge).toBe('confirmed');
    expect(rightResult.spoofing).toBe(false);
  });

  it('confirms a turn only in the claimed direction from the frontal frame (face 6 turning right is no left turn)', async () => {
    // Face 6's right turn moves the mesh's yaw by about 14° and its nose by 0.2: over the 12° and
    // close to the 0.25 a turn needs, but the wrong way for a left turn.
    const right = await genuineChallenge(6, 'turn-right');
    const claimed = (kind: 'turn-left' | 'turn-right') =>
      engine.detectSpoof(right.frames, { challenges: [{ kind, passed: true }] });
    expect((await claimed('turn-right')).challenge).toBe('confirmed');
    const wrongWay = await claimed('turn-left');
    expect(wrongWay.challenge).toBe('contradicted');
    expect(wrongWay.signals['challenge']?.detail['turn-left:yawTurn']).toBe(0);
  });

  it('measures a turn from the first measured frame, in the claimed direction only', () => {
    expect(turnFromFirst([-0.4, -0.1], 1)).toBeCloseTo(0.3);
    expect(turnFromFirst([-0.4, -0.1], -1)).toBe(0);
    expect(turnFromFirst([null, 10, 2, -5], -1)).toBe(15);
    expect(turnFromFirst([0.2], 1)).toBe(0);
  });

  it('reads the nose offset along the eyes’ line: heads tilted 26° and 45° read like their yaw', async () => {
    // Faces 10 and 2 face the camera 12–14° to their right with their heads tilted 26° and 45°:
    // measured along the frame's rows, the nose's drop below the eyes added -0.40 and -0.44 (a
    // turn's worth); along the eyes' line they read like face 6, 10° to its right without tilt.
    const offsets: number[] = [];
    for (const index of [10, 2, 6]) {
      const [frontal] = (await genuineChallenge(index, 'blink', { width: 480 })).frames;
      const { data, info } = await sharp(frontal!)
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      const [face] = await detectFaces(
        { data, width: info.width, height: info.height },
        COMPARE_CONFIG,
      );
      offsets.push(noseOffset(face!)!);
    }
    for (const offset of offsets) expect(offset).toBeGreaterThan(-0.3);
    for (const offset of offsets) expect(offset).toBeLessThan(-0.05);
  });

  it('confirms a genuine blink on real face frames', async () => {
    const scene = await genuineChallenge(6, 'blink');
    const result = await engine.detectSpoof(scene.frames, {
      challenges: [{ kind: 'blink', passed: true }],
    });
    expect(result.challenge).toBe('confirmed');
    expect(result.spoofing).toBe(false);
  });

  it('confirms a blink only in the order filmed: open, shut, open again (shut first, or shut last, is no blink)', async () => {
    const scene = await genuineChallenge(6, 'blink');
    const [open, shut, reopened] = scene.frames;
    expect(scene.frames).toHaveLength(3);
    const check = (frames: Buffer[]) =>
      engine.detectSpoof(frames, { challenges: [{ kind: 'blink', passed: true }] });
    expect((await check([open!, shut!, reopened!])).challenge).toBe('confirmed');
    // The same three frames, shuffled so the shut eyes lead, or with the eyes never open again:
    // the eyes were shut in one of them, open in others, but no blink was filmed.
    for (const [name, frames] of [
      ['shut first', [shut!, open!, reopened!]],
      ['shut last', [open!, reopened!, shut!]],
      ['shut, then open', [shut!, open!]],
      ['open, then shut', [open!, shut!]],
    ] as const) {
      const result = await check([...frames]);
      expect(result.challenge, name).toBe('contradicted');
      expect(result.spoofing, name).toBe(true);
    }
  });

  it('reads a blink frame by frame in order (frames without a face skipped)', () => {
    expect(blinkInOrder([0.3, 0.1, 0.3])).toBe(true);
    expect(blinkInOrder([0.3, null, 0.1, null, 0.28])).toBe(true);
    expect(blinkInOrder([0.1, 0.3, 0.3])).toBe(false);
    expect(blinkInOrder([0.3, 0.3, 0.1])).toBe(false);
    // Shut enough against the frame before but not against the one after (0.1 > 0.15 × 0.6).
    expect(blinkInOrder([0.3, 0.1, 0.15])).toBe(false);
    expect(blinkInOrder([null, 0.1, null])).toBe(false);
  });

  it('calls a turn whose frames show no face inconclusive, not a contradiction (a retake, not a spoof cue)', async () => {
    const result = await engine.detectSpoof(
      [await faceCapture(3, { seed: 'frontal', width: 600 }), await emptyFrame()],
      { challenges: [{ kind: 'turn-right', passed: true }] },
    );
    expect(result.challenge).toBe('inconclusive');
    expect(result.signals['challenge']?.score).toBeNull();
    expect(result.signals['challenge']?.weight).toBe(0);
  });

  it('calls a still photo replayed with a claimed turn or blink a contradiction', async () => {
    const photo = await faceCapture(4, { seed: 'held-up photo', width: 900 });
    for (const kind of ['turn-right', 'blink'] as const) {
      const scene = stillReplay(kind, photo, 3);
      const result = await engine.detectSpoof(scene.frames, {
        challenges: [{ kind, passed: true }],
      });
      expect(result.challenge, kind).toBe('contradicted');
      expect(result.spoofing, kind).toBe(true);
    }
  });

  it('answers `absent` without a challenge claimed as passed', async () => {
    const result = await engine.detectSpoof([await faceCapture(5, { seed: 'x' })], {
      challenges: [{ kind: 'blink', passed: false }],
    });
    expect(result.challenge).toBe('absent');
  });
});
