import { afterAll, describe, expect, it } from 'vitest';
import { closeMrzTesseract } from '../models/tesseract.js';
import { generateIdentity } from '../testing/identity.js';
import { locatedPassportPage } from '../testing/located-page.js';
import { buildMrzLines } from '../testing/mrz-lines.js';
import { printedFieldsOf } from '../testing/printed-fields.js';
import type { MrzResult } from '../types.js';
import { confirmNameFillers } from './glyph-name-fillers.js';
import { decideIdentity } from './identity-decision.js';
import { mrzCandidates, mrzFromCandidates } from './mrz-read.js';

afterAll(() => closeMrzTesseract());

const person = {
  ...generateIdentity('glyph-name-fillers'),
  lastNames: 'KOWALCZYK',
  firstNames: 'MARIA JOSE',
};

/** The page's MRZ as PaddleOCR would read it, its name line rewritten by `misread`. */
function reading(lines: readonly string[], misread: (nameLine: string) => string): MrzResult {
  return mrzFromCandidates(
    mrzCandidates(lines.map((line, i) => (i === 0 ? misread(line) : line))),
    'paddleocr',
  ) as MrzResult;
}

describe('a filler OCR dropped between two printed words of an MRZ name', () => {
  it('is put back where the printed name has its space and the cells show it (development 2956)', async () => {
    const printed = buildMrzLines(person, 'passport');
    const located = await locatedPassportPage(person, 'regular');
    // The `<` between MARIA and JOSE lost, the row one character short, padded at its end.
    const asRead = reading(printed, (line) => `${line.replace('MARIA<JOSE', 'MARIAJOSE')}<`);
    expect(asRead.raw).not.toBe(printed.join('\n'));
    const decide = (mrz: MrzResult) =>
      decideIdentity({ mrz, viz: printedFieldsOf(person, {}), barcodes: [] });
    const accepted = decide(asRead);
    // The name rules let a separator be written as nothing: both readings agree on the name.
    expect(accepted.crossCheck.consistent).toBe(true);
    const confirmed = confirmNameFillers(located, accepted, decide);
    expect(confirmed.crossCheck.consistent).toBe(true);
    expect(confirmed.mrz?.raw).toBe(printed.join('\n'));
    expect(confirmed.fields.firstNames).toBe('MARIA JOSE');
  }, 30_000);

  it('is not put in where the cells show the words run together', async () => {
    // The document writes the given names as one word; the front's OCR split them.
    const oneWord = { ...person, firstNames: 'MARIAJOSE' };
    const printed = buildMrzLines(oneWord, 'passport');
    const located = await locatedPassportPage(oneWord, 'regular');
    const asRead = reading(printed, (line) => line);
    const decide = (mrz: MrzResult) =>
      decideIdentity({
        mrz,
        viz: printedFieldsOf(oneWord, { firstNames: 'MARIA JOSE' }),
        barcodes: [],
      });
    const accepted = decide(asRead);
    expect(accepted.crossCheck.consistent).toBe(true);
    expect(confirmNameFillers(located, accepted, decide)).toBe(accepted);
  }, 30_000);
});
