/**
 * The flattened look at an MRZ band: every glyph made dark on white, whatever its polarity, with
 * the slow background (security print, shading, the dark boxes of an inverted face) taken away.
 *
 * An MRZ printed in an inverted OCR-B face is light glyphs on dark boxes that join into a dark
 * stripe per row. PaddleOCR reads such rows poorly: it cuts them short or drops the glyphs at a
 * glare-lit end of the stripe (development samples tuned 1210 and 1231, passports in the inverted
 * face). Negating the band does not help, since the page around the stripes turns dark in turn.
 * Here each pixel is compared with the median of its neighbourhood, a window wider than a stroke
 * and narrower than a row: inside a dark stripe the median is the stripe, so a light glyph stands
 * out; on the page the median is the page, so a dark glyph stands out. The distance from that
 * background, stretched and turned dark, gives dark glyphs on white on both, and a stripe's edges
 * as thin lines that the detector passes over.
 */
import sharp from 'sharp';
import { resizeRgb, type RgbImage } from '../image/decode.js';

/** Width of the flattened band: at 1400 px a TD3 character is about 28 px wide. */
export const FLATTENED_BAND_WIDTH = 1400;
/**
 * Side, in pixels of the flattened band, of the window whose median is the background: wider than
 * an OCR-B stroke (about 4 px), narrower than the dark stripe of an inverted row (about 40 px).
 */
const BACKGROUND_WINDOW = 29;
/** Gaussian sigma applied before comparing, so that sensor noise does not count as ink. */
const SMOOTHING_SIGMA = 1;
/** The distance from the background that maps to black: this quantile of all distances. */
const INK_QUANTILE = 0.99;
/** The smallest distance that may map to black, so that a blank band is not stretched to noise. */
const MIN_INK_DISTANCE = 8;

/** The first channel of a sharp pipeline's raw output (one byte per pixel). */
async function grayChannel(input: sharp.Sharp, width: number, height: number): Promise<Uint8Array> {
  const gray = await input.extractChannel(0).raw().toBuffer();
  if (gray.length !== width * height) throw new Error('band-flattening: unexpected channel count');
  return gray;
}

/** The distance at `quantile` of a histogram of byte values. */
function histogramQuantile(histogram: Uint32Array, count: number, quantile: number): number {
  const wanted = count * quantile;
  let seen = 0;
  for (let value = 0; value < histogram.length; value++) {
    seen += histogram[value] as number;
    if (seen >= wanted) return value;
  }
  return histogram.length - 1;
}

/**
 * The band scaled to {@link FLATTENED_BAND_WIDTH}, each pixel's distance from its neighbourhood's
 * median stretched so that the strongest ink is black, as an RGB image of dark glyphs on white.
 */
export async function flattenedBand(band: RgbImage): Promise<RgbImage> {
  const scaled = await resizeRgb(band, FLATTENED_BAND_WIDTH);
  const { width, height } = scaled;
  const gray = await grayChannel(
    sharp(scaled.data, { raw: { width, height, channels: 3 } })
      .grayscale()
      .blur(SMOOTHING_SIGMA),
    width,
    height,
  );
  const background = await grayChannel(
    sharp(gray, { raw: { width, height, channels: 1 } }).median(BACKGROUND_WINDOW),
    width,
    height,
  );
  const distance = new Uint8Array(gray.length);
  const histogram = new Uint32Array(256);
  for (let i = 0; i < gray.length; i++) {
    const d = Math.abs((gray[i] as number) - (background[i] as number));
    distance[i] = d;
    histogram[d] = (histogram[d] as number) + 1;
  }
  const black = Math.max(MIN_INK_DISTANCE, histogramQuantile(histogram, gray.length, INK_QUANTILE));
  const data = Buffer.alloc(gray.length * 3);
  for (let i = 0, o = 0; i < distance.length; i++, o += 3) {
    const value = 255 - Math.min(255, Math.round(((distance[i] as number) * 255) / black));
    data[o] = value;
    data[o + 1] = value;
    data[o + 2] = value;
  }
  return { width, height, data };
}
