import { describe, expect, it } from 'vitest';
import { generateIdentity } from '../testing/identity.js';
import { locatedPassportPage } from '../testing/located-page.js';
import { buildMrzLines } from '../testing/mrz-lines.js';
import type { MrzResult } from '../types.js';
import { checkDigitsByGlyphs } from './glyph-check-digits.js';
import { mrzLayoutOf, mrzResultFromLines } from './mrz-read.js';

const identity = { ...generateIdentity('glyph-check-digits'), lastNames: 'OKAFOR' };
const printed = buildMrzLines(identity, 'passport');

/** The page's MRZ as read, with `char` at `column` of the second line. */
function readWith(column: number, char: string, lines = printed): MrzResult {
  const second = lines[1] as string;
  const read = [lines[0] as string, second.slice(0, column) + char + second.slice(column + 1)];
  return mrzResultFromLines(read, mrzLayoutOf('TD3'), 'paddleocr', []) as MrzResult;
}

describe('a check digit read from its cell', () => {
  it('puts in a composite or field digit that OCR read as a filler, where the cell shows it', async () => {
    const page = await locatedPassportPage(identity, 'outline');
    for (const column of [43, 19]) {
      const read = readWith(column, '<');
      expect(read.valid).toBe(false);
      const settled = checkDigitsByGlyphs(page, read);
      expect(settled?.valid).toBe(true);
      expect(settled?.raw).toBe(printed.join('\n'));
      expect(settled?.repairs).toContainEqual({
        line: 1,
        column,
        from: '<',
        to: printed[1]?.[column],
      });
    }
  }, 30_000);

  it('never replaces a digit OCR read as another digit, nor settles a misread elsewhere', async () => {
    const page = await locatedPassportPage(identity, 'regular');
    const digit = printed[1]?.[43] as string;
    const other = String((Number(digit) + 1) % 10);
    expect(checkDigitsByGlyphs(page, readWith(43, other))).toBeNull();
    // The birth date misread in one digit with its check digit read as a filler: the cells show
    // another date than the reading, and the digit the misread date computes is not printed.
    const birth = printed[1]?.[14] as string;
    const misread = readWith(14, String((Number(birth) + 3) % 10));
    const both = readWith(19, '<', misread.raw.split('\n'));
    expect(checkDigitsByGlyphs(page, both)).toBeNull();
  }, 30_000);
});
