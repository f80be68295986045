/**
 * A printed name as the visual zone's OCR returns it. That OCR has no diacritics in its alphabet:
 * it reads `É` as `E`, but also the letters that Unicode does not decompose into a base letter and
 * a mark (`Ø`, `Ł`, `Đ`, `Ħ`…) as their base letter, and `ß`, whose shape it does not know, as `B`,
 * `S`, `E` or `SS`. Two readings of one name are compared in this form.
 */
import { positionDifferences } from './ocr-misreads.js';

/**
 * Letters with a stroke or a ligature that NFD leaves whole, as a diacritic-less OCR reads them.
 * ICAO 9303 writes them the same way in the MRZ, except where `mrz-names.ts` lists other forms.
 */
export const STROKE_LETTERS: Readonly<Record<string, string>> = {
  Ø: 'O',
  Ł: 'L',
  Đ: 'D',
  Ð: 'D',
  Ħ: 'H',
  Ŧ: 'T',
  Ŀ: 'L',
  Ŋ: 'N',
  Ƶ: 'Z',
  Æ: 'AE',
  Œ: 'OE',
  Ĳ: 'IJ',
  Þ: 'TH',
};

/**
 * The upper-case letters and digits of `text` with its diacritics dropped, each stroke letter read
 * as its base letter, and `ß` as `sharpS`; `null` when nothing is left.
 */
export function plainLetters(text: string, sharpS = 'SS'): string | null {
  const plain = [...text.replace(/[ßẞ]/g, sharpS).toUpperCase()]
    .map((char) => STROKE_LETTERS[char] ?? char)
    .join('')
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^A-Z0-9]/g, '');
  return plain.length > 0 ? plain : null;
}

/**
 * Two readings of one printed name agree letter for letter, diacritics aside (the VIZ OCR drops
 * them) and `ß` as the `B`, `S`, `E` or `SS` that OCR reads for it.
 */
export function sameLetters(a: string, b: string): boolean {
  return ['B', 'S', 'E', 'SS'].some((sharpS) => {
    const plainA = plainLetters(a, sharpS);
    return plainA !== null && plainA === plainLetters(b, sharpS);
  });
}

/**
 * Two readings of one printed name that differ by one misread letter: as many letters, at least
 * four, and exactly one position different (`TUKASZ` read for `ŁUKASZ`).
 */
export function oneLetterApart(a: string, b: string): boolean {
  const plainA = plainLetters(a);
  const plainB = plainLetters(b);
  if (plainA === null || plainB === null) return false;
  return plainA.length >= 4 && positionDifferences(plainA, plainB) === 1;
}
