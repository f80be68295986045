/**
 * The glyph classifier (`glyph-classifier.ts`) as the second reading of a document-number character
 * that a repair chose. When a check digit fails, the repair's one substitution (`mrz-repair.ts`)
 * puts in the look-alike that makes it hold: right when OCR misread that one glyph (`O` for `0`),
 * but a check digit lets one wrong number in ten through, and when OCR misread another character
 * too (development sample 1642: `X` read `K` beside `8` read `B`), the substitution can make a
 * wrong number valid. Where the printed number or a barcode read the number too, the cross-check
 * compares them and refuses a disagreement; where no other reading did, the number would stand on
 * the check digit the substitution was chosen to satisfy, which is no evidence.
 *
 * There, each chosen character's cell is classified, and the number stands only when the
 * classifier reads the very character chosen in each. Otherwise (another first choice, or no cells
 * cut) the choice is undone: the MRZ is taken as read, its check digit fails, and the side is
 * refused (`MRZ_INVALID`, a retake) rather than accepted with a number nobody read. The number of
 * every accepted side is asked of the classifier as well ({@link confirmAcceptedNumber}).
 */
import type { MrzRepair, MrzResult } from '../types.js';
import { classifyGlyph } from './glyph-classifier.js';
import { DIGIT_LOOKALIKES, cellsOnReading, clearAnswer, firstChoice } from './glyph-evidence.js';
import type { IdentityDecision } from './identity-decision.js';
import type { LocatedDocument } from './locate.js';
import { cellsUnder } from './mrz-cells.js';
import { mrzLayoutOf, mrzResultFromLines } from './mrz-read.js';
import { refusedFor } from './readings-comparison.js';

function withChar(lines: readonly string[], repair: MrzRepair, char: string): string[] {
  return lines.map((text, i) =>
    i === repair.line ? text.slice(0, repair.column) + char + text.slice(repair.column + 1) : text,
  );
}

/**
 * The repairs of `mrz` that chose a character of its document number: undone one at a time, the
 * number would read otherwise. Repairs that inserted a character (a restored `P`) are not among them.
 */
export function repairsOfNumber(mrz: MrzResult): MrzRepair[] {
  const layout = mrzLayoutOf(mrz.format);
  const lines = mrz.raw.split('\n');
  return mrz.repairs.filter((repair) => {
    if (repair.from.length !== 1 || lines[repair.line]?.[repair.column] !== repair.to) return false;
    const undone = mrzResultFromLines(withChar(lines, repair, repair.from), layout, mrz.reader, []);
    return undone?.fields.documentNumber !== mrz.fields.documentNumber;
  });
}

/**
 * `decision` when its document number stands on more than a chosen character (see the module
 * comment), else the decision `decide` takes on the MRZ with the number's chosen characters undone.
 */
export function confirmRepairedNumber(
  located: LocatedDocument,
  decision: IdentityDecision,
  decide: (mrz: MrzResult) => IdentityDecision,
): IdentityDecision {
  const mrz = decision.mrz;
  // The printed number or a barcode read the number: the cross-check has weighed them.
  if (!mrz?.valid || decision.crossCheck.compared.includes('idNumber')) return decision;
  const chosen = repairsOfNumber(mrz);
  if (chosen.length === 0) return decision;
  const lines = mrz.raw.split('\n');
  const cut = cellsUnder(located.rectified, lines);
  const confirmed = chosen.every((repair) => {
    const cell = cut?.rows[repair.line]?.[repair.column];
    return cell !== undefined && firstChoice(classifyGlyph(cell)) === repair.to;
  });
  if (confirmed) return decision;
  const asRead = chosen.reduce((text, repair) => withChar(text, repair, repair.from), lines);
  const undone = mrzResultFromLines(
    asRead,
    mrzLayoutOf(mrz.format),
    mrz.reader,
    mrz.repairs.filter((repair) => !chosen.includes(repair)),
  );
  if (undone) return decide(undone);
  // Lines that no longer parse as read: refused all the same, the number named as the reason.
  return refusedFor(decision, [
    { field: 'idNumber', front: null, back: mrz.fields.documentNumber },
  ]);
}

/**
 * An accepted decision's document number, asked of the classifier too. PaddleOCR reads the printed
 * number and the MRZ of one photo, and in low light it can misread a character alike in both (`G`
 * as `6`, whose check values differ by ten, so the check digit holds): the two readings then agree
 * on a wrong number. Each number cell is classified; where one clearly shows (`CLEAR_SHARE`
 * of the pair, and its first choice) the other character of a digit look-alike pair
 * (`DIGIT_LOOKALIKES`: `6`/`G`, `5`/`S`, `0`/`O`…) than the one read, and the MRZ so written still
 * passes its check digits, the side is refused (`SIDES_MISMATCH`, a retake), the number the cells
 * show named as the MRZ's. Cells that cannot be cut, or that do not show the rest of the reading
 * (`cellsOnReading`), leave `decision` as it is.
 */
export function confirmAcceptedNumber(
  located: LocatedDocument,
  decision: IdentityDecision,
): IdentityDecision {
  const mrz = decision.mrz;
  if (!mrz?.valid || !decision.crossCheck.consistent) return decision;
  const spec = mrzLayoutOf(mrz.format).checks.find((check) => check.name === 'documentNumber');
  if (!spec) return decision;
  const inNumber = (line: number, column: number): boolean =>
    spec.data.some((seg) => seg.line === line && column >= seg.start && column < seg.end);
  const lines = mrz.raw.split('\n');
  const cut = cellsOnReading(located, lines, inNumber);
  if (!cut) return decision;
  let shown = lines;
  for (const seg of spec.data)
    for (let column = seg.start; column < seg.end; column++) {
      const read = lines[seg.line]?.[column];
      const cell = cut.rows[seg.line]?.[column];
      if (read === undefined || read === '<' || cell === undefined) continue;
      const pairs = DIGIT_LOOKALIKES.filter((pair) => pair.includes(read));
      const probabilities = classifyGlyph(cell);
      const other = pairs
        .map((pair) => clearAnswer(probabilities, read, pair))
        .find((answer) => answer !== null);
      if (other) shown = withChar(shown, { line: seg.line, column, from: read, to: other }, other);
    }
  if (shown === lines) return decision;
  // A number the cells show that fails its check digits (a `Z` the classifier takes for `2`: their
  // check values differ) is outvoted by them; one that passes them too (`G` and `6`, ten apart) is
  // a reading the check digits cannot tell from the OCR's, and only a retake can.
  if (!mrzResultFromLines(shown, mrzLayoutOf(mrz.format), mrz.reader, [])?.valid) return decision;
  const number = spec.data.map((seg) => (shown[seg.line] ?? '').slice(seg.start, seg.end)).join('');
  return refusedFor(decision, [
    { field: 'idNumber', front: decision.fields.idNumber, back: number.replace(/<+$/, '') },
  ]);
}
