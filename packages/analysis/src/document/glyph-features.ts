/**
 * The features the glyph classifier (`glyph-classifier.ts`) reads from a normalised MRZ cell
 * (`mrz-cells.ts`): the ink itself (1 ink, 0 ground) and, on a 4 × 6 grid of blocks, a histogram of
 * gradient directions weighted by their strength (HOG-like). The directions see a stroke's slant,
 * what separates `W` from `M` and `<` from `K` at 12–15 px, whether the face is solid or hollow.
 */
import { CELL_HEIGHT, CELL_WIDTH, type GlyphCell } from './mrz-cells.js';

/** Side of a histogram block, in cell samples. */
const BLOCK = 4;
/** Gradient directions per block (signed, over the full turn). */
const DIRECTIONS = 8;
const BLOCKS_X = CELL_WIDTH / BLOCK;
const BLOCKS_Y = CELL_HEIGHT / BLOCK;

/** Length of a feature vector. */
export const FEATURE_LENGTH = CELL_WIDTH * CELL_HEIGHT + BLOCKS_X * BLOCKS_Y * DIRECTIONS;

/** The feature vector of a cell. */
export function glyphFeatures(cell: GlyphCell): Float32Array {
  const features = new Float32Array(FEATURE_LENGTH);
  for (let k = 0; k < cell.length; k++) features[k] = 1 - (cell[k] as number);
  const at = (x: number, y: number): number =>
    cell[
      Math.min(CELL_HEIGHT - 1, Math.max(0, y)) * CELL_WIDTH +
        Math.min(CELL_WIDTH - 1, Math.max(0, x))
    ] as number;
  const offset = CELL_WIDTH * CELL_HEIGHT;
  for (let y = 0; y < CELL_HEIGHT; y++)
    for (let x = 0; x < CELL_WIDTH; x++) {
      const gx = at(x + 1, y) - at(x - 1, y);
      const gy = at(x, y + 1) - at(x, y - 1);
      const strength = Math.hypot(gx, gy);
      if (strength === 0) continue;
      const angle = (Math.atan2(gy, gx) + Math.PI) / (2 * Math.PI);
      const bin = Math.min(DIRECTIONS - 1, Math.floor(angle * DIRECTIONS));
      const block = Math.floor(y / BLOCK) * BLOCKS_X + Math.floor(x / BLOCK);
      features[offset + block * DIRECTIONS + bin] =
        (features[offset + block * DIRECTIONS + bin] as number) + strength / 2;
    }
  return features;
}
