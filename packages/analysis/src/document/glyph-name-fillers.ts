/**
 * A filler OCR dropped between two words of an MRZ name. PaddleOCR can lose the `<` between two
 * given names and return a short row (`KOWALCZYK<<MARIAJOSE<<<…` for `KOWALCZYK<<MARIA<JOSE<<…`,
 * development sample 2956); the row is padded with fillers at its end, and the name rules accept a
 * separator written as nothing, so the side is accepted with the right names and an MRZ that is
 * not the one printed. No check digit covers the name line. The printed name says where a space
 * is; the glyph classifier says which of the two writings the cells show, since from the lost
 * filler on, every cell of the printed line is one place right of the row as read.
 */
import type { MrzResult } from '../types.js';
import { classifyGlyph } from './glyph-classifier.js';
import { cellsOnReading, showsCharacter } from './glyph-evidence.js';
import type { IdentityDecision } from './identity-decision.js';
import type { LocatedDocument } from './locate.js';
import { compareMrzName, mrzNameField, mrzNameFieldPosition } from './mrz-names.js';
import { setText } from './mrz-evidence-repairs.js';
import { mrzLayoutOf, mrzResultFromLines } from './mrz-read.js';
import type { GlyphCell } from './mrz-cells.js';

/** Least share of the moved cells that must show the writing with the filler put back. */
const LEAST_SHARE_MOVED = 0.9;

/**
 * An accepted decision whose MRZ name runs two printed words together, with the filler put back
 * where the printed name has its space and the cells show it: the decision `decide` takes on that
 * MRZ when it is accepted too. Anything else (no such place, cells that cannot be cut or show the
 * reading as it is) leaves `decision` as it is. It changes only the MRZ's writing of a name both
 * readings already agree on, never an accepted field.
 */
export function confirmNameFillers(
  located: LocatedDocument,
  decision: IdentityDecision,
  decide: (mrz: MrzResult) => IdentityDecision,
): IdentityDecision {
  const mrz = decision.mrz;
  const { lastNames, firstNames } = decision.fields;
  if (!mrz?.valid || !decision.crossCheck.consistent) return decision;
  if (lastNames === null && firstNames === null) return decision;
  const lines = mrz.raw.split('\n');
  const { line, start } = mrzNameFieldPosition(mrz.format);
  const field = mrzNameField(mrz.format, lines);
  const inName = (l: number, column: number): boolean => l === line && column >= start;
  // Strictly by ICAO 9303's rules: with the OCR's allowances, a filler would agree anywhere (an
  // MRZ filler may stand for a space the front's OCR lost).
  const candidates = fillerPlaces(field).filter((candidate) => {
    const agreement = compareMrzName(candidate, lastNames, firstNames);
    return agreement.lastNames !== false && agreement.firstNames !== false;
  });
  if (candidates.length === 0) return decision;
  // The cells outside the name must show the reading: a cut off by a glyph is no evidence.
  const cut = cellsOnReading(located, lines, inName);
  const row = cut?.rows[line]?.slice(start);
  if (!row) return decision;
  for (const candidate of candidates) {
    if (!cellsShowMoved(row, field, candidate)) continue;
    const repairs = [...mrz.repairs];
    const changed = setText(lines, line, start, candidate, repairs);
    const corrected = mrzResultFromLines(changed, mrzLayoutOf(mrz.format), mrz.reader, repairs);
    if (!corrected?.valid) continue;
    const other = decide(corrected);
    if (other.crossCheck.consistent && other.mrz?.raw === corrected.raw) return other;
  }
  return decision;
}

/**
 * The field with one filler put between two letters that the field runs together, each place
 * once, the field's last character (a filler) dropped to keep its length.
 */
function fillerPlaces(field: string): string[] {
  if (!field.endsWith('<')) return [];
  const places: string[] = [];
  for (let at = 1; at < field.length - 1; at++)
    if (/[A-Z]/.test(field[at - 1] as string) && /[A-Z]/.test(field[at] as string))
      places.push(field.slice(0, at) + '<' + field.slice(at, -1));
  return places;
}

/**
 * Whether the name cells from the first moved character to the end of the moved letters show
 * `candidate` (at least {@link LEAST_SHARE_MOVED} of them) and more of them than show `field`.
 */
function cellsShowMoved(row: readonly GlyphCell[], field: string, candidate: string): boolean {
  let first = 0;
  while (first < field.length && field[first] === candidate[first]) first++;
  const end = candidate.replace(/<+$/, '').length;
  let showsCandidate = 0;
  let showsField = 0;
  for (let at = first; at < end; at++) {
    const cell = row[at];
    if (cell === undefined) return false;
    const probabilities = classifyGlyph(cell);
    if (showsCharacter(probabilities, candidate[at] as string)) showsCandidate++;
    if (showsCharacter(probabilities, field[at] as string)) showsField++;
  }
  const moved = end - first;
  return moved > 0 && showsCandidate >= LEAST_SHARE_MOVED * moved && showsCandidate > showsField;
}
