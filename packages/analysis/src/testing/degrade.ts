import sharp from 'sharp';
import { rectangleCorners, warpQuad } from '../image/warp.js';
import type { Point } from '../types.js';
import { Random } from './random.js';

/**
 * How to spoil a clean rendering the way a phone photo does. Geometry (rotation, perspective,
 * scene) is applied first, then light (low light, glare), then sensor and codec (blur, noise, JPEG).
 */
export interface Degradation {
  /** In-plane rotation of the document, degrees. */
  rotate?: number;
  /** Perspective tilt, 0 (flat) … 1 (strong). */
  perspective?: number;
  /** Place the document on a textured table (implied by `rotate` and `perspective`). */
  background?: boolean;
  /** Document width as a share of the photo width when on a background. Default 0.78. */
  fill?: number;
  /** Gaussian blur sigma in pixels. */
  blur?: number;
  /** Gaussian sensor noise, standard deviation in 8-bit levels. */
  noise?: number;
  /** JPEG quality of the output (default 90). */
  jpegQuality?: number;
  /** Dim, underexposed light. */
  lowLight?: boolean;
  /** A specular highlight across the document. */
  glare?: boolean;
}

/** Named degradations used by tests and the benchmark. */
export const DEGRADATION_PRESETS = {
  clean: {},
  photo: { background: true, perspective: 0.25, rotate: 3, noise: 4, jpegQuality: 85 },
  rotated8: { background: true, rotate: 8, jpegQuality: 88 },
  rotatedMinus8: { background: true, rotate: -8, jpegQuality: 88 },
  perspective: { background: true, perspective: 0.5, jpegQuality: 88 },
  blur: { background: true, rotate: 2, blur: 1.4, jpegQuality: 85 },
  noise: { background: true, rotate: -2, noise: 12, jpegQuality: 80 },
  jpeg: { background: true, rotate: 1, jpegQuality: 35 },
  lowLight: { background: true, rotate: -3, lowLight: true, noise: 6, jpegQuality: 85 },
  glare: { background: true, rotate: 2, glare: true, jpegQuality: 88 },
} as const satisfies Record<string, Degradation>;

/** Name of a {@link DEGRADATION_PRESETS} entry. */
export type DegradationPreset = keyof typeof DEGRADATION_PRESETS;

/** A degraded image and where the document's corners ended up (TL, TR, BR, BL). */
export interface DegradedImage {
  image: Buffer;
  quad: Point[];
  width: number;
  height: number;
}

async function tableTexture(width: number, height: number, random: Random): Promise<Buffer> {
  const tone = random.pick([
    { r: 120, g: 84, b: 52 },
    { r: 70, g: 72, b: 78 },
    { r: 150, g: 140, b: 120 },
    { r: 40, g: 60, b: 50 },
  ]);
  return sharp(random.noise(width * height * 3, 40), { raw: { width, height, channels: 3 } })
    .blur(2.5)
    .linear([0.35, 0.35, 0.35], [tone.r - 45, tone.g - 45, tone.b - 45])
    .raw()
    .toBuffer();
}

/** Places `document` (RGB raw) on a table with rotation and perspective; returns RGB raw of the scene. */
async function placeOnTable(
  document: { data: Buffer; width: number; height: number },
  degradation: Degradation,
  random: Random,
): Promise<{ data: Buffer; width: number; height: number; quad: Point[] }> {
  const fill = degradation.fill ?? 0.78;
  const sceneWidth = Math.round(document.width / fill);
  const sceneHeight = Math.round(sceneWidth * 0.75);
  const scene = await tableTexture(sceneWidth, sceneHeight, random);
  const angle = ((degradation.rotate ?? 0) * Math.PI) / 180;
  const tilt = degradation.perspective ?? 0;
  const cx = sceneWidth / 2 + random.range(-0.03, 0.03) * sceneWidth;
  const cy = sceneHeight / 2 + random.range(-0.03, 0.03) * sceneHeight;
  const w = document.width;
  const h = document.height;
  // The far edge shrinks with the tilt (a camera looking down at an angle).
  const shrink = 1 - 0.28 * tilt;
  const local: [number, number][] = [
    [(-w / 2) * shrink, -h / 2 + h * 0.06 * tilt],
    [(w / 2) * shrink, -h / 2 + h * 0.06 * tilt],
    [w / 2, h / 2],
    [-w / 2, h / 2],
  ];
  const quad = local.map(([x, y]) => ({
    x: cx + x * Math.cos(angle) - y * Math.sin(angle),
    y: cy + x * Math.sin(angle) + y * Math.cos(angle),
  }));
  const { data } = await warpQuad(document, rectangleCorners(w, h), quad, {
    width: sceneWidth,
    height: sceneHeight,
    canvas: scene,
  });
  return { data, width: sceneWidth, height: sceneHeight, quad };
}

function glareOverlay(width: number, height: number, random: Random): Buffer {
  const cx = random.range(0.3, 0.7) * width;
  const cy = random.range(0.25, 0.6) * height;
  const rx = random.range(0.12, 0.2) * width;
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><radialGradient id="g"><stop offset="0" stop-color="#fff" stop-opacity="0.95"/><stop offset="0.5" stop-color="#fff" stop-opacity="0.55"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs>
    <ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${rx * 0.55}" fill="url(#g)" transform="rotate(${random.range(-30, 30)} ${cx} ${cy})"/></svg>`);
}

/**
 * Applies `degradation` to a clean image (any format sharp reads) and answers a JPEG with the new
 * position of the image's corners. The same `seed` gives the same result.
 */
export async function degradeImage(
  clean: Buffer,
  degradation: Degradation,
  seed: number | string = 0,
): Promise<DegradedImage> {
  const random = new Random(`degrade:${seed}`);
  const decoded = await sharp(clean).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let raw = { data: decoded.data, width: decoded.info.width, height: decoded.info.height };
  let quad: Point[] = rectangleCorners(raw.width, raw.height);
  const onTable =
    degradation.background === true ||
    degradation.rotate !== undefined ||
    degradation.perspective !== undefined;
  if (onTable) {
    const placed = await placeOnTable(raw, degradation, random);
    raw = placed;
    quad = placed.quad;
  }
  let image = sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: 3 } });
  if (degradation.lowLight) image = image.linear(0.38, 4).gamma(2.2, 2.6);
  if (degradation.glare) {
    const composed = await image
      .composite([{ input: glareOverlay(raw.width, raw.height, random), blend: 'screen' }])
      .removeAlpha()
      .raw()
      .toBuffer();
    image = sharp(composed, { raw: { width: raw.width, height: raw.height, channels: 3 } });
  }
  if (degradation.blur && degradation.blur >= 0.3) image = image.blur(degradation.blur);
  if (degradation.noise && degradation.noise > 0) {
    const base = await image.removeAlpha().raw().toBuffer();
    // Seeded noise (sharp's own generator is not seeded): the same seed gives the same photo.
    const noise = random.noise(base.length, degradation.noise);
    const noisy = Buffer.alloc(base.length);
    for (let i = 0; i < base.length; i++)
      noisy[i] = Math.max(0, Math.min(255, (base[i] as number) + (noise[i] as number) - 128));
    image = sharp(noisy, { raw: { width: raw.width, height: raw.height, channels: 3 } });
  }
  const jpeg = await image.jpeg({ quality: degradation.jpegQuality ?? 90 }).toBuffer();
  return { image: jpeg, quad, width: raw.width, height: raw.height };
}
