import sharp from 'sharp';
import type { RgbImage } from '../image/decode.js';
import { readDocumentBarcodes } from '../models/zxing.js';
import type { BarcodeResult } from '../types.js';

/** Reads PDF417 and QR codes, PDF417 first, from the first of `images` that has any. */
export async function readBarcodes(images: RgbImage[]): Promise<BarcodeResult[]> {
  for (const image of images) {
    const png = await sharp(image.data, {
      raw: { width: image.width, height: image.height, channels: 3 },
    })
      .grayscale()
      .png({ compressionLevel: 1 })
      .toBuffer();
    const results = await readDocumentBarcodes(png);
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
