/**
 * The glyph classifier (`glyph-classifier.ts`) as evidence for MRZ name letters that no check
 * digit covers. PaddleOCR reads the OCR-B `W` as `M` (on the hollow face also `V`, `H`, `N`), `M`
 * as `N`, and the filler `<` as `K`; a name field so misread is valid and contradicts the printed
 * name. This look cuts the band's cells (`mrz-cells.ts`) and asks the classifier about each name
 * letter of such a confusable group: where it answers another letter of the group with a clear
 * share of the pair's probability (and as its first choice), that letter is put in. The result is
 * only a candidate reading: {@link glyphReaderForNames} takes it only if the printed name then
 * agrees letter for letter, so a letter is kept only where two sources (the cell itself and the
 * visual zone) read it, and a printed `M` misread `W` by the front's OCR is no evidence against an
 * MRZ cell that shows `M`. The other way round, a name character that a repair took from the
 * printed name must not be clearly contradicted by its cell ({@link confirmRepairedNameCharacters}).
 */
import type { MrzResult } from '../types.js';
import type { IdentityDecision } from './identity-decision.js';
import { refusedFor } from './readings-comparison.js';
import { classifyGlyph } from './glyph-classifier.js';
import type { LocatedDocument } from './locate.js';
import { cellsUnder, type GlyphCell, type MrzCells } from './mrz-cells.js';
import { mrzNameField, mrzNameFieldPosition } from './mrz-names.js';
import { fieldsFromMrz, mrzLayoutOf, mrzResultFromLines } from './mrz-read.js';

/** Least share of a pair's probability (`p(other) / (p(other) + p(read))`) that puts a letter in. */
export const CLEAR_SHARE = 0.9;
/** Least share of the other cells that must show the reading's characters ({@link cellsOnReading}). */
const LEAST_SHARE_SHOWN = 0.9;
/** Digits and the letters whose OCR-B glyphs resemble them (a cell may show either). */
export const DIGIT_LOOKALIKES: readonly string[] = ['0O', '0D', '0Q', '1I', '2Z', '5S', '6G', '8B'];
/** Groups of OCR-B characters PaddleOCR confuses and no check digit sees in a name. */
const CONFUSABLE_GROUPS: readonly string[] = ['WMNHV', 'K<'];

/**
 * The MRZ with the name letters the classifier clearly reads otherwise put in, or `null` when the
 * cells could not be cut, do not show the document read (`sameDocument`), or no letter changed.
 */
export function nameLettersByGlyphs(located: LocatedDocument, mrz: MrzResult): MrzResult | null {
  const lines = mrz.raw.split('\n');
  const cut = cellsUnder(located.rectified, lines);
  if (!cut) return null;
  const { line, start } = mrzNameFieldPosition(mrz.format);
  const field = mrzNameField(mrz.format, lines);
  const inName = (l: number, column: number): boolean =>
    l === line && column >= start && column < start + field.length;
  if (!sameDocument(cut.rows, lines, inName)) return null;
  const repairs = [...mrz.repairs];
  let text = lines[line] as string;
  for (let at = 0; at < field.length; at++) {
    const read = field[at] as string;
    const group = CONFUSABLE_GROUPS.find((g) => g.includes(read));
    const cell = cut.rows[line]?.[start + at];
    if (!group || !cell) continue;
    const answer = clearAnswer(classifyGlyph(cell), read, group);
    if (answer === null) continue;
    text = text.slice(0, start + at) + answer + text.slice(start + at + 1);
    repairs.push({ line, column: start + at, from: read, to: answer });
  }
  if (text === lines[line]) return null;
  const changed = lines.map((l, i) => (i === line ? text : l));
  return mrzResultFromLines(changed, mrzLayoutOf(mrz.format), mrz.reader, repairs);
}

/**
 * Whether the cells show the document that `lines` read: outside the name field, every cell's
 * first choice is the character read there (its number, dates, codes, check digits), or its second
 * choice behind a {@link DIGIT_LOOKALIKES} partner. Cells of
 * another document, or a cut misplaced by a glyph, say otherwise, and their letters are no evidence.
 */
export function sameDocument(
  rows: readonly (readonly GlyphCell[])[],
  lines: readonly string[],
  skipped: (line: number, column: number) => boolean,
): boolean {
  return lines.every((text, line) =>
    [...text].every((char, column) => {
      if (skipped(line, column)) return true;
      const cell = rows[line]?.[column];
      return cell !== undefined && showsCharacter(classifyGlyph(cell), char);
    }),
  );
}

/**
 * The cells under `lines` when the cut sits on the reading: at least {@link LEAST_SHARE_SHOWN} of
 * the cells outside `skipped` show its characters (a cut one glyph off shows almost none; a cell or
 * two misread elsewhere, as in low light, do not count against it). For checks whose only answer is
 * a refusal; `null` otherwise.
 */
export function cellsOnReading(
  located: LocatedDocument,
  lines: readonly string[],
  skipped: (line: number, column: number) => boolean,
): MrzCells | null {
  const cut = cellsUnder(located.rectified, lines);
  return cut && shareShowingReading(cut.rows, lines, skipped) >= LEAST_SHARE_SHOWN ? cut : null;
}

/**
 * The share of the cells outside `skipped` that show the character `lines` read there (as
 * {@link sameDocument} counts them); `0` when a cell is missing.
 */
function shareShowingReading(
  rows: readonly (readonly GlyphCell[])[],
  lines: readonly string[],
  skipped: (line: number, column: number) => boolean,
): number {
  let counted = 0;
  let shown = 0;
  for (const [line, text] of lines.entries())
    for (const [column, char] of [...text].entries()) {
      if (skipped(line, column)) continue;
      const cell = rows[line]?.[column];
      if (cell === undefined) return 0;
      counted++;
      if (showsCharacter(classifyGlyph(cell), char)) shown++;
    }
  return counted === 0 ? 0 : shown / counted;
}

/**
 * Whether a cell's classification shows `char`: its first choice, or its second behind a
 * {@link DIGIT_LOOKALIKES} partner (`0`/`O` on the hollow face).
 */
export function showsCharacter(probabilities: ReadonlyMap<string, number>, char: string): boolean {
  const first = firstChoice(probabilities);
  if (first === char) return true;
  const second = firstChoice(new Map([...probabilities].filter(([c]) => c !== first)));
  return (
    second === char && DIGIT_LOOKALIKES.some((pair) => pair.includes(first) && pair.includes(char))
  );
}

/** The character the classifier gives the most probability. */
export function firstChoice(probabilities: ReadonlyMap<string, number>): string {
  let best = '';
  let most = -1;
  for (const [char, p] of probabilities)
    if (p > most) {
      best = char;
      most = p;
    }
  return best;
}

/**
 * The character of `group` other than `read` that the classifier clearly reads: its first choice
 * overall, with at least {@link CLEAR_SHARE} of its pair's probability against `read`.
 */
export function clearAnswer(
  probabilities: ReadonlyMap<string, number>,
  read: string,
  group: string,
): string | null {
  let best = read;
  for (const [char, p] of probabilities) if (p > (probabilities.get(best) ?? 0)) best = char;
  if (best === read || !group.includes(best)) return null;
  const pBest = probabilities.get(best) ?? 0;
  const pRead = probabilities.get(read) ?? 0;
  return pBest / (pBest + pRead) >= CLEAR_SHARE ? best : null;
}

/**
 * The decision with the name letters the classifier reads put in (`nameLettersByGlyphs`), taken
 * when the MRZ stays valid, the readings then agree, and every letter put in survives the
 * decision's own repairs (the printed name reads that very letter). When the printed name has a
 * misread of its own (`LICHTENSTEII`), the readings cannot agree and the side stays refused; the
 * refusal then reports the MRZ the cells show (`SCHWARZENBERG<LICHTENSTEIN<<` where PaddleOCR read
 * `SCHWARZENBERGKLICHTENSTEINK<`), so the answer does not carry a filler read as a letter. It is a
 * refusal either way: no side is accepted on the classifier alone. Anything else keeps `decision`.
 */
export function glyphReaderForNames(
  located: LocatedDocument,
  first: MrzResult,
  decision: IdentityDecision,
  decide: (mrz: MrzResult) => IdentityDecision,
): IdentityDecision {
  const corrected = nameLettersByGlyphs(located, first);
  if (!corrected?.valid) return decision;
  const shown = decide(corrected);
  if (agreesWithLetters(first, corrected, shown)) return shown;
  return shown.crossCheck.consistent ? decision : shown;
}

/**
 * Whether `other`, the decision on `corrected` (`read` with the classifier's letters put in), has
 * the readings agree and keeps every letter put in through the decision's own repairs.
 */
function agreesWithLetters(
  read: MrzResult,
  corrected: MrzResult,
  other: IdentityDecision,
): boolean {
  if (!other.crossCheck.consistent || !other.mrz) return false;
  const decided = other.mrz.raw.split('\n');
  const putIn = corrected.repairs.slice(read.repairs.length);
  return putIn.every((r) => decided[r.line]?.[r.column] === r.to);
}

/**
 * A decision whose MRZ names were accepted, asked of the classifier too. PaddleOCR reads the MRZ
 * and the printed names of one photo, and on some faces and screens it misreads a letter the same
 * way in both (`M` as `N`: `WEISSNUELLER` and `WEISSNULLER` for `WEISSMÜLLER`, development sample
 * 1948), so the two agree on a wrong name. Where the classifier clearly reads another letter of a
 * confusable group in the MRZ's name cells (`nameLettersByGlyphs`), the decision `decide` takes on
 * that reading stands if the readings then agree and keep its letters; otherwise the names it
 * changed are reported as mismatches, the MRZ's being what the cells show, and the side is refused
 * (`SIDES_MISMATCH`, a retake). Cells that cannot be cut, or that show another document, leave
 * `decision` as it is.
 */
export function confirmAcceptedNames(
  located: LocatedDocument,
  decision: IdentityDecision,
  decide: (mrz: MrzResult) => IdentityDecision,
): IdentityDecision {
  const mrz = decision.mrz;
  if (!mrz?.valid || !decision.crossCheck.consistent) return decision;
  const corrected = nameLettersByGlyphs(located, mrz);
  if (!corrected?.valid) return confirmRepairedNameCharacters(located, decision);
  const other = decide(corrected);
  if (agreesWithLetters(mrz, corrected, other))
    return confirmRepairedNameCharacters(located, other);
  return refusedForNames(decision, corrected);
}

/**
 * `decision` refused with the names that `shown` (a reading of the MRZ's name cells) writes
 * otherwise than its MRZ, or `decision` itself when they write the names alike.
 */
function refusedForNames(decision: IdentityDecision, shown: MrzResult): IdentityDecision {
  const mrz = decision.mrz;
  if (!mrz) return decision;
  const [fromCells, read] = [fieldsFromMrz(shown), fieldsFromMrz(mrz)];
  const mismatches = (['lastNames', 'firstNames'] as const)
    .filter((field) => fromCells[field] !== read[field])
    .map((field) => ({ field, front: decision.fields[field], back: fromCells[field] }));
  return mismatches.length === 0 ? decision : refusedFor(decision, mismatches);
}

/**
 * An accepted decision whose MRZ name holds characters a repair chose from the printed name (a
 * filler for a `K`, a letter for a look-alike), asked of the classifier. The printed name is read
 * by OCR too, and a slip of that reading can rewrite a right MRZ letter so that both agree on a
 * wrong name (a printed `JOSÉ` read `JO E` turning the MRZ's `JOSE` into `JO<E`). Where a
 * repaired cell clearly shows the character read before the repair ({@link CLEAR_SHARE} of the
 * pair, and its first choice), the repair is not the cell's and the side is refused
 * (`SIDES_MISMATCH`, a retake), the MRZ's names being what the cells show. Cells that cannot be
 * cut, or that do not show the rest of the reading ({@link cellsOnReading}), leave `decision` as it
 * is.
 */
export function confirmRepairedNameCharacters(
  located: LocatedDocument,
  decision: IdentityDecision,
): IdentityDecision {
  const mrz = decision.mrz;
  if (!mrz?.valid || !decision.crossCheck.consistent) return decision;
  const lines = mrz.raw.split('\n');
  const { line, start } = mrzNameFieldPosition(mrz.format);
  const field = mrzNameField(mrz.format, lines);
  const inName = (l: number, column: number): boolean =>
    l === line && column >= start && column < start + field.length;
  const repaired = mrz.repairs.filter(
    (r) =>
      r.from.length === 1 &&
      r.to.length === 1 &&
      inName(r.line, r.column) &&
      lines[r.line]?.[r.column] === r.to,
  );
  if (repaired.length === 0) return decision;
  const cut = cellsOnReading(located, lines, inName);
  if (!cut) return decision;
  const contradicted = repaired.filter((r) => {
    const cell = cut.rows[r.line]?.[r.column];
    return (
      cell !== undefined && clearAnswer(classifyGlyph(cell), r.to, `${r.to}${r.from}`) !== null
    );
  });
  if (contradicted.length === 0) return decision;
  const asShown = lines.map((text, l) =>
    [...text]
      .map(
        (char, column) =>
          contradicted.find((r) => r.line === l && r.column === column)?.from ?? char,
      )
      .join(''),
  );
  const shown = mrzResultFromLines(
    asShown,
    mrzLayoutOf(mrz.format),
    mrz.reader,
    mrz.repairs.filter((r) => !contradicted.includes(r)),
  );
  return shown ? refusedForNames(decision, shown) : decision;
}
