/**
 * Documents photographed the wrong way up. A phone held upside down gives a flattened document
 * rotated half a turn (its MRZ at the top, every line unreadable to OCR); a card photographed a
 * quarter turn round in a portrait photo is not found as a landscape document at all. The readers
 * ask for the other ways up only when the upright reading found no identity, so an upright photo
 * never pays for them; which ways are worth a reading is told by where the MRZ-like rows are
 * (`mrz-rows.ts`), without OCR.
 */
import type { DecodedImage, RgbImage } from '../image/decode.js';
import type { Point } from '../types.js';
import { locateAndRectify } from './locate.js';
import { mrzLikeRows } from './mrz-rows.js';
import type { LocatedUpload } from './upload-cache.js';

/** `image` rotated half a turn (its pixels in reverse order). */
export function halfTurned<T extends RgbImage>(image: T): T {
  const { data, width, height } = image;
  const turned = Buffer.allocUnsafe(data.length);
  const pixels = width * height;
  for (let from = 0, to = (pixels - 1) * 3; from < pixels * 3; from += 3, to -= 3) {
    turned[to] = data[from] as number;
    turned[to + 1] = data[from + 1] as number;
    turned[to + 2] = data[from + 2] as number;
  }
  return { ...image, data: turned };
}

/** `image` rotated a quarter turn clockwise (`1`) or anticlockwise (`-1`). */
export function quarterTurned<T extends RgbImage>(image: T, direction: 1 | -1): T {
  const { data, width, height } = image;
  const turned = Buffer.allocUnsafe(data.length);
  // The turned image is `height` wide and `width` high.
  for (let y = 0; y < width; y++)
    for (let x = 0; x < height; x++) {
      const [sourceX, sourceY] = direction === 1 ? [y, height - 1 - x] : [width - 1 - y, x];
      const from = (sourceY * width + sourceX) * 3;
      const to = (y * height + x) * 3;
      turned[to] = data[from] as number;
      turned[to + 1] = data[from + 1] as number;
      turned[to + 2] = data[from + 2] as number;
    }
  return { ...image, data: turned, width: height, height: width };
}

/**
 * The upload with its document read the other way up: the decoded photo and the flattened
 * document turned half a turn, the outline's corners named from the document's real top left
 * (`quad` stays in the upload's own pixels; `decodedQuad` turns with the decoded image).
 */
export function upsideDown(upload: LocatedUpload): LocatedUpload {
  const { decoded, located } = upload;
  const [topLeft, topRight, bottomRight, bottomLeft] = located.quad;
  // In the turned decoded image, each corner turns with it, and the one that was bottom right
  // comes first.
  const turn = ({ x, y }: Point): Point => ({
    x: decoded.width - 1 - x,
    y: decoded.height - 1 - y,
  });
  const [dTopLeft, dTopRight, dBottomRight, dBottomLeft] = located.decodedQuad.map(turn);
  return {
    decoded: halfTurned<DecodedImage>(decoded),
    located: {
      ...located,
      rectified: halfTurned(located.rectified),
      quad:
        topLeft && topRight && bottomRight && bottomLeft
          ? [bottomRight, bottomLeft, topLeft, topRight]
          : located.quad,
      decodedQuad:
        dTopLeft && dTopRight && dBottomRight && dBottomLeft
          ? [dBottomRight, dBottomLeft, dTopLeft, dTopRight]
          : located.decodedQuad,
    },
  };
}

/**
 * The upload turned a quarter and its document looked for again, its corners mapped back into
 * the upload's own pixels; `null` when no outline is found that way either.
 */
async function quarterTurnedUpload(
  upload: LocatedUpload,
  direction: 1 | -1,
): Promise<LocatedUpload | null> {
  const decoded = quarterTurned(upload.decoded, direction);
  const located = await locateAndRectify(decoded);
  if (!located.outlineFound) return null;
  // Upload pixels of the turned photo back to the upload's own: the upload is `width` wide and
  // `height` high (decoded pixels times the scale).
  const width = upload.decoded.width * upload.decoded.scale;
  const height = upload.decoded.height * upload.decoded.scale;
  const back = ({ x, y }: Point): Point =>
    direction === 1 ? { x: y, y: height - 1 - x } : { x: width - 1 - y, y: x };
  return { decoded, located: { ...located, quad: located.quad.map(back) } };
}

/**
 * The other ways up worth reading for an upload whose upright reading found no identity, most
 * likely first, told by where MRZ-like rows lie: none when they sit at the bottom of the flattened
 * document (it is upright); upside down when they sit at its top; a quarter turn either way (each
 * then upside down if its MRZ is at the top) when they run down its sides or no outline was found;
 * and upside down (first) when there is no MRZ to tell and `blindHalfTurn` (a card front).
 */
export async function otherWaysUp(
  upload: LocatedUpload,
  blindHalfTurn: boolean,
): Promise<LocatedUpload[]> {
  const { rectified, outlineFound } = upload.located;
  if (mrzLikeRows(rectified, 'bottom') >= 2) return [];
  if (mrzLikeRows(rectified, 'top') >= 2) return [upsideDown(upload)];
  const sideways = quarterTurned(rectified, 1);
  const mrzOnASide = mrzLikeRows(sideways, 'top') >= 2 || mrzLikeRows(sideways, 'bottom') >= 2;
  if (mrzOnASide || !outlineFound) {
    const turns: LocatedUpload[] = [];
    for (const direction of [1, -1] as const) {
      const turned = await quarterTurnedUpload(upload, direction);
      if (!turned) continue;
      const { rectified: flat } = turned.located;
      const topFirst = mrzLikeRows(flat, 'bottom') < 2 && mrzLikeRows(flat, 'top') >= 2;
      turns.push(topFirst ? upsideDown(turned) : turned);
    }
    if (mrzOnASide) return turns;
    // No MRZ to tell (a card front): upside down is the likelier way, then a quarter either way.
    return blindHalfTurn ? [upsideDown(upload), ...turns] : turns;
  }
  return blindHalfTurn ? [upsideDown(upload)] : [];
}
