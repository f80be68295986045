import sharp from 'sharp';
import { AnalysisInputError } from '../errors.js';

/** Limits applied before any pixel is decoded. */
export interface ImageLimits {
  /** Largest accepted upload, bytes. */
  maxBytes: number;
  /** Largest accepted width × height (checked from the header, before decoding). */
  maxPixels: number;
  /** Smallest accepted side, pixels. */
  minSide: number;
}

/** Defaults: 10 MB (the flow API's upload limit), 40 megapixels, 64 px. */
export const DEFAULT_IMAGE_LIMITS: ImageLimits = {
  maxBytes: 10 * 1024 * 1024,
  maxPixels: 40_000_000,
  minSide: 64,
};

/** A decoded RGB image (3 channels, row-major). */
export interface RgbImage {
  data: Buffer;
  width: number;
  height: number;
}

/** A decoded upload: its pixels, scaled down to fit, and the factor back to the upload's pixels. */
export interface DecodedImage extends RgbImage {
  /** Upload pixels per decoded pixel (≥ 1). */
  scale: number;
}

// Pixel data is decoded per request and never reused: the operation cache only grows the heap.
sharp.cache(false);

function sniffFormat(bytes: Buffer): 'jpeg' | 'png' | 'webp' | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return 'jpeg';
  if (
    bytes.length >= 8 &&
    bytes.readUInt32BE(0) === 0x89504e47 &&
    bytes.readUInt32BE(4) === 0x0d0a1a0a
  )
    return 'png';
  if (
    bytes.length >= 12 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  )
    return 'webp';
  return null;
}

/**
 * Validates and decodes an uploaded image: JPEG, PNG or WebP only (magic bytes), size and pixel
 * count checked from the header before decoding, truncated files refused, EXIF orientation applied,
 * then scaled to fit `maxSide`. Throws {@link AnalysisInputError} for anything unusable.
 */
export async function decodeImage(
  bytes: Buffer,
  maxSide: number,
  limits: ImageLimits = DEFAULT_IMAGE_LIMITS,
): Promise<DecodedImage> {
  if (bytes.length === 0)
    throw new AnalysisInputError('IDV_ERR_NOT_AN_IMAGE', 'The image is empty.', 400);
  if (bytes.length > limits.maxBytes)
    throw new AnalysisInputError(
      'IDV_ERR_IMAGE_TOO_LARGE',
      `The image is larger than ${limits.maxBytes} bytes.`,
      413,
    );
  if (sniffFormat(bytes) === null)
    throw new AnalysisInputError(
      'IDV_ERR_NOT_AN_IMAGE',
      'The file is not a JPEG, PNG or WebP image.',
      400,
    );
  let metadata: sharp.Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new AnalysisInputError('IDV_ERR_IMAGE_CORRUPT', 'The image header cannot be read.', 400);
  }
  const width = metadata.width ?? 0;
  const height = metadata.height ?? 0;
  if (width * height > limits.maxPixels)
    throw new AnalysisInputError(
      'IDV_ERR_IMAGE_TOO_LARGE',
      `The image has ${width}×${height} pixels; at most ${limits.maxPixels} are accepted.`,
      413,
    );
  if (Math.min(width, height) < limits.minSide)
    throw new AnalysisInputError(
      'IDV_ERR_IMAGE_TOO_SMALL',
      `The image is ${width}×${height} pixels; each side must be at least ${limits.minSide}.`,
      422,
    );
  try {
    const { data, info } = await sharp(bytes, {
      limitInputPixels: limits.maxPixels,
      failOn: 'truncated',
    })
      .rotate()
      .resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true })
      .removeAlpha()
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    const orientedWidth = (metadata.orientation ?? 1) >= 5 ? height : width;
    return { data, width: info.width, height: info.height, scale: orientedWidth / info.width };
  } catch {
    throw new AnalysisInputError(
      'IDV_ERR_IMAGE_CORRUPT',
      'The image is truncated or corrupt.',
      400,
    );
  }
}

/** Encodes RGB pixels as JPEG. */
export function encodeJpeg(image: RgbImage, quality = 90): Promise<Buffer> {
  return sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .jpeg({ quality })
    .toBuffer();
}

/** Scales an RGB image to `width` pixels wide (aspect kept). */
export async function resizeRgb(image: RgbImage, width: number): Promise<RgbImage> {
  const { data, info } = await sharp(image.data, {
    raw: { width: image.width, height: image.height, channels: 3 },
  })
    .resize(width)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/**
 * Scales an RGB image down to fit `maxSide` (aspect kept, never enlarged) with sharp's Lanczos
 * kernel, which low-passes before it samples: no aliasing, unlike a bilinear tensor resize.
 */
export async function fitRgb(image: RgbImage, maxSide: number): Promise<RgbImage> {
  if (Math.max(image.width, image.height) <= maxSide) return image;
  const { data, info } = await sharp(image.data, {
    raw: { width: image.width, height: image.height, channels: 3 },
  })
    .resize(maxSide, maxSide, { fit: 'inside', kernel: 'lanczos3' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Copies a rectangle out of an RGB image (clamped to the image). */
export function cropRgb(
  image: RgbImage,
  x: number,
  y: number,
  width: number,
  height: number,
): RgbImage {
  const left = Math.max(0, Math.round(x));
  const top = Math.max(0, Math.round(y));
  const w = Math.max(1, Math.min(image.width - left, Math.round(width)));
  const h = Math.max(1, Math.min(image.height - top, Math.round(height)));
  const data = Buffer.alloc(w * h * 3);
  for (let row = 0; row < h; row++)
    image.data.copy(
      data,
      row * w * 3,
      ((top + row) * image.width + left) * 3,
      ((top + row) * image.width + left + w) * 3,
    );
  return { data, width: w, height: h };
}

/** Luminance (BT.601) of an RGB image, one byte per pixel. */
export function toGray(image: RgbImage): Uint8Array {
  const gray = new Uint8Array(image.width * image.height);
  const { data } = image;
  for (let i = 0, j = 0; j < gray.length; i += 3, j++)
    gray[j] =
      (77 * (data[i] as number) + 150 * (data[i + 1] as number) + 29 * (data[i + 2] as number)) >>
      8;
  return gray;
}
