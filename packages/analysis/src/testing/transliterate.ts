/**
 * ICAO 9303 Part 3 (§6, "Transliteration of national characters") as the generator applies it when
 * it prints an MRZ: the recommended Latin transliterations (Ä → AE, Ñ → N, ß → SS, Ø → OE…),
 * apostrophes dropped, hyphens, spaces and other punctuation turned into the filler `<`.
 * The generator keeps its own table, independent of the reader's, so that the evaluation checks
 * the reader against the standard rather than against itself.
 */
const ICAO_LATIN: Readonly<Record<string, string>> = {
  À: 'A',
  Á: 'A',
  Â: 'A',
  Ã: 'A',
  Ä: 'AE',
  Å: 'AA',
  Æ: 'AE',
  Ç: 'C',
  È: 'E',
  É: 'E',
  Ê: 'E',
  Ë: 'E',
  Ì: 'I',
  Í: 'I',
  Î: 'I',
  Ï: 'I',
  Ð: 'D',
  Ñ: 'N',
  Ò: 'O',
  Ó: 'O',
  Ô: 'O',
  Õ: 'O',
  Ö: 'OE',
  Ø: 'OE',
  Ù: 'U',
  Ú: 'U',
  Û: 'U',
  Ü: 'UE',
  Ý: 'Y',
  Þ: 'TH',
  ß: 'SS',
  Ą: 'A',
  Ć: 'C',
  Č: 'C',
  Ę: 'E',
  Ě: 'E',
  Ł: 'L',
  Ń: 'N',
  Ő: 'OE',
  Ř: 'R',
  Ś: 'S',
  Š: 'S',
  Ş: 'S',
  Ţ: 'T',
  Ů: 'U',
  Ű: 'UE',
  Ź: 'Z',
  Ż: 'Z',
  Ž: 'Z',
  Œ: 'OE',
};

/** A visual-zone name as the MRZ prints it: ICAO transliteration, `'` dropped, separators → `<`. */
export function mrzTransliterate(name: string): string {
  return [...name.toUpperCase().replace(/['’`]/g, '')]
    .map((ch) => ICAO_LATIN[ch] ?? ch)
    .join('')
    .replace(/[^A-Z0-9]+/g, '<');
}
