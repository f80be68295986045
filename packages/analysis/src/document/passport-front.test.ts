import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnalysisEngine } from '../engine.js';
import { generateIdentity } from '../testing/identity.js';
import { renderDocument } from '../testing/render-document.js';
import {
  developmentSample,
  evaluationSample,
  renderEvaluationSide,
} from '../testing/evaluation-set.js';

const engine = createAnalysisEngine();

beforeAll(() => engine.warmUp());
afterAll(() => engine.close());

describe('a passport data page as the front (the flow takes it as the only document capture)', () => {
  it('is classified, its MRZ read with its checks, its fields filled from the MRZ, its portrait cropped', async () => {
    const identity = generateIdentity('passport-front');
    const { image, truth } = await renderDocument(identity, {
      kind: 'passport',
      side: 'front',
      degrade: 'photo',
    });
    const front = await engine.analyzeFront(image);
    expect(front.reason).toBeNull();
    expect(front.documentType).toBe('PASSPORT');
    expect(front.mrz?.format).toBe('TD3');
    expect(front.mrz?.valid).toBe(true);
    expect(front.mrz?.raw.split('\n')).toEqual(truth.mrz);
    expect(front.fields).toMatchObject({
      lastNames: truth.fields.lastNames,
      firstNames: truth.fields.firstNames,
      idNumber: truth.fields.idNumber,
      birthDate: truth.fields.birthDate,
      dateOfExpiry: truth.fields.dateOfExpiry,
      nationality: truth.fields.nationality,
      gender: truth.fields.gender,
    });
    expect(front.faceImage).not.toBeNull();
  });

  it("reads the MRZ of a page whose found outline has a card's shape and cut the MRZ off (development 1300)", async () => {
    // A passport page photographed off a screen: the outline found ran through the MRZ, so the
    // flattened page has a card's proportions and no MRZ band; the page names itself a passport and
    // a run of fillers was seen, so the page's band and then the whole photo are read.
    const { image, truth } = await renderEvaluationSide(evaluationSample('tuned', 1300), 'mrz');
    const page = await engine.analyzeFront(image);
    expect(page.mrz?.format).toBe('TD3');
    expect(page.mrz?.valid).toBe(true);
    expect(page.mrz?.fields.documentNumber).toBe(truth.fields.idNumber);
    expect(page.mrz?.fields.birthDate).toBe(truth.fields.birthDate);
  });

  it('a card front carries no MRZ', async () => {
    const identity = generateIdentity('card-front-no-mrz');
    const { image } = await renderDocument(identity, {
      kind: 'id-card',
      side: 'front',
      degrade: 'photo',
    });
    const front = await engine.analyzeFront(image);
    expect(front.documentType).toBe('ID_CARD');
    expect(front.mrz).toBeNull();
  });

  it('reads the MRZ of a dim page whose shape reads as ID-2 and whose names line lost its fillers (tuned 250)', async () => {
    // ID-2 and ID-3 share their proportions; the page at 800 px showed no MRZ row, so the bottom
    // band must be read anyway, and there the detector saw 20 of the names line's 44 characters.
    const sample = evaluationSample('tuned', 250);
    const { image, truth } = await renderEvaluationSide(sample, 'mrz');
    const page = await engine.analyzeFront(image);
    expect(page.documentType).toBe('PASSPORT');
    expect(page.mrz?.valid).toBe(true);
    expect(page.crossCheck?.consistent).toBe(true);
    expect(page.mrz?.raw.split('\n')).toEqual(truth.mrz);
  }, 120_000);

  it('keeps the first reading of the MRZ over a second that read fillers K, the printed names saying which (development 3319)', async () => {
    // A light-on-dark MRZ band: the page at 800 px read the names line right, but the printed
    // surname was misread (MAXWELI), so the band was read again at full width, where fillers came
    // out as K (MAXWELL<KLUKASZ<<K<K); both readings pass every check digit. The printed names are
    // closer to the first. The side stays refused: the printed surname still disagrees.
    const sample = developmentSample(3319, { mrzZone: 'white', mrzFont: 'inverted' });
    const { image, truth } = await renderEvaluationSide(sample, 'mrz');
    const page = await engine.analyzeFront(image);
    expect(page.mrz?.raw.split('\n')).toEqual(truth.mrz);
    expect(page.crossCheck?.consistent).toBe(false);
    expect(page.crossCheck?.mismatches.map((m) => m.field)).toEqual(['lastNames']);
  }, 120_000);
});
