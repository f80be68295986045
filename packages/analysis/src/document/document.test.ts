import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnalysisEngine } from '../engine.js';
import { generateIdentity } from '../testing/identity.js';
import { renderDocument } from '../testing/render-document.js';
import { evaluationSample, renderEvaluationSide } from '../testing/evaluation-set.js';
import { typeFromSize } from './analyze-front.js';

// One engine (and one set of models) for the whole file.
const engine = createAnalysisEngine();

beforeAll(() => engine.warmUp());
afterAll(() => engine.close());

describe('ID analysis on generated documents', () => {
  it('reads the front of an ID card photographed on a table: type, country, fields, portrait', async () => {
    const identity = generateIdentity('front-id');
    const { image, truth } = await renderDocument(identity, {
      kind: 'id-card',
      side: 'front',
      degrade: 'photo',
    });
    const front = await engine.analyzeFront(image);
    expect(front.reason).toBeNull();
    expect(front.documentType).toBe('ID_CARD');
    expect(front.country).toBe(identity.issuingState);
    expect(front.fields).toEqual(truth.fields);
    expect(front.faceImage).toMatch(/^\/9j\//);
    const portrait = await sharp(Buffer.from(front.faceImage as string, 'base64')).metadata();
    expect(portrait.width).toBeGreaterThan(60);
    // The reported corners are where the card is in the photo (within 3 % of its width).
    front.documentQuad?.forEach((corner, i) => {
      const expected = truth.quad[i] as { x: number; y: number };
      expect(Math.hypot(corner.x - expected.x, corner.y - expected.y)).toBeLessThan(
        truth.width * 0.03,
      );
    });
  });

  it('reads the MRZ, PDF417 and QR of an ID card back rotated 8° and cross-checks with the front', async () => {
    const identity = generateIdentity('back-id');
    const front = await engine.analyzeFront(
      (await renderDocument(identity, { kind: 'id-card', side: 'front' })).image,
    );
    const { image, truth } = await renderDocument(identity, {
      kind: 'id-card',
      side: 'back',
      degrade: 'rotated8',
    });
    const back = await engine.analyzeBack(image, front);
    expect(back.mrz?.format).toBe('TD1');
    expect(back.mrz?.valid).toBe(true);
    expect(back.mrz?.raw.split('\n')).toEqual(truth.mrz);
    expect(back.fields.idNumber).toBe(identity.documentNumber);
    expect(back.fields.birthDate).toBe(identity.birthDate);
    expect(
      back.barcodes
        .map((b) => ({ format: b.format, text: b.raw }))
        .sort((a, b) => a.format.localeCompare(b.format)),
    ).toEqual([...truth.barcodes].sort((a, b) => a.format.localeCompare(b.format)));
    expect(back.barcode?.format).toBe('PDF417');
    // Each barcode carries its own reading of the fields: the PDF417 all of them, the QR's URL none.
    expect(back.barcode?.fields).toEqual({
      idNumber: identity.documentNumber,
      lastNames: identity.lastNames,
      firstNames: identity.firstNames,
      birthDate: identity.birthDate,
      gender: identity.sex,
      dateOfExpiry: identity.dateOfExpiry,
      nationality: identity.nationality,
    });
    expect(back.barcodes.find((b) => b.format === 'QRCode')?.fields).toEqual({});
    expect(back.crossCheck.consistent).toBe(true);
    expect(back.crossCheck.compared).toEqual(
      expect.arrayContaining(['lastNames', 'idNumber', 'birthDate', 'dateOfExpiry']),
    );
  });

  it('reads a passport data page (TD3) in perspective, with low light', async () => {
    const identity = generateIdentity('passport');
    const { image, truth } = await renderDocument(identity, {
      kind: 'passport',
      side: 'front',
      degrade: { background: true, perspective: 0.4, lowLight: true, noise: 5 },
    });
    const back = await engine.analyzeBack(image);
    expect(back.documentType).toBe('PASSPORT');
    expect(back.mrz?.valid).toBe(true);
    expect(back.mrz?.raw.split('\n')).toEqual(truth.mrz);
    expect(back.country).toBe(identity.issuingState);
  });

  it('reads a residence permit back (TD2) with glare', async () => {
    const identity = generateIdentity('permit');
    const { image, truth } = await renderDocument(identity, {
      kind: 'residence-permit',
      side: 'back',
      degrade: 'glare',
    });
    const back = await engine.analyzeBack(image);
    expect(back.mrz?.format).toBe('TD2');
    expect(back.mrz?.raw.split('\n')).toEqual(truth.mrz);
    expect(back.documentType).toBe('RESIDENCE_PERMIT');
  });

  it('detects a tampered MRZ check digit', async () => {
    const identity = generateIdentity('forged');
    const { image } = await renderDocument(identity, {
      kind: 'id-card',
      side: 'back',
      degrade: 'photo',
      tamperCheckDigit: 'birthDate',
    });
    const back = await engine.analyzeBack(image);
    expect(back.mrz).not.toBeNull();
    expect(back.mrz?.valid).toBe(false);
    expect(back.mrz?.checks['birthDate']?.valid).toBe(false);
    expect(back.mrz?.checks['documentNumber']?.valid).toBe(true);
  });

  it('says which fields disagree when the back belongs to another person', async () => {
    const front = await engine.analyzeFront(
      (await renderDocument(generateIdentity('person-a'), { kind: 'id-card', side: 'front' }))
        .image,
    );
    const back = await engine.analyzeBack(
      (await renderDocument(generateIdentity('person-b'), { kind: 'id-card', side: 'back' })).image,
      front,
    );
    expect(back.crossCheck.consistent).toBe(false);
    expect(back.crossCheck.mismatches.map((m) => m.field)).toEqual(
      expect.arrayContaining(['idNumber', 'birthDate']),
    );
  });

  it('accepts a long name truncated in the MRZ, an X in the number and sex X (MEX card, front and back)', async () => {
    const identity = {
      ...generateIdentity('long-name'),
      issuingState: 'MEX',
      issuingStateName: 'MEXICO',
      nationality: 'MEX',
      lastNames: 'RODRIGUEZ MARTINEZ',
      firstNames: 'DIEGO TOMAS',
      documentNumber: 'XAX482913',
      // ICAO 9303's third sex marker, refused by the MRZ parser of the `mrz` package.
      sex: 'X' as 'M' | 'F',
    };
    const front = await engine.analyzeFront(
      (await renderDocument(identity, { kind: 'id-card', side: 'front' })).image,
    );
    expect(front.fields.firstNames).toBe('DIEGO TOMAS');
    const { image, truth } = await renderDocument(identity, {
      kind: 'id-card',
      side: 'back',
      degrade: 'photo',
    });
    // ICAO 9303 cut the given names at the end of the full name line.
    expect(truth.mrz?.[2]).toBe('RODRIGUEZ<MARTINEZ<<DIEGO<TOMA');
    const back = await engine.analyzeBack(image, front);
    expect(back.mrz?.valid).toBe(true);
    expect(back.mrz?.raw.split('\n')).toEqual(truth.mrz);
    expect(back.crossCheck.mismatches).toEqual([]);
    expect(back.crossCheck.consistent).toBe(true);
    expect(back.fields).toMatchObject({
      idNumber: 'XAX482913',
      nationality: 'MEX',
      gender: 'X',
      lastNames: 'RODRIGUEZ MARTINEZ',
      firstNames: 'DIEGO TOMAS',
    });
  });

  it('cross-checks the MRZ of a passport data page with its visual zone, long name truncated', async () => {
    const identity = {
      ...generateIdentity('long-passport'),
      issuingState: 'MEX',
      issuingStateName: 'MEXICO',
      nationality: 'MEX',
      lastNames: 'FERNANDEZ DE LA TORRE',
      firstNames: 'MARIA JOSEFINA XIMENA',
      documentNumber: 'PX7720581',
    };
    const { image, truth } = await renderDocument(identity, { kind: 'passport', side: 'front' });
    expect(truth.mrz?.[0]).toBe('P<MEXFERNANDEZ<DE<LA<TORRE<<MARIA<JOSEFINA<X');
    const front = await engine.analyzeFront(image);
    expect(front.documentType).toBe('PASSPORT');
    expect(front.mrz?.valid).toBe(true);
    expect(front.crossCheck?.mismatches).toEqual([]);
    expect(front.crossCheck?.consistent).toBe(true);
    expect(front.crossCheck?.compared).toEqual(
      expect.arrayContaining(['lastNames', 'firstNames', 'idNumber', 'birthDate']),
    );
    expect(front.fields.firstNames).toBe('MARIA JOSEFINA XIMENA');
    expect(front.fields.idNumber).toBe('PX7720581');
  });

  it('answers a reason, not an error, for a document without MRZ and for a blank page', async () => {
    const { image } = await renderDocument(generateIdentity('no-mrz'), {
      kind: 'id-card',
      side: 'front',
      degrade: 'photo',
    });
    const back = await engine.analyzeBack(image);
    expect(back.mrz).toBeNull();
    expect(back.reason).toBe('NO_MRZ');
    const blank = await sharp({
      create: { width: 1200, height: 800, channels: 3, background: '#ffffff' },
    })
      .jpeg()
      .toBuffer();
    const front = await engine.analyzeFront(blank);
    expect(front.reason).toBe('NO_DOCUMENT');
    expect(front.documentType).toBe('UNKNOWN');
    expect(front.faceImage).toBeNull();
  });
});

describe('the kind of a document whose type was not read', () => {
  it('takes an ID-2 or ID-3 shape without any MRZ row for a card, with MRZ rows for a passport', () => {
    // ID-2 and ID-3 have the same proportions: the shape alone says nothing more.
    const mrzRow = 'P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<';
    expect(typeFromSize('ID2', [])).toBe('ID_CARD');
    expect(typeFromSize('ID3', [])).toBe('ID_CARD');
    expect(typeFromSize('ID3', [mrzRow])).toBe('PASSPORT');
    expect(typeFromSize('ID2', [mrzRow])).toBe('PASSPORT');
    expect(typeFromSize('ID1', [])).toBe('ID_CARD');
    expect(typeFromSize(null, [])).toBe('UNKNOWN');
    // No outline of a known size, but the printed identity read (tuned families with the MRZ over
    // the print, 1005: a screen photo): a card, or a page when a row holds fillers; a long line
    // of labels taken for an MRZ row has none.
    expect(typeFromSize(null, [], true)).toBe('ID_CARD');
    expect(typeFromSize(null, ['DATEDEDELIVRANCEDATEOFISSUEDATEDEXPIRATION'], true)).toBe(
      'ID_CARD',
    );
    expect(typeFromSize(null, [mrzRow], true)).toBe('PASSPORT');
    expect(typeFromSize(null, [mrzRow], false)).toBe('UNKNOWN');
  });

  it('accepts the front of a TD2 residence permit photographed on a screen whose subtitle was lost (tuned 179)', async () => {
    const sample = evaluationSample('tuned', 179);
    expect(sample.kind).toBe('residence-permit');
    const { image } = await renderEvaluationSide(sample, 'front');
    const front = await createAnalysisEngine().analyzeFront(image);
    expect(front.reason).toBeNull();
    expect(front.documentType).toBe('ID_CARD');
    expect(front.fields.firstNames).toBe('XIMENA');
  }, 120_000);
});
