/** JPEG encoding of a frame in the worker (OffscreenCanvas), buffer transferred back. */
import { isImageData } from './pixels.js';
import type { EncodedImage, FrameInput } from './types.js';

/**
 * Encodes a frame as JPEG at `quality` (0–1), downscaled so that its longer side is at most
 * `maxSide` pixels (documents are read by OCR: 2000 px keeps the MRZ legible).
 */
export async function encodeFrameAsJpeg(
  frame: FrameInput,
  quality = 0.9,
  maxSide = 2000,
): Promise<EncodedImage> {
  const scale = Math.min(1, maxSide / Math.max(frame.width, frame.height));
  const width = Math.round(frame.width * scale);
  const height = Math.round(frame.height * scale);
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('2D canvas unavailable in this worker');
  if (isImageData(frame)) {
    if (scale === 1) context.putImageData(frame, 0, 0);
    else {
      const source = new OffscreenCanvas(frame.width, frame.height);
      source.getContext('2d')!.putImageData(frame, 0, 0);
      context.drawImage(source, 0, 0, width, height);
    }
  } else {
    context.drawImage(frame, 0, 0, width, height);
  }
  const blob = await canvas.convertToBlob({
    type: 'image/jpeg',
    quality: Math.min(1, Math.max(0.1, quality)),
  });
  return { buffer: await blob.arrayBuffer(), type: 'image/jpeg', width, height };
}
