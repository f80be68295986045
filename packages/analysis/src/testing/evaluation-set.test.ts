import { parse } from 'mrz';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { runSample, tunedVariantOf } from '../bench/evaluation-suite.js';
import { developmentSample, evaluationOrder, evaluationSample } from './evaluation-set.js';
import { generateEvaluationIdentity } from './evaluation-identity.js';
import { HELD_OUT_FAMILY, MRZ_FONTS, TUNED_FAMILIES } from './families.js';
import { buildMrzLines, mrzNameField } from './mrz-lines.js';
import { drawPhonePhoto } from './phone-photo.js';
import { Random } from './random.js';
import { renderDocument } from './render-document.js';
import { mrzTransliterate } from './transliterate.js';

describe('evaluation set', () => {
  it('issues every document after its holder was born (tuned 79, 112 and 146 were not)', () => {
    for (const group of ['tuned', 'held-out'] as const)
      for (let index = 0; index < 1000; index++) {
        const { identity } = evaluationSample(group, index);
        expect(identity.dateOfIssue > identity.birthDate, `${group} ${index}`).toBe(true);
        expect(identity.dateOfIssue < identity.dateOfExpiry).toBe(true);
      }
  });

  it('prints names as ICAO 9303 does: transliterated, and truncated at the end of the field', () => {
    expect(mrzTransliterate('NÚÑEZ')).toBe('NUNEZ');
    expect(mrzTransliterate('MÜLLER')).toBe('MUELLER');
    expect(mrzTransliterate('O’BRIEN')).toBe('OBRIEN');
    expect(mrzTransliterate('JEAN-PIERRE')).toBe('JEAN<PIERRE');
    expect(mrzTransliterate('STRAUß')).toBe('STRAUSS');
    expect(mrzNameField('RODRIGUEZ MARTINEZ', 'DIEGO TOMÁS', 30)).toBe(
      'RODRIGUEZ<MARTINEZ<<DIEGO<TOMA',
    );
    // A surname alone too long for the field keeps a letter of the given names.
    expect(mrzNameField('WOLFESCHLEGELSTEINHAUSENBERGERDORFF', 'ANNA', 30)).toBe(
      'WOLFESCHLEGELSTEINHAUSENBER<<A',
    );
  });

  it('draws every hard class, and every MRZ it prints passes its check digits in all three formats', () => {
    const classes = new Set<string>();
    for (let i = 0; i < 300; i++) {
      const identity = generateEvaluationIdentity(`test-${i}`);
      identity.classes.forEach((c) => classes.add(c));
      for (const kind of ['id-card', 'residence-permit', 'passport'] as const) {
        const lines = buildMrzLines(identity, kind);
        const parsed = parse(lines);
        expect(parsed.valid, `${kind} ${lines.join(' / ')}`).toBe(true);
        expect(parsed.fields.documentNumber).toBe(identity.documentNumber);
        expect(parsed.fields.sex).toBe(
          identity.sex === 'X' ? 'nonspecified' : identity.sex === 'M' ? 'male' : 'female',
        );
      }
    }
    expect([...classes].sort()).toEqual(['accents', 'long-name', 'plain', 'sex-x', 'x-in-mrz']);
  });

  it('keeps the held-out family in its own seeds, and interleaves both groups', () => {
    expect(TUNED_FAMILIES).not.toContain(HELD_OUT_FAMILY);
    for (let i = 0; i < 12; i++) {
      expect(evaluationSample('held-out', i).family).toBe(HELD_OUT_FAMILY);
      expect(TUNED_FAMILIES).toContain(evaluationSample('tuned', i).family);
    }
    expect(evaluationSample('tuned', 5)).toEqual(evaluationSample('tuned', 5));
    expect(evaluationSample('held-out', 5).identity).not.toEqual(
      evaluationSample('tuned', 5).identity,
    );
    expect(evaluationOrder({ 'held-out': 4, tuned: 2 })).toEqual([
      ['held-out', 0],
      ['tuned', 0],
      ['held-out', 1],
      ['held-out', 2],
      ['tuned', 1],
      ['held-out', 3],
    ]);
    expect(MRZ_FONTS.reduce((sum, [, weight]) => sum + weight, 0)).toBeCloseTo(1);
  });

  it('takes a phone photo of a family design: the size asked, the document where the truth says', async () => {
    const identity = generateEvaluationIdentity('photo');
    const photo = { ...drawPhonePhoto('phone-small', new Random('photo')), megapixels: 1 };
    const { image, truth } = await renderDocument(identity, {
      kind: 'id-card',
      side: 'back',
      family: 'ribbon',
      mrzFont: 'oblique',
      photo,
      seed: 'photo',
    });
    const meta = await sharp(image).metadata();
    expect(meta.format).toBe('jpeg');
    expect((meta.width ?? 0) * (meta.height ?? 0)).toBeGreaterThan(0.95e6);
    expect(truth.quad).toHaveLength(4);
    for (const corner of truth.quad) {
      expect(corner.x).toBeGreaterThan(0);
      expect(corner.x).toBeLessThan(meta.width ?? 0);
    }
    expect(truth.barcodes.map((b) => b.format)).toEqual(['PDF417']);
    expect(truth.mrz).toEqual(buildMrzLines(identity, 'id-card'));
  });

  it('takes a low-light photo with motion blur that is dim, not black', async () => {
    const identity = generateEvaluationIdentity('dim');
    const drawn = drawPhonePhoto('low-light', new Random('dim'));
    const photo = { ...drawn, megapixels: 1, exposure: 0.4, motionLength: 6 };
    const { image } = await renderDocument(identity, {
      kind: 'id-card',
      side: 'back',
      family: 'classic',
      mrzFont: 'regular',
      photo,
      seed: 'dim',
    });
    const { channels } = await sharp(image).stats();
    // The white card at 40 % exposure: about 100 of 255, never the 3-7 of the old pipeline.
    expect(channels[0]!.max).toBeGreaterThan(60);
    expect(channels[0]!.max).toBeLessThan(200);
  });

  it('varies only the MRZ zone (and face) of a tuned sample for the development set, never a held-out one', () => {
    const plain = evaluationSample('tuned', 1005);
    const variant = developmentSample(1005, { mrzZone: 'print', mrzFont: 'outline' });
    expect(variant).toEqual({ ...plain, mrzZone: 'print', mrzFont: 'outline' });
    expect(TUNED_FAMILIES).toContain(variant.family);
    expect(tunedVariantOf(undefined, undefined)).toBeUndefined();
    expect(tunedVariantOf('print', 'outline')).toEqual({ mrzZone: 'print', mrzFont: 'outline' });
    expect(() => tunedVariantOf('glitter', undefined)).toThrow(/--tuned-mrz-zone/);
    expect(() => tunedVariantOf(undefined, 'outline')).toThrow(/needs --tuned-mrz-zone/);
    // The held-out group is read as drawn, whatever variant the run asks of the tuned one.
    const variantOfRun = { mrzZone: 'print', mrzFont: 'outline' } as const;
    expect(runSample('held-out', 3, variantOfRun)).toEqual(evaluationSample('held-out', 3));
    expect(runSample('tuned', 3, variantOfRun).mrzZone).toBe('print');
  });
});
