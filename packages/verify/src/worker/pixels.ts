/** Reading frames into pixels at a chosen analysis size (OffscreenCanvas, worker or window). */
import type { FrameInput } from './types.js';

/** Grayscale pixels (Rec. 601 luma, 0–255) of a frame at analysis scale. */
export interface GrayImage {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

/** Converts RGBA pixels to luma. */
export function toGray(rgba: Uint8ClampedArray, width: number, height: number): GrayImage {
  const data = new Uint8ClampedArray(width * height);
  for (let i = 0, p = 0; i < data.length; i += 1, p += 4) {
    // Integer approximation of 0.299 R + 0.587 G + 0.114 B.
    data[i] = (rgba[p]! * 77 + rgba[p + 1]! * 150 + rgba[p + 2]! * 29) >> 8;
  }
  return { data, width, height };
}

/**
 * The two colour-difference planes (blue − luma, red − luma, offset to 128) of RGBA pixels at half
 * the resolution (2×2 means): what tells a coloured border from a grey background of the same
 * brightness.
 */
export function halfChroma(
  rgba: Uint8ClampedArray,
  width: number,
  height: number,
): [GrayImage, GrayImage] {
  const halfWidth = width >> 1;
  const halfHeight = height >> 1;
  const blue = new Uint8ClampedArray(halfWidth * halfHeight);
  const red = new Uint8ClampedArray(halfWidth * halfHeight);
  const stride = width * 4;
  for (let y = 0; y < halfHeight; y += 1) {
    for (let x = 0; x < halfWidth; x += 1) {
      const p = 2 * y * stride + 8 * x;
      const r = rgba[p]! + rgba[p + 4]! + rgba[p + stride]! + rgba[p + stride + 4]!;
      const g = rgba[p + 1]! + rgba[p + 5]! + rgba[p + stride + 1]! + rgba[p + stride + 5]!;
      const b = rgba[p + 2]! + rgba[p + 6]! + rgba[p + stride + 2]! + rgba[p + stride + 6]!;
      const luma = (r * 77 + g * 150 + b * 29) >> 8;
      blue[y * halfWidth + x] = 128 + ((b - luma) >> 2);
      red[y * halfWidth + x] = 128 + ((r - luma) >> 2);
    }
  }
  return [
    { data: blue, width: halfWidth, height: halfHeight },
    { data: red, width: halfWidth, height: halfHeight },
  ];
}

/** Halves a gray image (2×2 box filter); used to build the coarse pyramid level for edges. */
export function halve(image: GrayImage): GrayImage {
  const width = image.width >> 1;
  const height = image.height >> 1;
  const data = new Uint8ClampedArray(width * height);
  const src = image.data;
  const stride = image.width;
  for (let y = 0; y < height; y += 1) {
    const row = 2 * y * stride;
    for (let x = 0; x < width; x += 1) {
      const i = row + 2 * x;
      data[y * width + x] =
        (src[i]! + src[i + 1]! + src[i + stride]! + src[i + stride + 1]! + 2) >> 2;
    }
  }
  return { data, width, height };
}

let canvas: OffscreenCanvas | undefined;
let context: OffscreenCanvasRenderingContext2D | undefined;

/**
 * Draws a frame scaled to `width` pixels wide (keeping its aspect ratio) and reads its RGBA pixels.
 * An `ImageData` already at that width is returned as is. The canvas is reused between frames.
 */
export function readPixels(frame: FrameInput, width: number): ImageData {
  if (isImageData(frame) && frame.width === width) return frame;
  const height = Math.max(1, Math.round((frame.height * width) / frame.width));
  if (!canvas || !context) {
    canvas = new OffscreenCanvas(width, height);
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    if (!ctx) throw new Error('2D canvas unavailable in this worker');
    context = ctx;
  }
  if (canvas.width !== width || canvas.height !== height) {
    canvas.width = width;
    canvas.height = height;
  }
  context.imageSmoothingQuality = 'low';
  if (isImageData(frame)) {
    const source = new OffscreenCanvas(frame.width, frame.height);
    source.getContext('2d')!.putImageData(frame, 0, 0);
    context.drawImage(source, 0, 0, width, height);
  } else {
    context.drawImage(frame, 0, 0, width, height);
  }
  return context.getImageData(0, 0, width, height);
}

/** True for `ImageData` (also outside a window, where `instanceof` would need the global). */
export function isImageData(frame: FrameInput): frame is ImageData {
  return 'data' in frame && frame.data instanceof Uint8ClampedArray;
}
