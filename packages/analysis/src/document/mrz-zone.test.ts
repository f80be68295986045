import { afterAll, describe, expect, it } from 'vitest';
import { createAnalysisEngine } from '../engine.js';
import {
  developmentSample,
  evaluationSample,
  renderEvaluationSide,
} from '../testing/evaluation-set.js';
import { closeMrzTesseract } from '../models/tesseract.js';
import { generateIdentity, type Identity } from '../testing/identity.js';
import { locatedPassportPage } from '../testing/located-page.js';
import { printedFieldsOf } from '../testing/printed-fields.js';
import { renderDocument } from '../testing/render-document.js';
import { buildMrzLines } from '../testing/mrz-lines.js';
import { decideIdentity } from './identity-decision.js';
import { mrzCandidates, mrzFromCandidates } from './mrz-read.js';
import { secondReaderForCheckedFields, secondReaderForNames } from './mrz-zone.js';
import { decodeAndLocate } from './upload-cache.js';
import type { MrzResult } from '../types.js';

afterAll(() => closeMrzTesseract());

describe('the second reader of a contradicted MRZ name', () => {
  const identity = {
    ...generateIdentity('second-reader'),
    lastNames: 'NGUYEN',
    firstNames: 'MWANA',
  };
  /** The decision on an MRZ reading against the printed fields of `person`. */
  const decideFor = (person: Identity) => (mrz: MrzResult | null) =>
    decideIdentity({ mrz, viz: printedFieldsOf(person), barcodes: [] });
  const decide = decideFor(identity);
  /** PaddleOCR's reading with OCR-B's W read as H: valid (no digit covers a name). */
  const paddleReading = (): MrzResult => {
    const lines = buildMrzLines(identity, 'id-card');
    lines[2] = (lines[2] as string).replace('MWANA', 'MHANA');
    return mrzFromCandidates(mrzCandidates(lines), 'paddleocr') as MrzResult;
  };

  it('takes the name that a second reading of the same band gives when it agrees with the printed one', async () => {
    const { image } = await renderDocument(identity, { kind: 'id-card', side: 'back' });
    const { located } = await decodeAndLocate(image, 'back');
    const first = paddleReading();
    const refused = decide(first);
    expect(refused.crossCheck.consistent).toBe(false);
    const decided = await secondReaderForNames(located, first, refused, decide, 'back');
    expect(decided.crossCheck.consistent).toBe(true);
    expect(decided.mrz?.raw.split('\n')[2]).toContain('MWANA');
    expect(decided.fields.firstNames).toBe('MWANA');
  });

  it('takes the glyph classifier’s reading first, which puts back a letter the first reading dropped', async () => {
    // Development print 1876: PaddleOCR read OLVER for OLIVER, which only a reading of every cell
    // puts back (the classifier's letter look changes confusable letters only).
    const person = { ...identity, firstNames: 'OLIVER' };
    const located = await locatedPassportPage(person, 'regular');
    const lines = buildMrzLines(person, 'passport');
    lines[0] = (lines[0] as string).replace('OLIVER<', 'OLVER<<');
    const first = mrzFromCandidates(mrzCandidates(lines), 'paddleocr') as MrzResult;
    const decidePage = decideFor(person);
    const refused = decidePage(first);
    expect(refused.crossCheck.consistent).toBe(false);
    const decided = await secondReaderForNames(located, first, refused, decidePage, 'page');
    expect(decided.crossCheck.consistent).toBe(true);
    expect(decided.mrz?.reader).toBe('glyphs');
    expect(decided.fields.firstNames).toBe('OLIVER');
  });

  it('takes the glyph reading of a number whose misread kept its check digit, when the printed number agrees', async () => {
    // Development 1642: PaddleOCR read X as K and the check digit 8 as B; the repair then made
    // the digit hold by one substitution (K22B6667G, valid). The printed number and the
    // classifier's reading of the cells both say X2286667G.
    const person = { ...identity, documentNumber: 'X2286667G' };
    const located = await locatedPassportPage(person, 'regular');
    const misread = buildMrzLines(person, 'passport');
    const second = misread[1] as string;
    misread[1] = 'K' + second.slice(1, 9) + 'B' + second.slice(10);
    const first = mrzFromCandidates(mrzCandidates(misread), 'paddleocr') as MrzResult;
    expect(first.valid).toBe(true);
    expect(first.fields.documentNumber).toBe('K22B6667G');
    const refused = decideFor(person)(first);
    expect(refused.crossCheck.mismatches.map((m) => m.field)).toEqual(['idNumber']);
    const decided = await secondReaderForCheckedFields(
      located,
      first,
      refused,
      decideFor(person),
      'page',
    );
    expect(decided.crossCheck.consistent).toBe(true);
    expect(decided.mrz?.reader).toBe('glyphs');
    expect(decided.fields.idNumber).toBe('X2286667G');
    // A page whose MRZ says another number than its printed one stays refused: the classifier
    // reads the MRZ that is printed.
    const forged = { ...person, documentNumber: 'K7786667Q' };
    const forgedPage = await locatedPassportPage(forged, 'regular');
    const read = mrzFromCandidates(
      mrzCandidates(buildMrzLines(forged, 'passport')),
      'paddleocr',
    ) as MrzResult;
    const mismatch = decideFor(person)(read);
    expect(mismatch.crossCheck.consistent).toBe(false);
    expect(
      await secondReaderForCheckedFields(forgedPage, read, mismatch, decideFor(person), 'page'),
    ).toBe(mismatch);
  });

  it('keeps the refusal when the band is another document (its checked fields differ)', async () => {
    const other = { ...identity, documentNumber: 'ZX9876543' };
    const { image } = await renderDocument(other, { kind: 'id-card', side: 'back' });
    const { located } = await decodeAndLocate(image, 'back');
    const first = paddleReading();
    const refused = decide(first);
    const decided = await secondReaderForNames(located, first, refused, decide, 'back');
    expect(decided).toBe(refused);
  });

  it('reads the band again at its other scale: a hollow-face MRZ whose M the first reading lost (tuned 214)', async () => {
    // Tuned sample 214: a passport page in the outline OCR-B face. PaddleOCR at 1000 px reads
    // `NARIA` for `MARIA` (valid: no digit covers a name); at 1400 px it reads `MARIA`.
    const sample = evaluationSample('tuned', 214);
    expect(sample.mrzFont).toBe('outline');
    const { image } = await renderEvaluationSide(sample, 'mrz');
    const page = await createAnalysisEngine().analyzeFront(image);
    expect(page.crossCheck?.consistent).toBe(true);
    expect(page.mrz?.raw.split('\n')[0]).toBe('P<NGASZABO<<MARIA<JOSE<<<<<<<<<<<<<<<<<<<<<<');
  }, 120_000);
});

describe('the denoised look at an MRZ band', () => {
  it('reads a residence permit photographed in low light, its hollow-face MRZ over the security print (development set 1001)', async () => {
    // The development set of the tuned families: the MRZ printed over the security print, as the
    // held-out family prints it, in a tuned family (never the held-out one). In sample 1001's low
    // light PaddleOCR finds no MRZ row at 1000 or 1400 px; smoothed and stretched, at 700 px it does.
    const sample = developmentSample(1001, { mrzZone: 'print', mrzFont: 'outline' });
    expect(sample.family).not.toBe('meridian');
    expect(sample.mrzSide.profile).toBe('low-light');
    const { image } = await renderEvaluationSide(sample, 'mrz');
    const back = await createAnalysisEngine().analyzeBack(image);
    expect(back.mrz?.valid).toBe(true);
    expect(back.mrz?.fields.documentNumber).toBe(sample.identity.documentNumber);
    expect(back.mrz?.fields.birthDate).toBe(sample.identity.birthDate);
  }, 180_000);
});

describe('the flattened look at an MRZ band', () => {
  it('reads passports whose MRZ is printed in the inverted face, light glyphs on dark boxes (development set 1210, 1231)', async () => {
    // Development variants of tuned passports (never the held-out family): the MRZ printed over
    // the security print in the inverted OCR-B face. PaddleOCR cuts these rows short at 1000 and
    // 1400 px, denoised or not (1210 reads `P<MEXNGUYEN<<OL`, 1231 loses the `P<` in a glare);
    // with every glyph made dark on white and the stripes' background taken away, it reads them.
    for (const index of [1210, 1231]) {
      const sample = developmentSample(index, { mrzZone: 'print', mrzFont: 'inverted' });
      expect(sample.family).not.toBe('meridian');
      expect(sample.kind).toBe('passport');
      const { image, truth } = await renderEvaluationSide(sample, 'mrz');
      const page = await createAnalysisEngine().analyzeFront(image);
      expect(page.mrz?.valid).toBe(true);
      expect(page.mrz?.raw).toBe(truth.mrz?.join('\n'));
    }
  }, 240_000);
});

describe('the photo around the outline read when the outline cut the MRZ off', () => {
  it('reads a passport page whose found outline cut its last MRZ row (development set 1114)', async () => {
    // A tilted passport page (the MRZ over the security print, sharp face): the outline found
    // ends inside the last MRZ row, so every look at the band reads that row short and takes the
    // TD3 for a TD2. The photo around the outline holds both rows.
    const sample = developmentSample(1114, { mrzZone: 'print' });
    expect(sample.family).not.toBe('meridian');
    expect(sample.kind).toBe('passport');
    const { image, truth } = await renderEvaluationSide(sample, 'mrz');
    const page = await createAnalysisEngine().analyzeFront(image);
    expect(page.mrz?.valid).toBe(true);
    expect(page.mrz?.raw).toBe(truth.mrz?.join('\n'));
  }, 180_000);

  it('reads a page whose outline was found across its MRZ, and a card back cut at its last column (development set 2020, 1541)', async () => {
    // 2020: a 12 MP passport page in the inverted face, its low-contrast bottom edge found across
    // the MRZ, which runs out of the flattened page; the whole photo at 1000 px gives its glyphs
    // 11 px, and no MRZ was read. 1541: a residence permit whose found outline cut off the
    // MRZ's last column (the side was refused).
    const page = evaluationSample('tuned', 2020);
    expect(page.kind).toBe('passport');
    const pageSide = await renderEvaluationSide(page, 'mrz');
    const read = await createAnalysisEngine().analyzeFront(pageSide.image);
    expect(read.mrz?.raw).toBe(pageSide.truth.mrz?.join('\n'));
    const card = evaluationSample('tuned', 1541);
    const [front, back] = await Promise.all([
      renderEvaluationSide(card, 'front'),
      renderEvaluationSide(card, 'mrz'),
    ]);
    const engine = createAnalysisEngine();
    const answer = await engine.analyzeBack(back.image, await engine.analyzeFront(front.image));
    expect(answer.mrz?.raw).toBe(back.truth.mrz?.join('\n'));
    expect(answer.crossCheck.consistent).toBe(true);
  }, 240_000);
});
