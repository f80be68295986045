/**
 * Diacritics that the visual-zone OCR does not read. Its model has no accented letters: it reads
 * `BJÖRN` as `BJORN`. Where the MRZ holds the whole name, the MRZ's writing (`BJOERN`) says what
 * the letter was; where ICAO cut the name, the tail exists only in the visual zone, and `BJORN`
 * would be stored for `BJÖRN`. This module looks at the pixels above each letter of an OCR line
 * for the marks the text lost.
 *
 * A line's marks are a mask as long as its text, one character per character of the text:
 * - `.` nothing above the letter (or not a letter);
 * - `:` two dots side by side (a diaeresis: `Ä`, `Ö`, `Ü`, `Ë`, `Ï`);
 * - `'` one acute accent (`Á`, `É`, `Ó`: a stroke whose top leans right, `diacritic-mark-shape.ts`);
 * - `^` one mark of another or an unknown shape (ring, circumflex, caron, tilde…);
 * - `?` something above it that could be either (a wide blot, or a mark that touches its letter);
 * - `_` a gap between words after it (to one character) that the text does not have: the OCR ran
 *   two words together (`SIMONEMIHAI`);
 * - `|` such a gap right after it, placed exactly (the line's letters are as many pieces of ink as
 *   the text has letters, and the gap lies between two of them); nothing above the letter.
 * A line that could not be measured (no contrast, no letters) is all `?`.
 */
import { toGray, type RgbImage } from '../image/decode.js';
import type { TextLine } from '../models/paddle-ocr.js';
import { singleMarkShape, type SingleMarkShape } from './diacritic-mark-shape.js';
import { components, fitLine, median, type Component } from './ink-geometry.js';

/** A grayscale image, one byte per pixel, row-major. */
export interface GrayImage {
  data: Uint8Array;
  width: number;
  height: number;
}

/** The mark above one character (see the module's comment). */
export type MarkSymbol = '.' | ':' | "'" | '^' | '?' | '_' | '|';

/** The symbol of a single mark's shape (`diacritic-mark-shape.ts`). */
const SHAPE_SYMBOLS: Readonly<Record<SingleMarkShape, MarkSymbol>> = {
  acute: "'",
  unknown: '^',
};

/**
 * Area (pixels) up to which a mark is a dot that blur has lightened: its darkest pixel is measured
 * against a looser bound (the dots of a diaeresis at 1000 px come out a third of the way to paper).
 */
const SMALL_MARK_AREA = 6;

/** Whether two marks above one letter are the two dots of a diaeresis. */
function isDiaeresis(a: Component, b: Component, capHeight: number): boolean {
  const [left, right] = a.x0 <= b.x0 ? [a, b] : [b, a];
  const gap = right.x0 - left.x1;
  const heightA = a.y1 - a.y0 + 1;
  const heightB = b.y1 - b.y0 + 1;
  const centreA = (a.y0 + a.y1) / 2;
  const centreB = (b.y0 + b.y1) / 2;
  return (
    gap >= 1 &&
    Math.abs(centreA - centreB) <= capHeight * 0.15 &&
    Math.max(heightA, heightB) <= Math.min(heightA, heightB) * 2 + 1
  );
}

/**
 * The marks above the characters of one OCR line of `image` (the image the OCR read, so the
 * line's box is in its pixels). See the module's comment for the mask's symbols.
 */
export function lineMarks(image: GrayImage, line: TextLine): string {
  const unknown = '?'.repeat(line.text.length);
  const { box } = line;
  if (box.height < 6 || box.width < 6 || line.text.length === 0) return unknown;
  const x0 = Math.max(0, Math.floor(box.x - 2));
  const x1 = Math.min(image.width, Math.ceil(box.x + box.width + 2));
  const y0 = Math.max(0, Math.floor(box.y - box.height * 0.8));
  const y1 = Math.min(image.height, Math.ceil(box.y + box.height * 1.3));
  const width = x1 - x0;
  const height = y1 - y0;
  if (width <= 0 || height <= 0) return unknown;
  const gray = image.data;
  // Ink and paper levels from the line's own box: the name is the darkest print of its area; a
  // lighter label above it stays paper.
  const inBox: number[] = [];
  const boxTop = Math.max(0, Math.floor(box.y));
  const boxBottom = Math.min(image.height, Math.ceil(box.y + box.height));
  for (let y = boxTop; y < boxBottom; y++)
    for (let x = x0; x < x1; x++) inBox.push(gray[y * image.width + x] as number);
  if (inBox.length === 0) return unknown;
  inBox.sort((a, b) => a - b);
  const inkLevel = inBox[Math.floor(inBox.length * 0.05)] as number;
  const paperLevel = inBox[Math.floor(inBox.length * 0.9)] as number;
  if (paperLevel - inkLevel < 40) return unknown;
  const threshold = inkLevel + (paperLevel - inkLevel) * 0.45;
  const ink = new Uint8Array(width * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      ink[y * width + x] = (gray[(y + y0) * image.width + x + x0] as number) < threshold ? 1 : 0;
  // The band of the letters, from the ink itself (the OCR's box can sit a few pixels off): the
  // run of rows around the box's centre where the ink is dense.
  const rowInk = Array.from({ length: height }, (_, y) => {
    let n = 0;
    for (let x = 0; x < width; x++) n += ink[y * width + x] as number;
    return n;
  });
  const centreRow = Math.min(height - 1, Math.max(0, Math.round(box.y + box.height / 2 - y0)));
  let densest = centreRow;
  for (let y = Math.max(0, centreRow - 3); y <= Math.min(height - 1, centreRow + 3); y++)
    if ((rowInk[y] as number) > (rowInk[densest] as number)) densest = y;
  const dense = (rowInk[densest] as number) * 0.3;
  if (dense <= 0) return unknown;
  let bandTop = densest;
  let bandBottom = densest;
  while (bandTop > 0 && (rowInk[bandTop - 1] as number) >= dense) bandTop--;
  while (bandBottom < height - 1 && (rowInk[bandBottom + 1] as number) >= dense) bandBottom++;
  const bandHeight = bandBottom - bandTop + 1;
  if (bandHeight < 5) return unknown;
  const all = components(ink, width, height);
  // Letters: components as tall as most of the band, crossing its middle.
  const middle = (bandTop + bandBottom) / 2;
  const letters = all
    .filter((c) => c.y1 - c.y0 + 1 >= bandHeight * 0.6 && c.y0 <= middle && c.y1 >= middle)
    .sort((a, b) => a.x0 - b.x0);
  if (letters.length === 0) return unknown;
  const capHeight = median(letters.map((c) => c.y1 - c.y0 + 1));
  const capTop = fitLine(
    letters.map((c) => [(c.x0 + c.x1) / 2, c.y0]),
    capHeight * 0.12,
  );
  // Marks: small components just above the cap line, apart from it, whose core is as dark as the
  // letters (a lighter label above the line is not a mark), and not cut by the crop's edge.
  const darkest = (c: Component): number => {
    let min = 255;
    for (let y = c.y0; y <= c.y1; y++)
      for (let x = c.x0; x <= c.x1; x++)
        if (ink[y * width + x] === 1)
          min = Math.min(min, gray[(y + y0) * image.width + x + x0] as number);
    return min;
  };
  const marks = all.filter((c) => {
    const h = c.y1 - c.y0 + 1;
    const w = c.x1 - c.x0 + 1;
    const top = capTop((c.x0 + c.x1) / 2);
    return (
      c.area >= 2 &&
      c.y0 > 0 &&
      h <= capHeight * 0.45 &&
      w <= capHeight * 0.9 &&
      c.y1 < top &&
      c.y0 >= top - capHeight * 0.6 &&
      darkest(c) <= inkLevel + (paperLevel - inkLevel) * (c.area <= SMALL_MARK_AREA ? 0.4 : 0.3)
    );
  });
  // How dark a pixel of the crop is, 0 paper to 1 ink (outside the crop: paper).
  const darkness = (x: number, y: number): number => {
    if (x < 0 || y < 0 || x >= width || y >= height) return 0;
    const level = gray[(y + y0) * image.width + x + x0] as number;
    return Math.min(1, Math.max(0, (paperLevel - level) / (paperLevel - inkLevel)));
  };
  const mask: MarkSymbol[] = [...line.text].map(() => '.');
  // A mark that touches its letter (a ring on an `A`) makes the letter taller than the others:
  // at the ink threshold, or, when blur lightened the mark, by how far fainter ink rises above it.
  const baseline = fitLine(
    letters.map((c) => [(c.x0 + c.x1) / 2, c.y1]),
    capHeight * 0.12,
  );
  const raised = raisedLetters(letters, capHeight, darkness, [
    capTop,
    (x) => baseline(x) + 1 - capHeight,
  ]);
  const attached = letters.filter(
    (c, i) => c.y0 < capTop((c.x0 + c.x1) / 2) - capHeight * 0.2 || raised[i],
  );
  // Where each mark sits along the line, as a character of the text: by its place between the
  // first and the last letter, the text's characters counted as equally wide (a space as half).
  const chars = [...line.text];
  const advance = chars.map((char) => (char.trim() === '' ? 0.5 : 1));
  const total = advance.reduce((a, b) => a + b, 0);
  const left = Math.min(...letters.map((c) => c.x0));
  const right = Math.max(...letters.map((c) => c.x1));
  const span = Math.max(1, right - left + 1);
  const charAt = (x: number): number => {
    const at = ((x - left) / span) * total;
    let sum = 0;
    for (let i = 0; i < chars.length; i++) {
      sum += advance[i] as number;
      if (at < sum) return i;
    }
    return chars.length - 1;
  };
  // Marks close together are one diacritic (the two dots of a diaeresis).
  const clusters: Component[][] = [];
  for (const mark of [...marks].sort((a, b) => a.x0 - b.x0)) {
    const last = clusters[clusters.length - 1];
    const previous = last?.[last.length - 1];
    if (last && previous && mark.x0 - previous.x1 <= capHeight * 0.35) last.push(mark);
    else clusters.push([mark]);
  }
  // The character under a mark: exactly, when the line's letters are as many pieces of ink as the
  // text has letters (the k-th piece is the k-th letter); otherwise by its place along the line,
  // known to one character, so its neighbours are marked as possible too.
  const drawn = chars.flatMap((char, index) => (char.trim() === '' ? [] : [index]));
  const exact = letters.length === drawn.length;
  const letterUnder = (x: number): number => {
    let best = 0;
    letters.forEach((letter, i) => {
      const d = Math.abs((letter.x0 + letter.x1) / 2 - x);
      const bestLetter = letters[best] as Component;
      if (d < Math.abs((bestLetter.x0 + bestLetter.x1) / 2 - x)) best = i;
    });
    return drawn[best] as number;
  };
  const groups = new Map<number, Component[]>();
  for (const cluster of clusters) {
    const from = Math.min(...cluster.map((c) => c.x0));
    const to = Math.max(...cluster.map((c) => c.x1));
    const at = exact ? letterUnder((from + to) / 2) : charAt((from + to) / 2);
    groups.set(at, [...(groups.get(at) ?? []), ...cluster]);
  }
  for (const [at, above] of groups) {
    let symbol: MarkSymbol;
    if (above.length === 2 && isDiaeresis(above[0] as Component, above[1] as Component, capHeight))
      symbol = ':';
    else if (above.length === 1) {
      const only = above[0] as Component;
      // One blot as wide as two dots may be a diaeresis whose dots ran together.
      symbol =
        only.x1 - only.x0 + 1 >= capHeight * 0.4
          ? '?'
          : SHAPE_SYMBOLS[singleMarkShape(darkness, only)];
    } else symbol = '?';
    mask[at] = symbol;
    if (exact) continue;
    for (const k of [at - 1, at + 1])
      if (k >= 0 && k < mask.length && mask[k] === '.' && chars[k]?.trim() !== '') mask[k] = '?';
  }
  for (const letter of attached) {
    const centre = (letter.x0 + letter.x1) / 2;
    const at = exact ? letterUnder(centre) : charAt(centre);
    for (const k of exact ? [at] : [at - 1, at, at + 1])
      if (k >= 0 && k < mask.length && mask[k] === '.' && chars[k]?.trim() !== '') mask[k] = '?';
  }
  const inkColumns = Array.from({ length: width }, (_, x) => {
    for (let y = bandTop; y <= bandBottom; y++) if (ink[y * width + x] === 1) return true;
    return false;
  });
  // Exactly placed, the gap lies between two letters' pieces of ink: after the first's character.
  const letterBefore = (from: number, to: number): number | null => {
    if (!exact) return null;
    const after = letters.findIndex((letter) => letter.x0 >= to);
    const before = after - 1;
    if (before < 0 || (letters[before] as Component).x1 > from) return null;
    return drawn[before] as number;
  };
  wordGapsUnread(inkColumns, capHeight, chars, charAt, letterBefore, mask);
  return mask.join('');
}

/**
 * Marks `_` after the characters where the ink shows a gap between words that the text does not
 * have (the OCR ran two words together: `SIMONEMIHAI`). Gaps are runs of columns without ink in
 * the letters' band, so a letter drawn in several pieces (a serif `G`) leaves none.
 */
function wordGapsUnread(
  inkColumns: readonly boolean[],
  capHeight: number,
  chars: readonly string[],
  charAt: (x: number) => number,
  letterBefore: (from: number, to: number) => number | null,
  mask: MarkSymbol[],
): void {
  const first = inkColumns.indexOf(true);
  const last = inkColumns.lastIndexOf(true);
  if (first < 0) return;
  const gaps: { from: number; to: number }[] = [];
  for (let x = first; x <= last; x++) {
    if (inkColumns[x]) continue;
    const from = x - 1;
    while (x <= last && !inkColumns[x]) x++;
    gaps.push({ from, to: x });
  }
  const widths = gaps.map((g) => g.to - g.from);
  if (widths.length === 0) return;
  const usual = median(widths);
  const separator = (k: number): boolean => /[\s\-‐‑–—,/]/.test(chars[k] ?? '');
  for (const gap of gaps) {
    if (gap.to - gap.from <= Math.max(capHeight * 0.45, usual * 2.5)) continue;
    const before = charAt(gap.from);
    const after = charAt(gap.to);
    let spaced = false;
    for (let k = before - 1; k <= after + 1; k++) if (separator(k)) spaced = true;
    if (spaced) continue;
    const exactly = letterBefore(gap.from, gap.to);
    if (exactly !== null && mask[exactly] === '.') {
      mask[exactly] = '|';
      continue;
    }
    // The letters' places are estimated, so the gap may fall on the letter after it, which may
    // carry a mark of its own (`SAMUELÉLODIE`: the gap on the É); the gap is known to one letter.
    const free = [before, before - 1, before + 1].find((k) => mask[k] === '.');
    if (free !== undefined) mask[free] = '_';
  }
}

/**
 * Darkness (0 paper, 1 ink) down to which a letter's ink is followed upwards by
 * {@link raisedLetters}: fainter than the ink threshold, so that a ring blur has lightened and run
 * into its letter still counts.
 */
const RISE_DARKNESS = 0.35;

/** How far (of the cap height) beyond the line's usual rise a letter with a joined mark rises. */
const RISE_EXCESS = 0.18;

/**
 * Which of `letters` carry a mark joined to them that the ink threshold cut off or kept too low to
 * stand out (`SAMUEL HÅKON` photographed with blur: the ring a faint cap on the `A`). A letter's
 * rise is how many rows above the cap line its middle columns stay at least {@link RISE_DARKNESS}
 * dark; blur gives every letter a little, a mark much more. The cap line is taken two ways, each
 * at each letter: fitted on the letters' tops, which a marked letter at either end of a short
 * line can tilt (`ÅSTRÖM`), and one cap height above the line fitted on their bottoms, which marks do
 * not touch. A letter is raised when, either way, it rises {@link RISE_EXCESS} of the cap height
 * beyond the line's median rise.
 */
function raisedLetters(
  letters: readonly Component[],
  capHeight: number,
  darkness: (x: number, y: number) => number,
  capLines: readonly ((x: number) => number)[],
): boolean[] {
  const raised = letters.map(() => false);
  for (const capLine of capLines) {
    const rises = letters.map((c) => {
      const width = c.x1 - c.x0 + 1;
      const from = Math.round(c.x0 + width * 0.2);
      const to = Math.round(c.x1 - width * 0.2);
      const top = capLine((c.x0 + c.x1) / 2);
      const highest = Math.max(0, Math.floor(top - capHeight * 0.8));
      let y = Math.floor(top) - 1;
      for (; y >= highest; y--) {
        let darkest = 0;
        for (let x = from; x <= to; x++) darkest = Math.max(darkest, darkness(x, y));
        if (darkest < RISE_DARKNESS) break;
      }
      return top - (y + 1);
    });
    const usual = median(rises);
    rises.forEach((rise, i) => {
      if (rise >= usual + capHeight * RISE_EXCESS) raised[i] = true;
    });
  }
  return raised;
}

/**
 * The marks of every line, in the lines' order (joined with `\n`, they align with the OCR text).
 * `image` may be a larger copy of the one the OCR read (`scale` times as wide): a diaeresis is two
 * dots of a pixel or two, and every pixel more keeps them apart from their letter and dark.
 */
export function ocrMarks(image: RgbImage, lines: readonly TextLine[], scale = 1): string[] {
  const gray: GrayImage = { data: toGray(image), width: image.width, height: image.height };
  return lines.map((line) =>
    lineMarks(gray, {
      ...line,
      box: {
        x: line.box.x * scale,
        y: line.box.y * scale,
        width: line.box.width * scale,
        height: line.box.height * scale,
      },
    }),
  );
}
