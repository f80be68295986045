import { toGray, type RgbImage } from './decode.js';

/**
 * Quality of an image region, each 0–1: `blur` from the variance of the Laplacian (0 sharp,
 * 1 unreadable), `glare` the share of blown-out pixels, `brightness` the mean luminance.
 */
export function measureQuality(image: RgbImage): {
  blur: number;
  glare: number;
  brightness: number;
} {
  const gray = toGray(image);
  const { width, height } = image;
  let sum = 0;
  let saturated = 0;
  for (const value of gray) {
    sum += value;
    if (value >= 250) saturated++;
  }
  let laplacianSum = 0;
  let laplacianSquares = 0;
  let count = 0;
  for (let y = 1; y < height - 1; y += 2) {
    for (let x = 1; x < width - 1; x += 2) {
      const i = y * width + x;
      const value =
        4 * (gray[i] as number) -
        (gray[i - 1] as number) -
        (gray[i + 1] as number) -
        (gray[i - width] as number) -
        (gray[i + width] as number);
      laplacianSum += value;
      laplacianSquares += value * value;
      count++;
    }
  }
  const mean = laplacianSum / Math.max(1, count);
  const variance = laplacianSquares / Math.max(1, count) - mean * mean;
  // Variance ≥ 400 is crisp print at ~1000 px; ≤ 20 is mush.
  const blur = Math.min(
    1,
    Math.max(0, 1 - Math.log(Math.max(variance, 1) / 20) / Math.log(400 / 20)),
  );
  return {
    blur: round(blur),
    glare: round(saturated / Math.max(1, gray.length)),
    brightness: round(sum / Math.max(1, gray.length) / 255),
  };
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
