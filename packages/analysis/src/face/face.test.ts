import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnalysisEngine } from '../engine.js';
import { faceCapture, impostorPairs, sampleFace } from '../testing/faces.js';
import { generateIdentity } from '../testing/identity.js';
import { renderDocument } from '../testing/render-document.js';

const engine = createAnalysisEngine();

beforeAll(() => engine.warmUp());
afterAll(() => engine.close());

describe('face analysis', () => {
  it('scores two captures of the same face ≥ 70 and reports pose, quality and attributes', async () => {
    const result = await engine.compareFaces([
      await faceCapture(4, { seed: 'selfie' }),
      await faceCapture(4, { seed: 'other' }),
    ]);
    expect(result.biometric['0']?.['1']).toBeGreaterThanOrEqual(70);
    expect(result.biometric['1']?.['0']).toBe(result.biometric['0']?.['1']);
    for (const face of result.faces) {
      expect(face.reason).toBeNull();
      expect(face.faceCount).toBe(1);
      expect(face.quality).toBeGreaterThan(0);
      expect(face.pose).not.toBeNull();
      expect(face.attributes.age).toBeGreaterThan(10);
      expect(['female', 'male']).toContain(face.attributes.gender);
      expect(face.attributes.genderScore).toBeGreaterThanOrEqual(0.5);
      expect(face.attributes.genderScore).toBeLessThanOrEqual(1);
    }
  });

  it('scores different people < 70', async () => {
    const [a, b] = impostorPairs()[3] as [number, number];
    const result = await engine.compareFaces([
      await faceCapture(a, { seed: 'x' }),
      await faceCapture(b, { seed: 'y' }),
    ]);
    expect(result.biometric['0']?.['1']).toBeLessThan(70);
  });

  it('matches a selfie with the portrait cropped from the document front', async () => {
    const identity = { ...generateIdentity('selfie-doc'), faceIndex: 9 };
    const front = await engine.analyzeFront(
      (await renderDocument(identity, { kind: 'id-card', side: 'front', degrade: 'photo' })).image,
    );
    const documentFace = Buffer.from(front.faceImage as string, 'base64');
    const genuine = await engine.compareFaces([
      await faceCapture(9, { seed: 'selfie' }),
      documentFace,
    ]);
    expect(genuine.biometric['0']?.['1']).toBeGreaterThanOrEqual(70);
    const impostor = await engine.compareFaces([
      await faceCapture(10, { seed: 'selfie' }),
      documentFace,
    ]);
    expect(impostor.biometric['0']?.['1']).toBeLessThan(70);
  });

  it('gives a reason for an image without a face and one with two faces', async () => {
    const noFace = await sharp({
      create: { width: 480, height: 640, channels: 3, background: '#8899aa' },
    })
      .jpeg()
      .toBuffer();
    const left = await sampleFace(0, 360);
    const right = await sampleFace(1, 360);
    const twoFaces = await sharp({
      create: { width: 720, height: 480, channels: 3, background: '#808080' },
    })
      .composite([
        { input: await sharp(left).resize(360, 480).toBuffer(), left: 0, top: 0 },
        { input: await sharp(right).resize(360, 480).toBuffer(), left: 360, top: 0 },
      ])
      .jpeg()
      .toBuffer();
    const result = await engine.compareFaces([await sampleFace(2), noFace, twoFaces]);
    expect(result.faces[1]?.reason).toBe('NO_FACE');
    expect(result.faces[2]?.reason).toBe('MULTIPLE_FACES');
    expect(result.faces[2]?.faceCount).toBe(2);
    expect(result.biometric['0']?.['1']).toBe(0);
    expect(result.biometric['0']?.['2']).toBe(0);
  });
});
