import { afterAll, describe, expect, it } from 'vitest';
import { createAnalysisEngine } from '../engine.js';
import { closeMrzTesseract } from '../models/tesseract.js';
import {
  developmentSample,
  evaluationSample,
  renderEvaluationSide,
} from '../testing/evaluation-set.js';
import { generateIdentity } from '../testing/identity.js';
import { locatedPassportPage } from '../testing/located-page.js';
import { buildMrzLines } from '../testing/mrz-lines.js';
import { renderDocument } from '../testing/render-document.js';
import { combinedReading, mrzAsRead, readMrzByGlyphs } from './glyph-mrz-reader.js';
import { mrzFromCandidates, mrzCandidates } from './mrz-read.js';
import { decodeAndLocate } from './upload-cache.js';
import type { MrzResult } from '../types.js';

afterAll(() => closeMrzTesseract());

const identity = {
  ...generateIdentity('glyph-mrz-reader'),
  lastNames: 'WOJCIK',
  firstNames: 'MWANA',
};

describe('the glyph classifier as a whole MRZ reader', () => {
  it('reads a passport page on the solid, hollow and inverted faces, letter for letter', async () => {
    const printed = buildMrzLines(identity, 'passport').join('\n');
    for (const face of ['regular', 'outline', 'inverted'] as const) {
      const mrz = readMrzByGlyphs(await locatedPassportPage(identity, face), ['TD3']);
      expect(mrz?.valid, face).toBe(true);
      expect(mrz?.raw, face).toBe(printed);
      expect(mrz?.reader).toBe('glyphs');
    }
  }, 60_000);

  it('reads a card back as the format its rows hold, and nothing on a side without an MRZ', async () => {
    const render = async (side: 'front' | 'back') =>
      (
        await decodeAndLocate(
          (
            await renderDocument(identity, {
              kind: 'id-card',
              side,
              family: 'ribbon',
              mrzFont: 'sharp',
            })
          ).image,
          side,
        )
      ).located;
    const back = await render('back');
    expect(readMrzByGlyphs(back, ['TD3'])).toBeNull();
    expect(readMrzByGlyphs(back, ['TD1', 'TD2'])?.raw).toBe(
      buildMrzLines(identity, 'id-card').join('\n'),
    );
    expect(readMrzByGlyphs(await render('front'), ['TD1', 'TD2'])).toBeNull();
  }, 60_000);

  it('takes its lines as read: no repair may make a misread cell hold its check digit', () => {
    // Development print 1843: the hollow H of H4732373J classified B; the repair's one
    // substitution then made the digit hold with 7 read T (B4T32373J).
    const lines = buildMrzLines({ ...identity, documentNumber: 'H4732373J' }, 'passport');
    expect(mrzAsRead(lines, 'TD3')?.fields.documentNumber).toBe('H4732373J');
    const misread = [lines[0] as string, 'B' + (lines[1] as string).slice(1)];
    expect(mrzFromCandidates(mrzCandidates(misread), 'glyphs')?.valid).toBe(true);
    expect(mrzAsRead(misread, 'TD3')).toBeNull();
    expect(mrzAsRead(lines, 'TD1')).toBeNull();
  });

  it('reads no MRZ whose check digits hold only after a repair (a tampered digit stays unread)', async () => {
    for (const tamperCheckDigit of ['documentNumber', 'birthDate', 'composite'] as const) {
      const { image } = await renderDocument(identity, {
        kind: 'passport',
        side: 'front',
        family: 'classic',
        tamperCheckDigit,
      });
      const { located } = await decodeAndLocate(image, 'front');
      expect(readMrzByGlyphs(located, ['TD3']), tamperCheckDigit).toBeNull();
    }
  }, 60_000);

  it('reads the page of a low-contrast scan whose rows no OCR look read (development 1489)', async () => {
    // A passport page in the hollow face, scanned at low contrast, no outline found: PaddleOCR's
    // looks and tesseract read no MRZ, and the page was refused UNREADABLE_DOCUMENT.
    const sample = evaluationSample('tuned', 1489);
    expect(sample.family).not.toBe('meridian');
    const { image, truth } = await renderEvaluationSide(sample, 'mrz');
    const page = await createAnalysisEngine().analyzeFront(image);
    expect(page.mrz?.reader).toBe('glyphs');
    expect(page.mrz?.raw).toBe(truth.mrz?.join('\n'));
    expect(page.crossCheck?.consistent).toBe(true);
  }, 180_000);
});

describe('the classifier and the OCR combined cell by cell', () => {
  it('takes the cells the classifier is sure of over the OCR’s misreads of the hollow face', async () => {
    const printed = buildMrzLines(identity, 'passport');
    const located = await locatedPassportPage(identity, 'outline');
    // PaddleOCR on the hollow face: `W` and `M` read `H`, the fillers of the names read `K`.
    const names = (printed[0] as string).slice(5).replace(/[WM]/g, 'H').replace(/</g, 'K');
    const ocr = mrzFromCandidates(
      mrzCandidates([(printed[0] as string).slice(0, 5) + names, printed[1] as string]),
      'paddleocr',
    );
    expect(ocr?.valid).toBe(true);
    expect(ocr?.fields.lastName).not.toBe('WOJCIK');
    const combined = combinedReading(located, ocr as MrzResult);
    expect(combined?.raw).toBe(printed.join('\n'));
    expect(combined?.reader).toBe('glyphs');
    expect(combined?.repairs).toEqual([]);
  }, 60_000);

  it('gives nothing for a page whose cells cannot be cut in the reading’s format', async () => {
    const located = await locatedPassportPage(identity, 'regular');
    const card = mrzFromCandidates(buildMrzLines(identity, 'id-card'), 'paddleocr');
    expect(card?.format).toBe('TD1');
    expect(combinedReading(located, card as MrzResult)).toBeNull();
  }, 60_000);

  it('reads the hollow-face page whose OCR names line and glyph number each failed (development print 1843)', async () => {
    // PaddleOCR read `PKHARHISNIEHSKIKKDIEGOKTOHASKKK…` for `P<MARWISNIEWSKI<<DIEGO<TOMAS<<…`,
    // too far from the printed names for any repair, while the classifier, sure of every cell of
    // that line, took the number's hollow `H` for `B` (unsure). Combined, the page reads right.
    const sample = developmentSample(1843, { mrzZone: 'print', mrzFont: 'outline' });
    expect(sample.family).not.toBe('meridian');
    const { image, truth } = await renderEvaluationSide(sample, 'mrz');
    const page = await createAnalysisEngine().analyzeFront(image);
    expect(page.mrz?.raw).toBe(truth.mrz?.join('\n'));
    expect(page.crossCheck?.consistent).toBe(true);
  }, 180_000);
});
