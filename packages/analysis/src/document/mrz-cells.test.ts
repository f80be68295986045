import { describe, expect, it } from 'vitest';
import { generateIdentity } from '../testing/identity.js';
import { locatedPassportPage } from '../testing/located-page.js';
import { resizeRgb } from '../image/decode.js';
import { mrzCells } from './mrz-cells.js';

const identity = { ...generateIdentity('mrz-cells'), lastNames: 'NGUYEN', firstNames: 'MWANA' };

describe('the MRZ cells of a flattened document', () => {
  it('cuts each row into its 44 characters, on the solid, hollow and inverted faces', async () => {
    for (const face of ['regular', 'outline', 'inverted'] as const) {
      const cut = mrzCells((await locatedPassportPage(identity, face)).rectified, [44, 44]);
      expect(cut?.rows.map((row) => row.length)).toEqual([44, 44]);
      expect(cut?.inverted).toBe(face === 'inverted');
    }
  }, 60_000);

  it('numbers the cells gap by gap, where a whole-pixel pitch would drift by a cell along the row', async () => {
    // Tuned sample 1591 (oblique face, 12 MP): a pitch of 20.3 px, guessed 20, put the line's
    // 44th glyph in a 45th cell and nothing was cut. The same happens to these two pages.
    for (const [face, width] of [
      ['oblique', 900],
      ['inverted-sharp', 1000],
    ] as const) {
      const page = await resizeRgb((await locatedPassportPage(identity, face)).rectified, width);
      expect(mrzCells(page, [44, 44])?.rows.map((row) => row.length)).toEqual([44, 44]);
    }
  }, 60_000);

  it('is no cut where the rows do not hold the lengths asked (a TD3 taken for a TD1)', async () => {
    expect(
      mrzCells((await locatedPassportPage(identity, 'regular')).rectified, [30, 30, 30]),
    ).toBeNull();
  }, 30_000);
});
