import { afterAll, describe, expect, it } from 'vitest';
import { createAnalysisEngine } from '../engine.js';
import { closeMrzTesseract } from '../models/tesseract.js';
import {
  developmentSample,
  evaluationSample,
  renderEvaluationSide,
} from '../testing/evaluation-set.js';
import { generateIdentity, type Identity } from '../testing/identity.js';
import { locatedPassportPage } from '../testing/located-page.js';
import { printedFieldsOf } from '../testing/printed-fields.js';
import { buildMrzLines } from '../testing/mrz-lines.js';
import type { MrzResult } from '../types.js';
import { classifyGlyph } from './glyph-classifier.js';
import {
  clearAnswer,
  confirmAcceptedNames,
  glyphReaderForNames,
  nameLettersByGlyphs,
} from './glyph-evidence.js';
import { decideIdentity } from './identity-decision.js';
import { mrzCells } from './mrz-cells.js';
import { mrzCandidates, mrzFromCandidates } from './mrz-read.js';

afterAll(() => closeMrzTesseract());

const identity = {
  ...generateIdentity('glyph-evidence'),
  lastNames: 'NGUYEN',
  firstNames: 'MWANA',
};

/** The page MRZ of `person` as PaddleOCR would read it, `printed` in its name line read `read`. */
function pageReadAs(person: Identity, printed = '', read = printed): MrzResult {
  const lines = buildMrzLines(person, 'passport');
  lines[0] = (lines[0] as string).replace(printed, read);
  return mrzFromCandidates(mrzCandidates(lines), 'paddleocr') as MrzResult;
}

/** The page's MRZ as PaddleOCR would read it, `MWANA` read as `given`. */
const reading = (given: string): MrzResult => pageReadAs(identity, 'MWANA', given);

describe('the glyph classifier on real cells', () => {
  it('reads the name letters of a hollow-face MRZ as printed', async () => {
    const lines = buildMrzLines(identity, 'passport');
    const cut = mrzCells((await locatedPassportPage(identity, 'outline')).rectified, [44, 44]);
    const first = lines[0] as string;
    for (const at of [0, 5, first.indexOf('MWANA'), first.indexOf('MWANA') + 1, 43]) {
      const answers = classifyGlyph(cut?.rows[0]?.[at] as Float32Array);
      const best = [...answers].sort((a, b) => b[1] - a[1])[0]?.[0];
      expect(best, `cell ${at}`).toBe(first[at]);
    }
  }, 30_000);
});

describe('the glyph classifier as evidence for a name letter', () => {
  /** The decision on an MRZ reading against a front whose given name read `firstNames`. */
  const decideWithPrintedGivenName = (firstNames: string) => (mrz: MrzResult) =>
    decideIdentity({ mrz, viz: printedFieldsOf(identity, { firstNames }), barcodes: [] });

  it('puts back a hollow W that the reading took for M, where the printed name reads W', async () => {
    const located = await locatedPassportPage(identity, 'outline');
    const first = reading('MMANA');
    const decide = decideWithPrintedGivenName('MWANA');
    const refused = decide(first);
    expect(refused.crossCheck.consistent).toBe(false);
    const decided = glyphReaderForNames(located, first, refused, decide);
    expect(decided.crossCheck.consistent).toBe(true);
    expect(decided.mrz?.raw.split('\n')[0]).toContain('<<MWANA<');
    expect(decided.fields.firstNames).toBe('MWANA');
  }, 30_000);

  it('keeps the refusal where the front read a W that the MRZ cell does not show (a printed M)', async () => {
    const located = await locatedPassportPage(identity, 'outline');
    const first = reading('MWANA');
    // The front's OCR misread the printed `M` as `W`: the MRZ cell shows `M`, so nothing changes.
    const decide = decideWithPrintedGivenName('WWANA');
    const refused = decide(first);
    expect(refused.crossCheck.consistent).toBe(false);
    expect(nameLettersByGlyphs(located, first)).toBeNull();
    expect(glyphReaderForNames(located, first, refused, decide)).toBe(refused);
  }, 30_000);

  it('reports the letters the cells show when the printed name has a misread of its own', async () => {
    // PaddleOCR read the filler between the given names as `K`, and the front's OCR read the
    // printed `JOSE` as `JOSF` (development sample 2589's kind): the readings cannot agree, the
    // side stays refused, and the refusal's MRZ is the one printed, not the `K`.
    const person = { ...identity, firstNames: 'MARIA JOSE' };
    const located = await locatedPassportPage(person, 'regular');
    const withK = pageReadAs(person, 'MARIA<JOSE', 'MARIAKJOSE');
    const decide = (mrz: MrzResult) =>
      decideIdentity({
        mrz,
        viz: printedFieldsOf(person, { firstNames: 'MARIA JOSF' }),
        barcodes: [],
      });
    const refused = decide(withK);
    expect(refused.crossCheck.consistent).toBe(false);
    expect(refused.mrz?.raw.split('\n')[0]).toContain('MARIAKJOSE');
    const reported = glyphReaderForNames(located, withK, refused, decide);
    expect(reported.crossCheck.consistent).toBe(false);
    expect(reported.mrz?.raw).toBe(buildMrzLines(person, 'passport').join('\n'));
    expect(reported.crossCheck.mismatches.map((m) => m.field)).toEqual(['firstNames']);
  }, 30_000);

  it('refuses a name that the MRZ and the printed name misread alike, where the cells show otherwise', async () => {
    const located = await locatedPassportPage(identity, 'outline');
    // PaddleOCR read `M` as `N` in both (development sample 1948): the readings agree on `NWANA`.
    const first = reading('NWANA');
    const decide = decideWithPrintedGivenName('NWANA');
    const accepted = decide(first);
    expect(accepted.crossCheck.consistent).toBe(true);
    const checked = confirmAcceptedNames(located, accepted, decide);
    expect(checked.crossCheck.consistent).toBe(false);
    expect(checked.crossCheck.mismatches).toEqual([
      { field: 'firstNames', front: 'NWANA', back: 'MWANA' },
    ]);
  }, 30_000);

  it('refuses a name whose MRZ letter a slip of the printed name turned into a filler, where the cell shows the letter', async () => {
    // The printed JOSÉ read `JO E`: the filler repair (S, K, C, E for `<` where the printed name
    // has a space) made the MRZ's right `JOSE` into `JO<E`, and both readings agreed on a wrong
    // name (held-out 1831, accepted wrong before this check).
    const person = { ...identity, firstNames: 'MARIA JOSE' };
    const located = await locatedPassportPage(person, 'regular');
    const asRead = pageReadAs(person);
    const decide = (mrz: MrzResult) =>
      decideIdentity({
        mrz,
        viz: printedFieldsOf(person, { firstNames: 'MARIA JO E' }),
        barcodes: [],
      });
    const accepted = decide(asRead);
    expect(accepted.crossCheck.consistent).toBe(true);
    expect(accepted.mrz?.raw.split('\n')[0]).toContain('<<MARIA<JO<E<');
    const checked = confirmAcceptedNames(located, accepted, decide);
    expect(checked.crossCheck.consistent).toBe(false);
    expect(checked.crossCheck.mismatches).toEqual([
      { field: 'firstNames', front: 'MARIA JO E', back: 'MARIA JOSE' },
    ]);
    // A filler repair the cell shows (a `<` read `K`) stands.
    const withK = pageReadAs(person, 'MARIA<JOSE', 'MARIAKJOSE');
    const decideRight = (mrz: MrzResult) =>
      decideIdentity({ mrz, viz: printedFieldsOf(person, {}), barcodes: [] });
    const repaired = decideRight(withK);
    expect(repaired.crossCheck.consistent).toBe(true);
    expect(repaired.mrz?.repairs.some((r) => r.from === 'K' && r.to === '<')).toBe(true);
    expect(confirmAcceptedNames(located, repaired, decideRight)).toBe(repaired);
  }, 30_000);

  it('leaves an accepted name alone where the cells show its letters', async () => {
    const located = await locatedPassportPage(identity, 'outline');
    const first = reading('MWANA');
    const decide = decideWithPrintedGivenName('MWANA');
    const accepted = decide(first);
    expect(accepted.crossCheck.consistent).toBe(true);
    expect(confirmAcceptedNames(located, accepted, decide)).toBe(accepted);
  }, 30_000);

  it('answers only with a clear share, a first choice, and a letter of the read one’s group', () => {
    const answers = (entries: [string, number][]) => new Map(entries);
    expect(
      clearAnswer(
        answers([
          ['W', 0.95],
          ['M', 0.05],
        ]),
        'M',
        'WMNHV',
      ),
    ).toBe('W');
    // Unsure: the side stays as read (refused, if the names disagree).
    expect(
      clearAnswer(
        answers([
          ['W', 0.6],
          ['M', 0.4],
        ]),
        'M',
        'WMNHV',
      ),
    ).toBeNull();
    // Not its first choice.
    expect(
      clearAnswer(
        answers([
          ['A', 0.5],
          ['W', 0.45],
          ['M', 0.05],
        ]),
        'M',
        'WMNHV',
      ),
    ).toBeNull();
    // Outside the group: never a letter no confusion explains.
    expect(
      clearAnswer(
        answers([
          ['A', 0.99],
          ['M', 0.01],
        ]),
        'M',
        'WMNHV',
      ),
    ).toBeNull();
    expect(
      clearAnswer(
        answers([
          ['<', 0.97],
          ['K', 0.03],
        ]),
        'K',
        'K<',
      ),
    ).toBe('<');
  });
});

describe('the glyph classifier in the reader', () => {
  it('reads a hollow W that PaddleOCR read as M and no second reading put right (development set 1033)', async () => {
    // A passport page, MRZ over the security print in the hollow face, scanned small: PaddleOCR
    // reads `KOMALCZYK` for `KOWALCZYK` (valid: no digit covers a name), neither its other scale
    // nor tesseract gives a reading that agrees with the printed name, and the page was refused
    // (SIDES_MISMATCH). The cell of that W reads W, and every other cell as the MRZ does.
    const sample = developmentSample(1033, { mrzZone: 'print', mrzFont: 'outline' });
    expect(sample.family).not.toBe('meridian');
    const { image, truth } = await renderEvaluationSide(sample, 'mrz');
    const page = await createAnalysisEngine().analyzeFront(image);
    expect(page.crossCheck?.consistent).toBe(true);
    expect(page.mrz?.raw).toBe(truth.mrz?.join('\n'));
  }, 180_000);

  it('refuses a page whose MRZ and printed name PaddleOCR misread alike (development set 1948)', async () => {
    // An oblique-face passport page photographed on a screen: PaddleOCR reads `WEISSNUELLER` in
    // the MRZ and `WEISSNULLER` on the page for `WEISSMÜLLER` (its `M` read `N` in both faces), the
    // two agree by ICAO's rules, and the page was accepted with the wrong surname.
    const sample = evaluationSample('tuned', 1948);
    const { image, truth } = await renderEvaluationSide(sample, 'mrz');
    expect(truth.mrz?.[0]).toContain('WEISSMUELLER');
    const page = await createAnalysisEngine().analyzeFront(image);
    expect(page.crossCheck?.consistent).toBe(false);
    expect(page.crossCheck?.mismatches).toContainEqual(
      expect.objectContaining({ field: 'lastNames', back: 'SZABO WEISSMUELLER' }),
    );
  }, 180_000);
});
