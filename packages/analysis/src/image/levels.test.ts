import { describe, expect, it } from 'vitest';
import type { DecodedImage } from './decode.js';
import { stretchDarkLevels } from './levels.js';

/** A 100 × 100 grey image: `paper` everywhere, `ink` on its first 20 rows. */
function page(paper: number, ink: number): DecodedImage {
  const data = Buffer.alloc(100 * 100 * 3, paper);
  data.fill(ink, 0, 20 * 100 * 3);
  return { data, width: 100, height: 100, scale: 1 };
}

describe('levels of an underexposed photo', () => {
  it('stretches a photo taken in the dark so that ink and paper span the range', () => {
    // Three grey levels apart, as a 12 MP photo in a dark room comes out of the JPEG encoder.
    const stretched = stretchDarkLevels(page(3, 0));
    expect(stretched.data[0]).toBe(0);
    expect(stretched.data[stretched.data.length - 1]).toBe(255);
  });

  it('leaves a lit photo, and a photo with no contrast at all, as they are', () => {
    const lit = page(200, 20);
    expect(stretchDarkLevels(lit)).toBe(lit);
    const flat = page(5, 5);
    expect(stretchDarkLevels(flat)).toBe(flat);
  });
});
