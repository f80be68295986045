import sharp from 'sharp';
import { CAPTURE_MAX_PIXELS, CAPTURE_MIN_SIDE } from '@idv/contract/limits';
import { ApiError, Errors } from '../lib/errors.js';

// The limits are the contract's: the largest image by pixel count is read from the header before
// decoding (decompression bombs); the smallest side is the least an analysis can use.

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);

/** A capture decoded, turned upright (EXIF orientation) and re-encoded as JPEG. */
export interface NormalizedCapture {
  jpeg: Buffer;
  width: number;
  height: number;
  /** The format that was uploaded. */
  format: 'jpeg' | 'png' | 'webp';
}

/**
 * Checks an uploaded image by decoding it, whatever its declared type: JPEG, PNG or WebP only
 * (400 otherwise or when truncated/corrupt), at most 40 megapixels (413, read before decoding),
 * at least 64 px a side (400). Answers it upright and re-encoded as JPEG, the one format the
 * image endpoints serve, so stored bytes are always a clean image, never the upload itself.
 */
export async function normalizeCapture(bytes: Buffer, field: string): Promise<NormalizedCapture> {
  try {
    const image = sharp(bytes, { failOn: 'error', limitInputPixels: false });
    const metadata = await image.metadata();
    if (metadata.format === undefined || !ACCEPTED_FORMATS.has(metadata.format))
      throw Errors.badRequest(`${field} must be a JPEG, PNG or WebP image`);
    const width = metadata.width ?? 0;
    const height = metadata.height ?? 0;
    if (width * height > CAPTURE_MAX_PIXELS)
      throw Errors.payloadTooLarge(
        `${field} has ${width}×${height} pixels; at most ${CAPTURE_MAX_PIXELS / 1_000_000} megapixels are accepted`,
      );
    if (Math.min(width, height) < CAPTURE_MIN_SIDE)
      throw Errors.badRequest(
        `${field} is too small (${width}×${height}); at least ${CAPTURE_MIN_SIDE} px a side`,
      );
    const { data, info } = await sharp(bytes, {
      failOn: 'error',
      limitInputPixels: CAPTURE_MAX_PIXELS,
    })
      .rotate()
      .jpeg({ quality: 92, mozjpeg: false })
      .toBuffer({ resolveWithObject: true });
    return {
      jpeg: data,
      width: info.width,
      height: info.height,
      format: metadata.format as NormalizedCapture['format'],
    };
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw Errors.badRequest(`${field} is not a readable JPEG, PNG or WebP image`);
  }
}
