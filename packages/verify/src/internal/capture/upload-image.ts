/**
 * Makes a photo fit the flow API's limits before it is sent (server `capture-images.ts`: JPEG, PNG
 * or WebP checked by decoding, at most 10 MB and 40 megapixels, at least 64 px a side). A photo
 * already within them goes as it is (no second JPEG loss); any other image the browser can decode
 * (HEIC, GIF, a 48-megapixel phone photo, a 20 MB PNG) is turned upright, scaled down and encoded
 * as JPEG until it fits.
 */
import { CAPTURE_MAX_BYTES, CAPTURE_MAX_PIXELS, CAPTURE_MIN_SIDE } from '@idv/contract/limits';

/** Largest image the flow API takes (bytes). */
export const maxUploadBytes = CAPTURE_MAX_BYTES;
/** Largest image the flow API takes (pixels). */
const maxUploadPixels = CAPTURE_MAX_PIXELS;
/** Smallest side the flow API takes (px). */
export const minUploadSide = CAPTURE_MIN_SIDE;
/** Longest side the element sends (px): ample for OCR and the MRZ, well inside the limits. */
const maxSendSide = 4096;
/** Bytes the element aims below, leaving the multipart framing room under the 10 MB limit. */
const byteBudget = 9 * 1024 * 1024;
/** Types the flow API decodes. */
const acceptedTypes = ['image/jpeg', 'image/png', 'image/webp'];

/** Why a photo cannot be sent. */
export class UploadImageError extends Error {
  override readonly name = 'UploadImageError';

  constructor(readonly reason: 'unreadable' | 'too-small') {
    super(reason === 'unreadable' ? 'The image cannot be decoded.' : 'The image is too small.');
  }
}

/** A photo ready to send, with its size in pixels. */
export interface UploadImage {
  blob: Blob;
  width: number;
  height: number;
}

/** Encodes `bitmap` scaled by `scale` as JPEG at `quality`. */
async function encodeScaled(
  bitmap: ImageBitmap,
  scale: number,
  quality: number,
): Promise<UploadImage> {
  const width = Math.max(1, Math.round(bitmap.width * scale));
  const height = Math.max(1, Math.round(bitmap.height * scale));
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d');
  if (!context) throw new UploadImageError('unreadable');
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, width, height);
  const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality });
  return { blob, width, height };
}

/**
 * The photo as the element sends it: `blob` itself when it is within the limits, else a JPEG that
 * is. Throws `UploadImageError` when the browser cannot decode it or it is too small to analyse.
 */
export async function fitForUpload(blob: Blob): Promise<UploadImage> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(blob, { imageOrientation: 'from-image' });
  } catch {
    throw new UploadImageError('unreadable');
  }
  try {
    const { width, height } = bitmap;
    if (Math.min(width, height) < minUploadSide) throw new UploadImageError('too-small');
    const longSide = Math.max(width, height);
    if (
      acceptedTypes.includes(blob.type) &&
      blob.size <= byteBudget &&
      width * height <= maxUploadPixels &&
      longSide <= maxSendSide
    )
      return { blob, width, height };
    let scale = Math.min(1, maxSendSide / longSide);
    for (;;) {
      for (const quality of [0.92, 0.85, 0.75]) {
        const encoded = await encodeScaled(bitmap, scale, quality);
        if (encoded.blob.size <= byteBudget) return encoded;
      }
      scale *= 0.75;
      if (Math.min(width, height) * scale < minUploadSide) throw new UploadImageError('too-small');
    }
  } finally {
    bitmap.close();
  }
}
