import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnalysisEngine } from '../engine.js';
import type { RgbImage } from '../image/decode.js';
import { TUNED_FAMILIES } from '../testing/families.js';
import { generateIdentity } from '../testing/identity.js';
import { renderDocument } from '../testing/render-document.js';
import { decodeAndLocate } from './upload-cache.js';
import { mrzLikeRows } from './mrz-rows.js';
import { halfTurned, quarterTurned, upsideDown } from './orientation.js';

const engine = createAnalysisEngine();

beforeAll(() => engine.warmUp());
afterAll(() => engine.close());

/** A 3 × 2 image whose pixels are numbered 1 to 6, row by row (one value in each channel). */
const numbered: RgbImage = {
  width: 3,
  height: 2,
  data: Buffer.from([1, 2, 3, 4, 5, 6].flatMap((v) => [v, v, v])),
};
const values = (image: RgbImage): number[] =>
  Array.from({ length: image.width * image.height }, (_, i) => image.data[i * 3] as number);

/** A JPEG photo turned by `angle` degrees clockwise, as a phone held otherwise would take it. */
const turned = (image: Buffer, angle: number): Promise<Buffer> =>
  sharp(image).rotate(angle).jpeg({ quality: 92 }).toBuffer();

describe('turning an image', () => {
  it('turns pixels half a turn and a quarter either way', () => {
    expect(values(halfTurned(numbered))).toEqual([6, 5, 4, 3, 2, 1]);
    const clockwise = quarterTurned(numbered, 1);
    expect([clockwise.width, clockwise.height]).toEqual([2, 3]);
    expect(values(clockwise)).toEqual([4, 1, 5, 2, 6, 3]);
    expect(values(quarterTurned(numbered, -1))).toEqual([3, 6, 2, 5, 1, 4]);
    expect(values(quarterTurned(quarterTurned(numbered, 1), -1))).toEqual(values(numbered));
  });

  it('turns the outline in the decoded image with it, and keeps it in the upload', () => {
    // An outline over the right two columns of the 3 × 2 image, its corners TL, TR, BR, BL.
    const decodedQuad = [
      { x: 1, y: 0 },
      { x: 2, y: 0 },
      { x: 2, y: 1 },
      { x: 1, y: 1 },
    ];
    const quad = decodedQuad.map(({ x, y }) => ({ x: x * 2, y: y * 2 }));
    const located = { rectified: numbered, quad, decodedQuad, outlineFound: true, sizeClass: null };
    const turned = upsideDown({ decoded: { ...numbered, scale: 2 }, located });
    // Half a turn: the outline lies over the left two columns, the old bottom right first.
    expect(turned.located.decodedQuad).toEqual([
      { x: 0, y: 0 },
      { x: 1, y: 0 },
      { x: 1, y: 1 },
      { x: 0, y: 1 },
    ]);
    expect(values(turned.decoded)[0]).toBe(6);
    expect(turned.located.quad).toEqual([quad[2], quad[3], quad[0], quad[1]]);
  });
});

describe('documents photographed the wrong way up', () => {
  it('finds the MRZ rows at the bottom of an upright card back and at the top of one upside down', async () => {
    const { image } = await renderDocument(generateIdentity('orientation-rows'), {
      kind: 'id-card',
      side: 'back',
      degrade: 'photo',
    });
    const upload = await decodeAndLocate(image, 'back');
    expect(mrzLikeRows(upload.located.rectified, 'bottom')).toBe(3);
    expect(mrzLikeRows(upload.located.rectified, 'top')).toBe(0);
    const down = upsideDown(upload).located.rectified;
    expect(mrzLikeRows(down, 'top')).toBe(3);
    expect(mrzLikeRows(down, 'bottom')).toBe(0);
  });

  it('finds the MRZ rows of an inverted OCR-B face (light print on a dark band) either way up', async () => {
    const { image } = await renderDocument(generateIdentity('orientation-inverted'), {
      kind: 'passport',
      side: 'front',
      degrade: 'photo',
      family: TUNED_FAMILIES[0],
      mrzFont: 'inverted',
    });
    const upload = await decodeAndLocate(image, 'front');
    expect(mrzLikeRows(upload.located.rectified, 'bottom')).toBe(2);
    expect(mrzLikeRows(upsideDown(upload).located.rectified, 'top')).toBe(2);
  });

  it('reads a card photographed upside down, front and back, as when upright', async () => {
    const identity = generateIdentity('orientation-card');
    const front = await renderDocument(identity, {
      kind: 'id-card',
      side: 'front',
      degrade: 'photo',
    });
    const back = await renderDocument(identity, {
      kind: 'id-card',
      side: 'back',
      degrade: 'photo',
    });
    const frontRead = await engine.analyzeFront(await turned(front.image, 180));
    expect(frontRead.fields).toMatchObject({
      lastNames: front.truth.fields.lastNames,
      idNumber: front.truth.fields.idNumber,
    });
    const backRead = await engine.analyzeBack(await turned(back.image, 180), frontRead);
    expect(backRead.mrz?.valid).toBe(true);
    expect(backRead.mrz?.raw.split('\n')).toEqual(back.truth.mrz);
    expect(backRead.crossCheck.consistent).toBe(true);
  });

  it('reads a passport page photographed upside down or a quarter turn round', async () => {
    const { image, truth } = await renderDocument(generateIdentity('orientation-passport'), {
      kind: 'passport',
      side: 'front',
      degrade: 'photo',
    });
    for (const angle of [180, 90]) {
      const page = await engine.analyzeFront(await turned(image, angle));
      expect(page.mrz?.raw.split('\n'), `turned ${angle}°`).toEqual(truth.mrz);
      expect(page.mrz?.valid).toBe(true);
    }
  });
});
