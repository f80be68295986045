import { describe, expect, it } from 'vitest';
import { generateIdentity } from '../testing/identity.js';
import { locatedPassportPage } from '../testing/located-page.js';
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

  it('is no cut where the rows do not hold the lengths asked (a TD3 taken for a TD1)', async () => {
    expect(
      mrzCells((await locatedPassportPage(identity, 'regular')).rectified, [30, 30, 30]),
    ).toBeNull();
  }, 30_000);
});
