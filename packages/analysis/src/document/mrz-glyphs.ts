/**
 * Look-alike glyphs that OCR engines return for the OCR-B characters of a machine-readable zone.
 *
 * PaddleOCR's recogniser has a Chinese/multilingual dictionary: it answers `×` for the OCR-B `X`,
 * `く`, `‹` or `〈` for the filler `<`, `«` for two fillers, full-width forms, and Cyrillic or Greek
 * capitals for Latin ones. Deleting such a glyph shifts every later position of the line and breaks
 * the check digits; each is mapped to the MRZ character it stands for instead.
 */

/** Look-alikes of the filler; `«`-like glyphs stand for two fillers. */
const FILLER_GLYPHS: Readonly<Record<string, string>> = {
  '‹': '<',
  '〈': '<',
  '⟨': '<',
  '⟪': '<<',
  '«': '<<',
  '《': '<<',
  '≪': '<<',
  く: '<',
  ㄑ: '<',
  '∠': '<',
  '(': '<',
  '[': '<',
  '{': '<',
  '≤': '<',
  '⩽': '<',
};

/** Look-alikes of Latin capitals and digits (after NFKC and upper-casing). */
const LETTER_GLYPHS: Readonly<Record<string, string>> = {
  // Multiplication signs and crosses read for the OCR-B `X`.
  '×': 'X',
  '✕': 'X',
  '✖': 'X',
  '╳': 'X',
  '⨯': 'X',
  '☓': 'X',
  // Cyrillic capitals that look Latin.
  А: 'A',
  В: 'B',
  Е: 'E',
  Ё: 'E',
  К: 'K',
  М: 'M',
  Н: 'H',
  О: 'O',
  Р: 'P',
  С: 'C',
  Т: 'T',
  Х: 'X',
  У: 'Y',
  Ү: 'Y',
  І: 'I',
  Ї: 'I',
  Ј: 'J',
  Ѕ: 'S',
  Ԛ: 'Q',
  Ԝ: 'W',
  Ԁ: 'D',
  З: '3',
  Ь: 'B',
  // Greek capitals that look Latin.
  Α: 'A',
  Β: 'B',
  Ε: 'E',
  Ζ: 'Z',
  Η: 'H',
  Ι: 'I',
  Κ: 'K',
  Μ: 'M',
  Ν: 'N',
  Ο: 'O',
  Ρ: 'P',
  Τ: 'T',
  Υ: 'Y',
  Χ: 'X',
  // Latin letters without a decomposition.
  Ø: '0',
  Ł: 'L',
  Đ: 'D',
  Ð: 'D',
  Ħ: 'H',
  ẞ: 'B',
  ß: 'B',
  // Vertical bars read for `I` / `1`.
  '|': 'I',
  '¦': 'I',
  ǀ: 'I',
  '!': 'I',
};

/**
 * Maps OCR text of an MRZ line to the MRZ alphabet (`A–Z`, `0–9`, `<`): NFKC (full-width and
 * compatibility forms), upper case, diacritics dropped (`Ö` → `O`), look-alikes mapped by the tables
 * above. Only what is neither a letter, a digit nor a filler look-alike (spaces, dots, quotes…) is
 * dropped: a letter is never deleted, so positions stay aligned.
 */
export function mapMrzGlyphs(text: string): string {
  let out = '';
  for (const raw of text.normalize('NFKC')) {
    const filler = FILLER_GLYPHS[raw];
    if (filler !== undefined) {
      out += filler;
      continue;
    }
    const direct = LETTER_GLYPHS[raw];
    if (direct !== undefined) {
      out += direct;
      continue;
    }
    const upper = raw.toUpperCase();
    for (const char of upper) {
      if (/[A-Z0-9<]/.test(char)) {
        out += char;
        continue;
      }
      const mapped = LETTER_GLYPHS[char];
      if (mapped !== undefined) {
        out += mapped;
        continue;
      }
      // `É` → `E` + combining accent: keep the base letter.
      const base = char.normalize('NFD').replace(/\p{M}+/gu, '');
      if (/^[A-Z]$/.test(base)) out += base;
      else if (LETTER_GLYPHS[base] !== undefined) out += LETTER_GLYPHS[base];
    }
  }
  return out;
}

/**
 * Maps Cyrillic and Greek capitals that look Latin, and the crosses read for `X`, to Latin (for
 * printed fields, which keep their diacritics): `МАRTIN` with a Cyrillic `М` and `А` is `MARTIN`.
 */
export function mapLatinLookalikes(text: string): string {
  return [...text]
    .map((char) => {
      const upper = char.toUpperCase();
      const mapped = LETTER_GLYPHS[upper];
      return mapped !== undefined &&
        /[A-Z]/.test(mapped) &&
        /[\p{Script=Cyrillic}\p{Script=Greek}×✕✖╳⨯☓]/u.test(upper)
        ? mapped
        : char;
    })
    .join('');
}
