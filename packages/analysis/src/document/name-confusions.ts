/**
 * Letters of an MRZ name field that OCR read as another letter of OCR-B (`DOMINIK` read as
 * `DONINIK`: PaddleOCR loses the middle strokes of `M`), put back only where an exact reading of
 * the name (a barcode) and the visual zone both say so. No check digit covers a name, so a
 * substitution is never made on its own: two independent readings must agree on the letter.
 */
import { compareMrzName } from './mrz-names.js';
import { OCR_B_CONFUSIONS } from './ocr-misreads.js';

/** At most this many letters are put back: more is another name, not a misread. */
const MOST_SUBSTITUTIONS = 2;

/**
 * The name field with the fewest letters (one or two) replaced by OCR-B look-alikes under which it
 * is an ICAO 9303 writing of the names that an exact reading gives, or else with one letter the OCR
 * dropped put back (`XAVIER<<OE<<…` for `ZOE`: the rest of the field shifts right over a trailing
 * filler); `null` when none or more than one such field exists (an ambiguous repair is no repair).
 */
export function nameFieldByConfusions(
  field: string,
  lastNames: string | null,
  firstNames: string | null,
): string | null {
  const agrees = (candidate: string): boolean => {
    const agreement = compareMrzName(candidate, lastNames, firstNames);
    return agreement.lastNames !== false && agreement.firstNames !== false;
  };
  if (agrees(field)) return null;
  const positions = [...field].flatMap((char, at) => (OCR_B_CONFUSIONS[char] ? [at] : []));
  const substitute = (text: string, at: number, letter: string): string =>
    text.slice(0, at) + letter + text.slice(at + 1);
  let level = [field];
  for (let round = 1; round <= MOST_SUBSTITUTIONS; round++) {
    const next = new Set<string>();
    for (const text of level)
      for (const at of positions) {
        if (text[at] !== field[at]) continue;
        for (const letter of OCR_B_CONFUSIONS[field[at] as string] as string)
          next.add(substitute(text, at, letter));
      }
    const found = [...next].filter(agrees);
    if (found.length === 1) return found[0] as string;
    if (found.length > 1) return null;
    level = [...next];
  }
  return droppedLetterPutBack(field, agrees);
}

/**
 * The field with one letter inserted (its last filler dropped to keep the length) under which it
 * agrees, when exactly one such field exists. A glyph the OCR dropped shifts the rest of the field
 * left and leaves an extra filler at its end, which is why only a field ending in a filler qualifies.
 */
function droppedLetterPutBack(
  field: string,
  agrees: (candidate: string) => boolean,
): string | null {
  if (!field.endsWith('<')) return null;
  const content = field.replace(/<+$/, '');
  const found = new Set<string>();
  for (let at = 0; at <= content.length; at++)
    for (let code = 65; code <= 90; code++) {
      const candidate = field.slice(0, at) + String.fromCharCode(code) + field.slice(at, -1);
      if (agrees(candidate)) found.add(candidate);
    }
  return found.size === 1 ? ([...found][0] as string) : null;
}
