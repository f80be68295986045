import type { DecodedImage, RgbImage } from '../image/decode.js';
import type { Point } from '../types.js';
import { locateDocument, rectify, snapAspect, type DOCUMENT_ASPECTS } from './quad.js';

/** Width of the flat document image every reader works on. */
export const RECTIFIED_WIDTH = 1000;

/** A document found in an upload and flattened. */
export interface LocatedDocument {
  rectified: RgbImage;
  /** Corners in the upload's own pixels (TL, TR, BR, BL). */
  quad: Point[];
  /**
   * The same corners in the pixels of the decoded image the document was found in (turned with
   * it when the document is read another way up), for looks back at that image around them.
   */
  decodedQuad: Point[];
  outlineFound: boolean;
  /** The ICAO size the outline matches, if any. */
  sizeClass: keyof typeof DOCUMENT_ASPECTS | null;
}

/** Finds the document in a decoded upload, flattens it, and maps its corners back to upload pixels. */
export async function locateAndRectify(image: DecodedImage): Promise<LocatedDocument> {
  const region = await locateDocument(image);
  const snapped = snapAspect(region.aspect);
  const rectified = await rectify(image, region.quad, RECTIFIED_WIDTH, snapped.aspect);
  return {
    rectified,
    quad: region.quad.map((p) => ({
      x: Math.round(p.x * image.scale),
      y: Math.round(p.y * image.scale),
    })),
    decodedQuad: region.quad,
    outlineFound: region.outlineFound,
    sizeClass: snapped.format,
  };
}
