import { afterAll, describe, expect, it } from 'vitest';
import { createAnalysisEngine } from '../engine.js';
import { closeMrzTesseract } from '../models/tesseract.js';
import { evaluationSample, renderEvaluationSide } from '../testing/evaluation-set.js';
import { generateIdentity } from '../testing/identity.js';
import { locatedPassportPage } from '../testing/located-page.js';
import { buildMrzLines } from '../testing/mrz-lines.js';
import { renderDocument } from '../testing/render-document.js';
import { mrzAsRead, readMrzByGlyphs } from './glyph-mrz-reader.js';
import { mrzFromCandidates, mrzCandidates } from './mrz-read.js';
import { decodeAndLocate } from './upload-cache.js';

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
