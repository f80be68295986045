/**
 * Rows that look like MRZ lines, found from the ink alone (no OCR): a row of at least
 * {@link LEAST_GLYPHS} glyphs of one height, evenly spaced (OCR-B is monospaced), across most of
 * the document's width. Whichever way up the document lies, its MRZ rows look so; which end of the
 * flattened document holds them tells whether it lies upside down (`orientation.ts`).
 */
import { toGray, type RgbImage } from '../image/decode.js';
import { components, median, type Component } from './ink-geometry.js';

/** Part of the document's height searched at either end (the MRZ band's share, `mrz-zone.ts`). */
const END_SHARE = 0.45;
/** Fewest glyphs of an MRZ row (TD1 lines hold 30; neighbouring fillers may touch). */
const LEAST_GLYPHS = 24;
/** Least share of the document's width an MRZ row spans. */
const LEAST_SPAN = 0.7;
/** How much darker than its surroundings a pixel must be to count as ink (8-bit levels). */
const LOCAL_CONTRAST = 14;

/**
 * The ink of a gray image: pixels darker by {@link LOCAL_CONTRAST} than the mean of the square of
 * side `window` around them (a local threshold: an MRZ is often printed lighter than the photo or
 * the bold visual zone beside it, and light varies across a photo).
 */
function inkMask(gray: Uint8Array, width: number, height: number, window: number): Uint8Array {
  const stride = width + 1;
  const integral = new Float64Array(stride * (height + 1));
  for (let y = 0; y < height; y++) {
    let rowSum = 0;
    for (let x = 0; x < width; x++) {
      rowSum += gray[y * width + x] as number;
      integral[(y + 1) * stride + x + 1] = (integral[y * stride + x + 1] as number) + rowSum;
    }
  }
  const half = Math.max(2, Math.floor(window / 2));
  const ink = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const y0 = Math.max(0, y - half);
    const y1 = Math.min(height, y + half + 1);
    for (let x = 0; x < width; x++) {
      const x0 = Math.max(0, x - half);
      const x1 = Math.min(width, x + half + 1);
      const sum =
        (integral[y1 * stride + x1] as number) -
        (integral[y0 * stride + x1] as number) -
        (integral[y1 * stride + x0] as number) +
        (integral[y0 * stride + x0] as number);
      const mean = sum / ((y1 - y0) * (x1 - x0));
      ink[y * width + x] = (gray[y * width + x] as number) < mean - LOCAL_CONTRAST ? 1 : 0;
    }
  }
  return ink;
}

/** Whether a row of components is MRZ-like (see the module's comment). */
function isMrzLikeRow(row: Component[], width: number): boolean {
  const height = median(row.map((c) => c.y1 - c.y0 + 1));
  const glyphs = row
    .filter((c) => c.y1 - c.y0 + 1 >= height * 0.55 && c.y1 - c.y0 + 1 <= height * 1.4)
    .sort((a, b) => a.x0 - b.x0);
  if (glyphs.length < LEAST_GLYPHS) return false;
  const span = (glyphs[glyphs.length - 1] as Component).x1 - (glyphs[0] as Component).x0;
  if (span < width * LEAST_SPAN) return false;
  // Evenly spaced: most gaps between neighbouring centres are about one pitch.
  const centres = glyphs.map((c) => (c.x0 + c.x1) / 2);
  const gaps = centres.slice(1).map((x, i) => x - (centres[i] as number));
  const pitch = median(gaps);
  const even = gaps.filter((gap) => Math.abs(gap - pitch) <= pitch * 0.35).length;
  return pitch > 0 && even >= gaps.length * 0.7;
}

/** The MRZ-like rows of one end of a flattened document, in one polarity. */
export interface EndRows {
  /** The end's gray levels, row-major, turned round for light print (`inverted`). */
  levels: Uint8Array;
  width: number;
  height: number;
  /** The MRZ-like rows of its ink, top to bottom. */
  rows: Component[][];
}

/**
 * The MRZ-like rows in the top or the bottom part of a flattened document, in dark print, or with
 * `inverted` in light print on a dark band (the inverted OCR-B faces).
 */
export function endRows(rectified: RgbImage, end: 'top' | 'bottom', inverted: boolean): EndRows {
  const { width } = rectified;
  const height = Math.round(rectified.height * END_SHARE);
  const first = end === 'top' ? 0 : rectified.height - height;
  const gray = toGray(rectified).subarray(first * width, (first + height) * width);
  const levels = inverted ? gray.map((value) => 255 - value) : gray;
  // A window of about two MRZ glyph heights (a line is 4–5 % of a document's height).
  const window = Math.round(rectified.height * 0.08);
  const rows = inkRows(inkMask(levels, width, height, window), width, height).filter((row) =>
    isMrzLikeRow(row, width),
  );
  return { levels, width, height, rows };
}

/**
 * The number of MRZ-like rows in the top or the bottom part of a flattened document, in dark print
 * or in light print on a dark band (the inverted OCR-B faces), whichever finds more.
 */
export function mrzLikeRows(rectified: RgbImage, end: 'top' | 'bottom'): number {
  const dark = endRows(rectified, end, false).rows.length;
  if (dark >= 2) return dark;
  return Math.max(dark, endRows(rectified, end, true).rows.length);
}

/** The pieces of ink of a mask grouped into rows by their vertical centre, top to bottom. */
function inkRows(ink: Uint8Array, width: number, height: number): Component[][] {
  const found = components(ink, width, height).filter((c) => c.y1 - c.y0 >= 5 && c.area >= 6);
  // Rows: components grouped by their vertical centre.
  const byCentre = [...found].sort((a, b) => a.y0 + a.y1 - (b.y0 + b.y1));
  const rows: Component[][] = [];
  for (const c of byCentre) {
    const row = rows[rows.length - 1];
    const last = row?.[row.length - 1];
    if (row && last && Math.abs(c.y0 + c.y1 - last.y0 - last.y1) / 2 <= (c.y1 - c.y0 + 1) * 0.35)
      row.push(c);
    else rows.push([c]);
  }
  return rows;
}
