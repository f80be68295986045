/**
 * The glyph classifier (`glyph-classifier.ts`) as a second reading of a check digit that OCR did
 * not read as a digit. PaddleOCR reads a faint digit of the hollow or low-light face as a filler
 * (`4` as `<`: development sample 1308), the check then fails and the side is refused
 * although every other character was read right. The digit's cell is classified; its reading is
 * taken only when it is the very digit the data computes, the classifier is sure of it, and every
 * other cell outside the name field shows what the MRZ reads (`sameDocument`): the data under the
 * digit is then read alike by two readers, and the printed digit agrees with it.
 *
 * A digit that OCR did read as another digit is never replaced: that is what a tampered field
 * looks like, and it stays invalid.
 */
import type { MrzRepair, MrzResult } from '../types.js';
import { classifyGlyph } from './glyph-classifier.js';
import { firstChoice, sameDocument } from './glyph-evidence.js';
import type { LocatedDocument } from './locate.js';
import { cellsUnder } from './mrz-cells.js';
import { mrzNameField, mrzNameFieldPosition } from './mrz-names.js';
import { mrzLayoutOf, mrzResultFromLines } from './mrz-read.js';
import { evaluateCheck } from './mrz-repair.js';

/** Least probability of the classifier's first choice at which it settles a check digit. */
export const SURE_DIGIT = 0.9;

/**
 * The MRZ with each failing check digit that OCR read as no digit put in from its cell, or `null`
 * when any of them cannot be (see the module comment). The composite digit, which covers the
 * others, is settled last.
 */
export function checkDigitsByGlyphs(located: LocatedDocument, mrz: MrzResult): MrzResult | null {
  const layout = mrzLayoutOf(mrz.format);
  let lines = mrz.raw.split('\n');
  if (lines.length !== layout.lines || lines.some((line) => line.length !== layout.length))
    return null;
  // The failing digits OCR read as no digit (a number longer than its field keeps its digit
  // elsewhere, `longNumberCheck`: not settled here). Another failing digit, such as a composite
  // that covers an unread one, must hold once they are put in.
  const unread = layout.checks.filter((spec) => {
    const check = evaluateCheck(lines, spec);
    const read = lines[spec.digit.line]?.[spec.digit.column];
    return !check.valid && read !== undefined && read === check.read && !/[0-9]/.test(read);
  });
  if (unread.length === 0) return null;
  const cut = cellsUnder(located.rectified, lines);
  if (!cut) return null;
  const name = mrzNameFieldPosition(mrz.format);
  const nameLength = mrzNameField(mrz.format, lines).length;
  const skipped = (line: number, column: number): boolean =>
    (line === name.line && column >= name.start && column < name.start + nameLength) ||
    unread.some((spec) => spec.digit.line === line && spec.digit.column === column);
  if (!sameDocument(cut.rows, lines, skipped)) return null;
  const repairs: MrzRepair[] = [...mrz.repairs];
  for (const spec of unread) {
    const { line, column } = spec.digit;
    const cell = cut.rows[line]?.[column];
    if (!cell) return null;
    const probabilities = classifyGlyph(cell);
    const digit = firstChoice(probabilities);
    const expected = evaluateCheck(lines, spec).expected;
    if (digit !== expected || (probabilities.get(digit) ?? 0) < SURE_DIGIT) return null;
    const text = lines[line] as string;
    repairs.push({ line, column, from: text[column] as string, to: digit });
    lines = lines.map((l, i) =>
      i === line ? l.slice(0, column) + digit + l.slice(column + 1) : l,
    );
  }
  const result = mrzResultFromLines(lines, layout, mrz.reader, repairs);
  return result?.valid ? result : null;
}
