import { describe, expect, it } from 'vitest';
import { generateIdentity } from '../testing/identity.js';
import { locatedPassportPage } from '../testing/located-page.js';
import { buildMrzLines } from '../testing/mrz-lines.js';
import { printedFieldsOf } from '../testing/printed-fields.js';
import type { MrzResult } from '../types.js';
import {
  confirmAcceptedNumber,
  confirmRepairedNumber,
  repairsOfNumber,
} from './glyph-number-check.js';
import { decideIdentity, type IdentityDecision } from './identity-decision.js';
import { mrzFromCandidates } from './mrz-read.js';

const identity = generateIdentity('glyph-number-check');
const printed = buildMrzLines(identity, 'passport');
const printedNumber = identity.documentNumber;
/** Look-alikes the repair's one substitution chooses between. */
const LOOK_ALIKES: Readonly<Record<string, string>> = {
  '0': 'O',
  O: '0',
  '1': 'I',
  I: '1',
  '2': 'Z',
  Z: '2',
  '5': 'S',
  S: '5',
  '6': 'G',
  G: '6',
  '8': 'B',
  B: '8',
};

/** No printed data and no barcode: the MRZ's number is read by the MRZ alone. */
const decide = (mrz: MrzResult | null): IdentityDecision =>
  decideIdentity({ mrz, viz: null, barcodes: [] });

/** The page's MRZ as the pipeline reads it (repairs included) with `char` at `column` of line 2. */
function readWith(column: number, char: string): MrzResult | null {
  const second = printed[1] as string;
  return mrzFromCandidates(
    [printed[0] as string, second.slice(0, column) + char + second.slice(column + 1)],
    'paddleocr',
  );
}

describe('a document-number character the repair chose', () => {
  it('stands when its cell shows the chosen character', async () => {
    // A look-alike misread (`O` for `0`) that the one substitution puts back.
    const read = [...printedNumber]
      .map((char, column) => (LOOK_ALIKES[char] ? readWith(column, LOOK_ALIKES[char]) : null))
      .find((mrz) => mrz?.valid && mrz.raw === printed.join('\n'));
    expect(read).toBeDefined();
    const mrz = read as MrzResult;
    expect(repairsOfNumber(mrz)).toHaveLength(1);
    const decision = decide(mrz);
    const page = await locatedPassportPage(identity, 'regular');
    expect(confirmRepairedNumber(page, decision, decide)).toBe(decision);
  }, 30_000);

  it('is undone, and the side refused, when its cell shows another', async () => {
    // One misread the check digit catches (a letter or digit read as another), which the one
    // substitution "repairs" elsewhere into another valid number (`BYW34621Z` for `KYW346212`).
    const candidates = [...printedNumber].flatMap((_, column) =>
      [...'ABCDEFGHJKLMNPRTUVWXY0123456789'].map((char) => readWith(column, char)),
    );
    const wrong = candidates.find(
      (mrz) =>
        mrz?.valid &&
        mrz.fields.documentNumber !== printedNumber &&
        repairsOfNumber(mrz).length > 0,
    );
    expect(wrong).toBeDefined();
    const mrz = wrong as MrzResult;
    const decision = decide(mrz);
    // Without the classifier, the wrong number would be accepted: nothing contradicts it.
    expect(decision.mrz?.valid).toBe(true);
    expect(decision.crossCheck.consistent).toBe(true);
    const page = await locatedPassportPage(identity, 'regular');
    const checked = confirmRepairedNumber(page, decision, decide);
    expect(checked.mrz?.valid).toBe(false);
    expect(checked.mrz?.checks['documentNumber']?.valid).toBe(false);
    expect(repairsOfNumber(checked.mrz as MrzResult)).toHaveLength(0);
  }, 30_000);

  it('is left to the cross-check when the printed data read the number', async () => {
    const read = [...printedNumber]
      .map((char, column) => (LOOK_ALIKES[char] ? readWith(column, LOOK_ALIKES[char]) : null))
      .find((mrz) => mrz?.valid && mrz.raw === printed.join('\n')) as MrzResult;
    const viz = { ...decide(read).fields, idNumber: printedNumber };
    const decision = decideIdentity({ mrz: read, viz, barcodes: [] });
    expect(decision.crossCheck.compared).toContain('idNumber');
    const page = await locatedPassportPage(identity, 'regular');
    expect(confirmRepairedNumber(page, decision, decide)).toBe(decision);
  }, 30_000);
});

describe('the number of an accepted side, asked of the classifier', () => {
  /** An identity whose number holds a `G`, which OCR may read `6`: their check values differ by ten. */
  const person = { ...generateIdentity('accepted-number'), documentNumber: 'X7627657G' };
  const lines = buildMrzLines(person, 'passport');

  it('refuses a G read 6 in the MRZ and on the page alike, where the cell shows G', async () => {
    const misread = [lines[0] as string, (lines[1] as string).replace('X7627657G', 'X76276576')];
    const mrz = mrzFromCandidates(misread, 'paddleocr') as MrzResult;
    // The check digit cannot see it: the wrong number is valid as read.
    expect(mrz.valid).toBe(true);
    expect(mrz.fields.documentNumber).toBe('X76276576');
    const viz = printedFieldsOf(person, { idNumber: 'X76276576' });
    const accepted = decideIdentity({ mrz, viz, barcodes: [] });
    expect(accepted.crossCheck.consistent).toBe(true);
    const located = await locatedPassportPage(person, 'regular');
    const checked = confirmAcceptedNumber(located, accepted);
    expect(checked.crossCheck.consistent).toBe(false);
    expect(checked.crossCheck.mismatches).toEqual([
      { field: 'idNumber', front: 'X76276576', back: 'X7627657G' },
    ]);
  }, 30_000);

  it('leaves a number alone where its cells show it', async () => {
    const mrz = mrzFromCandidates(lines, 'paddleocr') as MrzResult;
    const viz = printedFieldsOf(person, {});
    const accepted = decideIdentity({ mrz, viz, barcodes: [] });
    expect(accepted.crossCheck.consistent).toBe(true);
    const located = await locatedPassportPage(person, 'regular');
    expect(confirmAcceptedNumber(located, accepted)).toBe(accepted);
  }, 30_000);
});
