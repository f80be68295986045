/**
 * Questions the name rules ask of a front's diacritic marks (`diacritic-marks.ts` measures them):
 * the marks above a printed name, and whether a cut name's tail carries one that the OCR text
 * cannot be trusted over.
 */
import { collapseSpaces, MARKED_BASES, markedForms, placedMark } from './mrz-names.js';

/**
 * The marks above `text` where it was read: the stretch of the mask under the first OCR line that
 * holds `text` (runs of spaces collapsed on both sides); `null` when no line holds it or the
 * lines were not measured.
 */
export function marksOfText(
  text: string,
  lines: readonly string[] | undefined,
  marks: readonly string[] | undefined,
): string | null {
  if (!lines || !marks || marks.length !== lines.length) return null;
  const wanted = collapseSpaces(text);
  if (wanted === '') return null;
  for (const [i, line] of lines.entries()) {
    const mask = marks[i] as string;
    if (mask.length !== line.length) continue;
    // Collapse the line's runs of spaces, keeping its mask aligned.
    let collapsed = '';
    let collapsedMask = '';
    for (let k = 0; k < line.length; k++) {
      if (/\s/.test(line[k] as string) && /\s/.test(line[k - 1] ?? '')) continue;
      collapsed += /\s/.test(line[k] as string) ? ' ' : line[k];
      collapsedMask += mask[k];
    }
    const at = collapsed.indexOf(wanted);
    if (at >= 0) return collapsedMask.slice(at, at + wanted.length);
  }
  return null;
}

/**
 * Whether the tail of a cut name, the part only the OCR read, cannot be taken as read: a mark on
 * an `A`, `O` or `U` of the tail may be the diaeresis or ring that makes it `AE`, `AA`, `OE` or
 * `UE` in ICAO's writing, which the OCR, without diacritics, cannot tell, unless the mark's shape
 * tells it (two dots or an acute accent: `markedForms`, which the completion of the cut then
 * writes); a gap between words that the text lacks, placed only to one character (`_`), means two
 * words ran together where no one can say. With `splitAtEnd` (the MRZ's part ends on a
 * letter whose longer writing the cut may have split, `CutCompletion.splitAtEnd`), the letter
 * before the tail counts too. `text` and `marks` are aligned (see
 * {@link marksOfText}).
 */
export function markOnTail(
  text: string,
  marks: string,
  tailStart: number,
  lostSpaces: readonly number[] = [],
  splitAtEnd = false,
): boolean {
  const chars = [...collapseSpaces(text)];
  for (let k = Math.max(0, tailStart - 1); k < marks.length; k++) {
    const symbol = placedMark(marks, k);
    // Two words of the tail run together: the tail as read is not the name; unless the MRZ's
    // filler there already stands for that space (the gap's mark falls on either letter beside it).
    const explained = lostSpaces.includes(k) || lostSpaces.includes(k + 1);
    if (symbol === '_' && !explained) return true;
    // The MRZ's last letter may be the first of a two-letter writing that the cut split (`BJO` of
    // `BJOERN`): a mark on it leaves that letter unknown as well.
    const inTail = k >= tailStart || splitAtEnd;
    // A gap placed exactly (`|`) is written in by the completion, over a letter without a mark.
    const letter = chars[k] as string;
    const marked = symbol !== '.' && symbol !== '|';
    if (inTail && marked && MARKED_BASES.has(letter) && !markedForms(letter, symbol)) return true;
  }
  return false;
}
