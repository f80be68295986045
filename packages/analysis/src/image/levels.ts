import type { DecodedImage } from './decode.js';

/** An image whose brightest percent is below this luminance is underexposed. */
export const DARK_P99 = 128;

/**
 * Stretches the levels of an underexposed photo so that its darkest and brightest percent span the
 * full range (a photo of a document in low light: the text is there, ten grey levels above the
 * paper's shadow). A photo whose brightest percent already reaches {@link DARK_P99} is returned as
 * it is: glare and well-lit documents must keep their levels. The result is a new image.
 */
export function stretchDarkLevels(image: DecodedImage): DecodedImage {
  const histogram = new Uint32Array(256);
  const { data } = image;
  // Every fourth pixel is plenty for percentiles.
  for (let p = 0; p < data.length; p += 12)
    histogram[(77 * data[p]! + 150 * data[p + 1]! + 29 * data[p + 2]!) >> 8]!++;
  const total = histogram.reduce((sum, count) => sum + count, 0);
  const percentile = (share: number): number => {
    let seen = 0;
    for (let level = 0; level < 256; level++) {
      seen += histogram[level]!;
      if (seen >= total * share) return level;
    }
    return 255;
  };
  const low = percentile(0.01);
  const high = percentile(0.99);
  if (high >= DARK_P99 || high <= low) return image;
  const lookup = new Uint8Array(256);
  for (let level = 0; level < 256; level++)
    lookup[level] = Math.max(0, Math.min(255, Math.round(((level - low) * 255) / (high - low))));
  const out = Buffer.allocUnsafe(data.length);
  for (let i = 0; i < data.length; i++) out[i] = lookup[data[i]!]!;
  return { ...image, data: out };
}
