/**
 * The character cells of a flattened document's MRZ, cut from the ink alone: OCR-B is monospaced,
 * so a row of `n` characters is `n` cells of one pitch between its first and its last glyph. The
 * pitch and the first cell's centre are fitted to the centres of all the row's glyphs, so a cell is
 * found even where neighbouring glyphs touch, a hollow glyph falls apart into pieces, or a faint
 * glyph left no ink. Each cell is scaled to {@link CELL_WIDTH} × {@link CELL_HEIGHT} gray levels,
 * dark glyph on light ground (an inverted face is turned back), stretched to the full range.
 */
import type { RgbImage } from '../image/decode.js';
import { fitLine, median, type Component } from './ink-geometry.js';
import { endRows } from './mrz-rows.js';

/** Width of a normalised cell, in samples. */
export const CELL_WIDTH = 16;
/** Height of a normalised cell, in samples. */
export const CELL_HEIGHT = 24;
/** Margin above and below a row's glyphs kept in its cells, as a share of the glyph height. */
const VERTICAL_MARGIN = 0.12;
/** Least share of a row's cells that must hold the centre of a piece of ink. */
const LEAST_OCCUPANCY = 0.8;

/** One normalised character cell: `CELL_WIDTH × CELL_HEIGHT` values, 0 ink to 1 ground. */
export type GlyphCell = Float32Array;

/** The cut MRZ: one list of cells per row, top to bottom, and whether its glyphs were light on dark. */
export interface MrzCells {
  rows: GlyphCell[][];
  inverted: boolean;
}

/**
 * The cells of the MRZ rows at the bottom of `rectified`, given each row's length (`[44, 44]` for
 * TD3, `[36, 36]` for TD2, `[30, 30, 30]` for TD1). `null` when the bottom rows of ink do not cut
 * into exactly those lengths (the rows were not found, or a row's ends are uncertain): a wrong cut
 * would put every later glyph in its neighbour's cell, so none is better.
 */
export function mrzCells(rectified: RgbImage, rowLengths: readonly number[]): MrzCells | null {
  const key = rowLengths.join(',');
  let known = cutsMade.get(rectified);
  if (!known) {
    known = new Map();
    cutsMade.set(rectified, known);
  }
  if (!known.has(key)) known.set(key, cutMrzCells(rectified, rowLengths));
  return known.get(key) ?? null;
}

/** The cells under an MRZ as read: one row per line of `lines`, of that line's length. */
export function cellsUnder(rectified: RgbImage, lines: readonly string[]): MrzCells | null {
  return mrzCells(
    rectified,
    lines.map((line) => line.length),
  );
}

/**
 * Cuts already made, per flattened image and row lengths: a side whose MRZ failed asks for the
 * same cut up to twice (its check digits, then a reading of every cell; a contradicted name's
 * reading of every cell, then its letters). Cells are never written after the cut.
 */
const cutsMade = new WeakMap<RgbImage, Map<string, MrzCells | null>>();

/** The cut of {@link mrzCells}, made afresh. */
function cutMrzCells(rectified: RgbImage, rowLengths: readonly number[]): MrzCells | null {
  for (const inverted of [false, true]) {
    const { levels, width, height, rows } = endRows(rectified, 'bottom', inverted);
    if (rows.length < rowLengths.length) continue;
    const chosen = rows.slice(rows.length - rowLengths.length);
    const cut = chosen.map((row, i) => cutRow(levels, width, height, row, rowLengths[i] as number));
    if (!cut.every((cells): cells is GlyphCell[] => cells !== null)) continue;
    // On the inverted faces each light glyph sits on a dark box: the boxes are the evenly spaced
    // ink of the dark pass, and their cells are mostly dark. A glyph's ink is less than half of
    // its cell, so mostly dark cells are turned round.
    const dark = cut.flat().reduce((sum, cell) => sum + meanOf(cell), 0) / cut.flat().length < 0.5;
    if (dark)
      for (const cell of cut.flat())
        for (let k = 0; k < cell.length; k++) cell[k] = 1 - (cell[k] as number);
    return { rows: cut, inverted: inverted !== dark };
  }
  return null;
}

/** The mean level of a cell. */
function meanOf(cell: GlyphCell): number {
  return cell.reduce((sum, value) => sum + value, 0) / cell.length;
}

/** A row's glyphs: its pieces of ink about as tall as its median piece or a filler's height. */
function rowGlyphs(row: readonly Component[]): Component[] {
  const tall = median(row.map((c) => c.y1 - c.y0 + 1));
  return row
    .filter((c) => c.y1 - c.y0 + 1 >= tall * 0.4 && c.y1 - c.y0 + 1 <= tall * 1.4)
    .sort((a, b) => a.x0 + a.x1 - (b.x0 + b.x1));
}

/** A grid of cells: the centre of its first cell, its pitch, and the cell of each centre. */
interface Grid {
  start: number;
  pitch: number;
  indices: number[];
}

/**
 * The grid least-squares fitted to `centres` numbered by their nearest cell, from a first guess of
 * its pitch; cells numbered from 0 at the leftmost one a centre falls in. The first numbering
 * counts the cells from each centre to the next: the guess is a median of whole-pixel gaps, and
 * measured from the first centre its error would add up along a row (a pitch of 20.3 px guessed
 * 20 puts the 44th glyph of a passport line in a 45th cell).
 */
function gridThrough(centres: readonly number[], pitchGuess: number): Grid | null {
  let pitch = pitchGuess;
  let start = centres[0] as number;
  let indices: number[] = [];
  for (let round = 0; round < 3; round++) {
    indices =
      round === 0
        ? stepNumbering(centres, pitch)
        : centres.map((x) => Math.round((x - start) / pitch));
    const n = centres.length;
    const mi = indices.reduce((s, i) => s + i, 0) / n;
    const mx = centres.reduce((s, x) => s + x, 0) / n;
    let sii = 0;
    let six = 0;
    for (let k = 0; k < n; k++) {
      sii += ((indices[k] as number) - mi) ** 2;
      six += ((indices[k] as number) - mi) * ((centres[k] as number) - mx);
    }
    if (sii === 0) return null;
    pitch = six / sii;
    const lowest = Math.min(...indices);
    start = mx - pitch * mi + pitch * lowest;
    indices = indices.map((i) => i - lowest);
  }
  return pitch > 0 ? { start, pitch, indices } : null;
}

/** Cell numbers of `centres`, each the previous one plus its gap in whole pitches. */
function stepNumbering(centres: readonly number[], pitch: number): number[] {
  const indices = [0];
  for (let k = 1; k < centres.length; k++)
    indices.push(
      (indices[k - 1] as number) +
        Math.round(((centres[k] as number) - (centres[k - 1] as number)) / pitch),
    );
  return indices;
}

/**
 * The cell grid of a row of `length` characters, fitted to the centres of its glyphs (see
 * {@link gridThrough}). Where pieces of ink beside the MRZ (security print) widen the row, the
 * one window of `length` cells that holds the most glyphs is kept, and the grid fitted again to
 * them; a tie is no grid. `null` unless the glyphs then span exactly `length` cells and fill
 * most of them.
 */
function fitGrid(glyphs: readonly Component[], length: number): Grid | null {
  let centres = glyphs.map((c) => (c.x0 + c.x1) / 2);
  const gaps = centres.slice(1).map((x, i) => x - (centres[i] as number));
  const pitchGuess = median(gaps.filter((gap) => gap > 2));
  if (!(pitchGuess > 0)) return null;
  let grid = gridThrough(centres, pitchGuess);
  if (!grid) return null;
  const span = Math.max(...grid.indices) + 1;
  if (span > length) {
    const fill = (offset: number): number =>
      new Set(grid?.indices.filter((i) => i >= offset && i < offset + length)).size;
    const fills = Array.from({ length: span - length + 1 }, (_, offset) => fill(offset));
    const most = Math.max(...fills);
    if (fills.filter((f) => f === most).length !== 1) return null;
    const offset = fills.indexOf(most);
    const indices = grid.indices;
    centres = centres.filter(
      (_, k) => (indices[k] as number) >= offset && (indices[k] as number) < offset + length,
    );
    grid = gridThrough(centres, grid.pitch);
    if (!grid) return null;
  }
  if (Math.max(...grid.indices) !== length - 1) return null;
  if (new Set(grid.indices).size < length * LEAST_OCCUPANCY) return null;
  return grid;
}

/** The normalised cells of one row, or `null` when it does not cut into `length` cells. */
function cutRow(
  levels: Uint8Array,
  width: number,
  height: number,
  row: readonly Component[],
  length: number,
): GlyphCell[] | null {
  const glyphs = rowGlyphs(row);
  if (glyphs.length < 2) return null;
  const grid = fitGrid(glyphs, length);
  if (!grid) return null;
  // Top and bottom edges of the full-height glyphs, as lines across the row (a slight tilt).
  const tall = median(glyphs.map((c) => c.y1 - c.y0 + 1));
  const full = glyphs.filter((c) => c.y1 - c.y0 + 1 >= tall * 0.8);
  const top = fitLine(
    full.map((c) => [(c.x0 + c.x1) / 2, c.y0]),
    tall * 0.2,
  );
  const bottom = fitLine(
    full.map((c) => [(c.x0 + c.x1) / 2, c.y1]),
    tall * 0.2,
  );
  const cells: GlyphCell[] = [];
  for (let i = 0; i < length; i++) {
    const centre = grid.start + grid.pitch * i;
    const y0 = top(centre);
    const y1 = bottom(centre);
    const margin = (y1 - y0 + 1) * VERTICAL_MARGIN;
    cells.push(
      sampleCell(levels, width, height, {
        x0: centre - grid.pitch / 2,
        x1: centre + grid.pitch / 2,
        y0: y0 - margin,
        y1: y1 + 1 + margin,
      }),
    );
  }
  return cells;
}

/**
 * The box `box` of a gray image, area-averaged onto the cell grid and stretched so that its
 * darkest sample is 0 and its lightest 1 (a blank cell stays flat at 1).
 */
function sampleCell(
  levels: Uint8Array,
  width: number,
  height: number,
  box: { x0: number; x1: number; y0: number; y1: number },
): GlyphCell {
  const cell = new Float32Array(CELL_WIDTH * CELL_HEIGHT);
  const stepX = (box.x1 - box.x0) / CELL_WIDTH;
  const stepY = (box.y1 - box.y0) / CELL_HEIGHT;
  const pixel = (x: number, y: number): number => {
    const cx = Math.min(width - 1, Math.max(0, Math.floor(x)));
    const cy = Math.min(height - 1, Math.max(0, Math.floor(y)));
    return levels[cy * width + cx] as number;
  };
  // Two by two sub-samples per cell sample: an average over the sample's area.
  for (let j = 0; j < CELL_HEIGHT; j++)
    for (let i = 0; i < CELL_WIDTH; i++) {
      let sum = 0;
      for (const fy of [0.25, 0.75])
        for (const fx of [0.25, 0.75])
          sum += pixel(box.x0 + (i + fx) * stepX, box.y0 + (j + fy) * stepY);
      cell[j * CELL_WIDTH + i] = sum / 4;
    }
  let low = Infinity;
  let high = -Infinity;
  for (const value of cell) {
    low = Math.min(low, value);
    high = Math.max(high, value);
  }
  const range = high - low;
  for (let k = 0; k < cell.length; k++)
    cell[k] = range < 8 ? 1 : ((cell[k] as number) - low) / range;
  return cell;
}
