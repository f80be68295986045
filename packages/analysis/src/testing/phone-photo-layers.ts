/**
 * The layers of a phone photo (`takePhonePhoto` composes them): the table scene, where the
 * document lies in it, glare, screen moiré, sensor noise and the motion-blur kernel. Each draws its
 * randomness from the seeded {@link Random} it is given, in the order `takePhonePhoto` calls them.
 */
import sharp from 'sharp';
import type { Point } from '../types.js';
import type { PhonePhoto } from './phone-photo-profiles.js';
import type { Random } from './random.js';

/** Pixel size of a 4:3 photo of `photo.megapixels`. */
export function photoSize(photo: PhonePhoto): { width: number; height: number } {
  const width = Math.round(Math.sqrt((photo.megapixels * 1e6 * 4) / 3));
  return { width, height: Math.round((width * 3) / 4) };
}

/** A table top of one of a few tones, with a coarse texture, as raw RGB. */
export async function tableScene(width: number, height: number, random: Random): Promise<Buffer> {
  const tone = random.pick([
    { r: 120, g: 84, b: 52 },
    { r: 70, g: 72, b: 78 },
    { r: 150, g: 140, b: 120 },
    { r: 40, g: 60, b: 50 },
    { r: 200, g: 200, b: 195 },
  ]);
  const w = Math.ceil(width / 4);
  const h = Math.ceil(height / 4);
  return sharp(random.noise(w * h * 3, 40), { raw: { width: w, height: h, channels: 3 } })
    .blur(1.5)
    .linear([0.35, 0.35, 0.35], [tone.r - 45, tone.g - 45, tone.b - 45])
    .resize(width, height, { fit: 'fill' })
    .raw()
    .toBuffer();
}

/**
 * Where the document's corners (TL, TR, BR, BL) fall in the photo: centred with a little jitter,
 * foreshortened by pitch and yaw, turned by roll.
 */
export function sceneQuad(
  photo: PhonePhoto,
  size: { width: number; height: number },
  doc: { width: number; height: number },
  random: Random,
): Point[] {
  const w = doc.width;
  const h = doc.height;
  const cx = size.width / 2 + random.range(-0.04, 0.04) * size.width;
  const cy = size.height / 2 + random.range(-0.04, 0.04) * size.height;
  const topShrink = 1 - 0.25 * Math.max(0, photo.pitch);
  const bottomShrink = 1 - 0.25 * Math.max(0, -photo.pitch);
  const leftShrink = 1 - 0.2 * Math.max(0, photo.yaw);
  const rightShrink = 1 - 0.2 * Math.max(0, -photo.yaw);
  const local: [number, number][] = [
    [(-w / 2) * topShrink, (-h / 2) * leftShrink],
    [(w / 2) * topShrink, (-h / 2) * rightShrink],
    [(w / 2) * bottomShrink, (h / 2) * rightShrink],
    [(-w / 2) * bottomShrink, (h / 2) * leftShrink],
  ];
  const angle = (photo.roll * Math.PI) / 180;
  return local.map(([x, y]) => {
    const jx = x + random.range(-0.008, 0.008) * w;
    const jy = y + random.range(-0.008, 0.008) * h;
    return {
      x: cx + jx * Math.cos(angle) - jy * Math.sin(angle),
      y: cy + jx * Math.sin(angle) + jy * Math.cos(angle),
    };
  });
}

/** Specular glare spots (soft white ellipses) as an SVG. */
export function glareSvg(width: number, height: number, spots: number, random: Random): Buffer {
  let shapes = '';
  for (let i = 0; i < spots; i++) {
    const cx = random.range(0.2, 0.8) * width;
    const cy = random.range(0.2, 0.8) * height;
    const rx = random.range(0.04, 0.14) * width;
    shapes += `<ellipse cx="${cx.toFixed(1)}" cy="${cy.toFixed(1)}" rx="${rx.toFixed(1)}" ry="${(rx * random.range(0.35, 0.8)).toFixed(1)}" fill="url(#g)" transform="rotate(${random.range(-40, 40).toFixed(1)} ${cx.toFixed(1)} ${cy.toFixed(1)})"/>`;
  }
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><radialGradient id="g"><stop offset="0" stop-color="#fff" stop-opacity="0.97"/><stop offset="0.45" stop-color="#fff" stop-opacity="0.6"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs>${shapes}</svg>`);
}

/** A screen moiré: the beat of two slightly different gratings, coloured per channel, as RGBA. */
export async function moireOverlay(
  width: number,
  height: number,
  strength: number,
  random: Random,
): Promise<Buffer> {
  const w = Math.ceil(width / 4);
  const h = Math.ceil(height / 4);
  const period = random.range(6, 14);
  const beat = random.range(0.02, 0.08);
  const angle = random.range(0, Math.PI);
  const twist = random.range(0.02, 0.1);
  const data = Buffer.alloc(w * h * 4);
  const alpha = Math.round(strength * 110);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const u = x * Math.cos(angle) + y * Math.sin(angle);
      const v = x * Math.cos(angle + twist) + y * Math.sin(angle + twist);
      const phase = (2 * Math.PI * u) / period - (2 * Math.PI * v * (1 + beat)) / period;
      const i = (y * w + x) * 4;
      data[i] = Math.round(128 + 120 * Math.sin(phase));
      data[i + 1] = Math.round(128 + 120 * Math.sin(phase + 2.1));
      data[i + 2] = Math.round(128 + 120 * Math.sin(phase + 4.2));
      data[i + 3] = alpha;
    }
  return sharp(data, { raw: { width: w, height: h, channels: 4 } })
    .resize(width, height, { fit: 'fill' })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

/** A 512 px tile of seeded Gaussian noise around mid-grey (blended with `overlay`). */
export function noiseTile(sigma: number, random: Random, maxSize: number): Promise<Buffer> {
  const size = Math.min(512, maxSize);
  return sharp(random.noise(size * size, sigma), {
    raw: { width: size, height: size, channels: 1 },
  })
    .toColourspace('srgb')
    .png({ compressionLevel: 0 })
    .toBuffer();
}

/** A line kernel of `length` pixels at `angleDegrees`: the blur of a moving hand. */
export function motionKernel(length: number, angleDegrees: number): sharp.Kernel {
  const size = Math.max(3, Math.round(length) | 1);
  const kernel = new Array<number>(size * size).fill(0);
  const angle = (angleDegrees * Math.PI) / 180;
  const c = (size - 1) / 2;
  for (let t = -c; t <= c; t += 0.25) {
    const x = Math.round(c + t * Math.cos(angle));
    const y = Math.round(c + t * Math.sin(angle));
    kernel[y * size + x] = 1;
  }
  const sum = kernel.reduce((s, v) => s + v, 0);
  return { width: size, height: size, kernel: kernel.map((v) => v / sum) };
}
