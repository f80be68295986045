import sharp from 'sharp';
import type { RgbImage } from '../image/decode.js';
import { readDocumentBarcodes } from '../models/zxing.js';
import type { BarcodeResult } from '../types.js';

/**
 * Reads PDF417 and QR codes, PDF417 first, from the first of `images` that has any. With `denoise`
 * the image is median-filtered first (sensor noise breaks PDF417's thin bars).
 */
export async function readBarcodes(images: RgbImage[], denoise = false): Promise<BarcodeResult[]> {
  for (const image of images) {
    let gray = sharp(image.data, {
      raw: { width: image.width, height: image.height, channels: 3 },
    }).grayscale();
    if (denoise) gray = gray.median(3);
    const results = await readDocumentBarcodes(await gray.png({ compressionLevel: 1 }).toBuffer());
    if (results.length > 0) {
      const unique = new Map<string, BarcodeResult>();
      for (const result of results)
        unique.set(`${result.format}:${result.text}`, { format: result.format, raw: result.text });
      return [...unique.values()].sort(
        (a, b) => (a.format === 'PDF417' ? -1 : 0) - (b.format === 'PDF417' ? -1 : 0),
      );
    }
  }
  return [];
}
