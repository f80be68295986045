/**
 * The shape of a single diacritic mark above a letter, where it decides the letter's MRZ writing.
 * ICAO 9303 writes `Å` as `AA` and `Ä` as `AE` but `Á` as `A`: on an `A`, `O` or `U` the kind of
 * mark matters. An acute accent is one stroke whose top leans to the right; a ring, a circumflex, a
 * caron or two dots run together are centred on one column, row after row. A mark above a name is
 * a few pixels tall at the flattened document's resolution, too few for its binary outline, so its
 * lean is measured on the gray levels: the darkness-weighted covariance of its pixels' columns and
 * rows.
 */
import type { Component } from './ink-geometry.js';

/** What one mark is: an acute accent, or of another or an unknown shape. */
export type SingleMarkShape = 'acute' | 'unknown';

/**
 * Least lean of an acute accent: the change of the mark's column per row, from its
 * darkness-weighted moments. Measured on the tuned families' names (development 2380–2619, 1 000 px
 * flattened fronts): acute accents lean 0.1 to 0.7 (most 0.4 to 0.6) to the right going up; the
 * carons, tildes, single-blot diaereses and rings lean −0.4 to 0.1. A grave accent leans the other
 * way, like a tilde, and is not told.
 */
export const LEAST_LEAN = 0.35;

/**
 * The shape of `mark`, from `darkness(x, y)` (0 paper to 1 ink) of the pixels of its box and one
 * pixel around it.
 */
export function singleMarkShape(
  darkness: (x: number, y: number) => number,
  mark: Component,
): SingleMarkShape {
  return markLean(darkness, mark) <= -LEAST_LEAN ? 'acute' : 'unknown';
}

/**
 * The lean of `mark`: the slope of its columns against its rows (negative for an acute `´`, whose
 * top is to the right), `0` when its rows do not spread.
 */
export function markLean(darkness: (x: number, y: number) => number, mark: Component): number {
  let total = 0;
  let sumX = 0;
  let sumY = 0;
  const pixels: [number, number, number][] = [];
  for (let y = mark.y0 - 1; y <= mark.y1 + 1; y++)
    for (let x = mark.x0 - 1; x <= mark.x1 + 1; x++) {
      const weight = darkness(x, y);
      if (weight <= 0) continue;
      pixels.push([x, y, weight]);
      total += weight;
      sumX += weight * x;
      sumY += weight * y;
    }
  if (total <= 0) return 0;
  const meanX = sumX / total;
  const meanY = sumY / total;
  let covariance = 0;
  let varianceY = 0;
  for (const [x, y, weight] of pixels) {
    covariance += weight * (x - meanX) * (y - meanY);
    varianceY += weight * (y - meanY) ** 2;
  }
  return varianceY > 0 ? covariance / varianceY : 0;
}
