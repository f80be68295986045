import type { RgbImage } from '../image/decode.js';
import { toGray } from '../image/decode.js';

const SIZE = 256;

/** In-place radix-2 FFT of one row/column (re, im of length n, n a power of two). */
function fft(re: Float64Array, im: Float64Array): void {
  const n = re.length;
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      [re[i], re[j]] = [re[j] as number, re[i] as number];
      [im[i], im[j]] = [im[j] as number, im[i] as number];
    }
  }
  for (let length = 2; length <= n; length <<= 1) {
    const angle = (-2 * Math.PI) / length;
    for (let i = 0; i < n; i += length) {
      for (let k = 0; k < length / 2; k++) {
        const wr = Math.cos(angle * k);
        const wi = Math.sin(angle * k);
        const a = i + k;
        const b = a + length / 2;
        const xr = (re[b] as number) * wr - (im[b] as number) * wi;
        const xi = (re[b] as number) * wi + (im[b] as number) * wr;
        re[b] = (re[a] as number) - xr;
        im[b] = (im[a] as number) - xi;
        re[a] = (re[a] as number) + xr;
        im[a] = (im[a] as number) + xi;
      }
    }
  }
}

/** Log-magnitude spectrum of a 256 × 256 Hann-windowed grey patch, centred (DC in the middle). */
function spectrum(gray: Float64Array): Float64Array {
  const re = new Float64Array(SIZE * SIZE);
  const im = new Float64Array(SIZE * SIZE);
  for (let y = 0; y < SIZE; y++)
    for (let x = 0; x < SIZE; x++) {
      const w =
        (0.5 - 0.5 * Math.cos((2 * Math.PI * x) / (SIZE - 1))) *
        (0.5 - 0.5 * Math.cos((2 * Math.PI * y) / (SIZE - 1)));
      re[y * SIZE + x] = (gray[y * SIZE + x] as number) * w;
    }
  const rowRe = new Float64Array(SIZE);
  const rowIm = new Float64Array(SIZE);
  for (let pass = 0; pass < 2; pass++) {
    for (let line = 0; line < SIZE; line++) {
      for (let k = 0; k < SIZE; k++) {
        const index = pass === 0 ? line * SIZE + k : k * SIZE + line;
        rowRe[k] = re[index] as number;
        rowIm[k] = im[index] as number;
      }
      fft(rowRe, rowIm);
      for (let k = 0; k < SIZE; k++) {
        const index = pass === 0 ? line * SIZE + k : k * SIZE + line;
        re[index] = rowRe[k] as number;
        im[index] = rowIm[k] as number;
      }
    }
  }
  const magnitude = new Float64Array(SIZE * SIZE);
  for (let y = 0; y < SIZE; y++)
    for (let x = 0; x < SIZE; x++) {
      const sy = (y + SIZE / 2) % SIZE;
      const sx = (x + SIZE / 2) % SIZE;
      magnitude[sy * SIZE + sx] = Math.log1p(
        Math.hypot(re[y * SIZE + x] as number, im[y * SIZE + x] as number),
      );
    }
  return magnitude;
}

/** A grey 256 × 256 patch (area-averaged) of a region of an RGB image. */
function patch(
  image: RgbImage,
  box: { x: number; y: number; width: number; height: number },
): Float64Array {
  const gray = toGray(image);
  const out = new Float64Array(SIZE * SIZE);
  for (let y = 0; y < SIZE; y++)
    for (let x = 0; x < SIZE; x++) {
      const sx = Math.min(
        image.width - 1,
        Math.max(0, Math.round(box.x + ((x + 0.5) * box.width) / SIZE)),
      );
      const sy = Math.min(
        image.height - 1,
        Math.max(0, Math.round(box.y + ((y + 0.5) * box.height) / SIZE)),
      );
      out[y * SIZE + x] = gray[sy * image.width + sx] as number;
    }
  return out;
}

/**
 * Periodic-texture analysis of a face region: a screen's pixel grid and a print's halftone show up
 * as isolated peaks in the mid/high frequencies of the spectrum, which a real face (smooth 1/f
 * fall-off) lacks. The patch is sampled at one pixel per source pixel (1.4 × the face box, at most
 * 256 px, centred), so the grid's own frequency is kept. Answers the peak prominence (robust z-score of
 * the strongest peaks in the 0.2–0.5 cycles/pixel annulus) and the share of high-frequency energy.
 */
export function periodicTexture(
  image: RgbImage,
  box: { x: number; y: number; width: number; height: number },
): { peakiness: number; highFrequencyShare: number } {
  const side = Math.min(SIZE, Math.round(Math.min(box.width, box.height) * 1.4));
  const centerX = box.x + box.width / 2;
  const centerY = box.y + box.height / 2;
  const region = { x: centerX - side / 2, y: centerY - side / 2, width: side, height: side };
  const magnitude = spectrum(patch(image, region));
  const annulus: number[] = [];
  let high = 0;
  let total = 0;
  for (let y = 0; y < SIZE; y++)
    for (let x = 0; x < SIZE; x++) {
      const fx = (x - SIZE / 2) / SIZE;
      const fy = (y - SIZE / 2) / SIZE;
      const radius = Math.hypot(fx, fy);
      const value = magnitude[y * SIZE + x] as number;
      if (radius > 0.02) total += value;
      if (radius >= 0.2 && radius <= 0.5) {
        annulus.push(value);
        high += value;
      }
    }
  const sorted = [...annulus].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] as number;
  const mad =
    (sorted.map((v) => Math.abs(v - median)).sort((a, b) => a - b)[
      Math.floor(sorted.length / 2)
    ] as number) || 1e-6;
  const top = sorted.slice(-8);
  const peak = top.reduce((s, v) => s + v, 0) / top.length;
  return {
    peakiness: Math.round(((peak - median) / (1.4826 * mad)) * 100) / 100,
    highFrequencyShare: Math.round((high / Math.max(1e-6, total)) * 1000) / 1000,
  };
}
