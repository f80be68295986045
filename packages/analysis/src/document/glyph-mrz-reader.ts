/**
 * The glyph classifier (`glyph-classifier.ts`) as a whole MRZ reader: the band's cells are cut
 * (`mrz-cells.ts`) and each is read as the classifier's first choice. It is the last look at a
 * band that no OCR look read into a valid MRZ, as when a low-contrast scan's rows were never
 * detected by PaddleOCR although its glyphs are clean (development sample 1489). Its lines are
 * taken only as read ({@link mrzAsRead}), and only when every cell was read with at least
 * {@link LEAST_CELL_PROBABILITY} (a cell the classifier cannot tell is no reading). The names,
 * which no digit covers, are then cross-checked with the printed names like any reading's.
 */
import type { MrzResult } from '../types.js';
import { classifyGlyph } from './glyph-classifier.js';
import { firstChoice } from './glyph-evidence.js';
import type { LocatedDocument } from './locate.js';
import { cellsUnder, mrzCells } from './mrz-cells.js';
import type { MrzLayout } from './mrz-layout.js';
import { mrzCandidates, mrzFromCandidates } from './mrz-read.js';

/** Least probability of each cell's first choice for a glyph reading to count. */
export const LEAST_CELL_PROBABILITY = 0.5;
/** Least probability at which the classifier's first choice stands for a cell in a combined reading. */
export const SURE_CELL_PROBABILITY = 0.9;

/** Row lengths of each MRZ format. */
const ROW_LENGTHS: Readonly<Record<MrzLayout['format'], readonly number[]>> = {
  TD1: [30, 30, 30],
  TD2: [36, 36],
  TD3: [44, 44],
};

/**
 * The valid MRZ the classifier reads in the rows at the bottom of `located`, trying `formats` in
 * order, or `null`.
 */
export function readMrzByGlyphs(
  located: LocatedDocument,
  formats: readonly MrzLayout['format'][],
): MrzResult | null {
  for (const format of formats) {
    const cut = mrzCells(located.rectified, ROW_LENGTHS[format]);
    if (!cut) continue;
    let sure = true;
    const lines = cut.rows.map((row) =>
      row
        .map((cell) => {
          const probabilities = classifyGlyph(cell);
          const char = firstChoice(probabilities);
          if ((probabilities.get(char) ?? 0) < LEAST_CELL_PROBABILITY) sure = false;
          return char;
        })
        .join(''),
    );
    if (!sure) continue;
    const mrz = mrzAsRead(lines, format);
    if (mrz) return mrz;
  }
  return null;
}

/**
 * The MRZ of the classified `lines` when it is valid in `format` as read, else `null`. Any
 * repair disqualifies it: the repair's one substitution would make a check digit hold over a
 * cell the classifier misread (`B4T32373J` for `H4732373J`, development print 1843).
 */
export function mrzAsRead(lines: string[], format: MrzLayout['format']): MrzResult | null {
  const mrz = mrzFromCandidates(mrzCandidates(lines), 'glyphs');
  return mrz?.valid && mrz.format === format && mrz.repairs.length === 0 ? mrz : null;
}

/**
 * The OCR's reading `ocr` and the classifier's combined cell by cell: each cell is the classifier's
 * first choice where it gives it at least {@link SURE_CELL_PROBABILITY}, and the OCR's character
 * elsewhere. Each reader misreads where the other is sure: on the hollow face PaddleOCR reads `W`
 * and `M` as `H` and every filler as `K` in a names line the classifier reads whole, while the
 * classifier takes a hollow `H` for `B` that PaddleOCR reads right (development print 1843). The
 * combination is taken only as read ({@link mrzAsRead}), in `ocr`'s format; `null` when its cells
 * cannot be cut or it is not valid so.
 */
export function combinedReading(located: LocatedDocument, ocr: MrzResult): MrzResult | null {
  const lines = ocr.raw.split('\n');
  const cut = cellsUnder(located.rectified, lines);
  if (!cut) return null;
  const combined = lines.map((text, line) =>
    [...text]
      .map((char, column) => {
        const cell = cut.rows[line]?.[column];
        if (!cell) return char;
        const probabilities = classifyGlyph(cell);
        const first = firstChoice(probabilities);
        return (probabilities.get(first) ?? 0) >= SURE_CELL_PROBABILITY ? first : char;
      })
      .join(''),
  );
  return mrzAsRead(combined, ocr.format);
}
