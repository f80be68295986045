import sharp from 'sharp';
import { rectangleCorners, warpQuad } from '../image/warp.js';
import type { Point } from '../types.js';
import { Random } from './random.js';

/**
 * A phone photo (or a poor scan) of a document, as parameters. The pipeline follows the physics
 * in order: the card is placed in a scene (perspective from pitch/yaw/roll), lit (exposure, glare
 * spots), seen through a screen's pixel grid when re-photographed (moiré), blurred by the optics
 * (focus) and the hand (motion), then the sensor adds noise (stronger in low light) and the phone
 * encodes a JPEG.
 */
export interface PhonePhoto {
  /** How the image was made: photographed on a table, or a flat scan (no scene, no perspective). */
  capture: 'photo' | 'scan';
  /** Output size, megapixels (4:3 for photos; a scan is the document alone). */
  megapixels: number;
  /** Document width as a share of the photo width (photos only). */
  fill: number;
  /** In-plane rotation, degrees. */
  roll: number;
  /** Camera tilt, −1…1: the top (pitch > 0) or the left edge (yaw > 0) recedes. */
  pitch: number;
  yaw: number;
  /** Motion blur: length in output pixels and direction in degrees; 0 for none. */
  motionLength: number;
  motionAngle: number;
  /** Focus blur, Gaussian sigma in output pixels; 0 for none. */
  focusBlur: number;
  /** Exposure multiplier (1 normal, 0.3 dim room). */
  exposure: number;
  /** Contrast multiplier around paper white (1 normal, 0.4 a washed-out scan). */
  contrast: number;
  /** Sensor noise, standard deviation in 8-bit levels (before exposure gain). */
  noise: number;
  /** Number of specular glare spots. */
  glareSpots: number;
  /** Strength of a screen moiré, 0 (none) … 1. */
  moire: number;
  /** JPEG quality of the phone's encoder. */
  jpegQuality: number;
}

/** Photo profiles the evaluation draws from. */
export type PhotoProfile =
  /** A phone photo at 8–12 MP on a table, any light. */
  | 'phone-12mp'
  /** A phone photo resized by an app or a browser to 2–4 MP. */
  | 'phone-small'
  /** Low light: dim, noisy, often blurred by a slow shutter. */
  | 'low-light'
  /** The document re-photographed from a screen: moiré, glare. */
  | 'screen'
  /** A small flat scan (the document 500–800 px wide). */
  | 'scan-small'
  /** A washed-out, low-contrast flat scan. */
  | 'scan-low-contrast';

/** Every profile with its share of the evaluation. */
export const PHOTO_PROFILES: readonly (readonly [PhotoProfile, number])[] = [
  ['phone-12mp', 0.3],
  ['phone-small', 0.2],
  ['low-light', 0.15],
  ['screen', 0.1],
  ['scan-small', 0.15],
  ['scan-low-contrast', 0.1],
];

/** Picks a profile by the weights of {@link PHOTO_PROFILES}. */
export function pickPhotoProfile(random: Random): PhotoProfile {
  let roll = random.next();
  for (const [profile, weight] of PHOTO_PROFILES) {
    roll -= weight;
    if (roll < 0) return profile;
  }
  return 'phone-12mp';
}

/** Random parameters of a photo of `profile` (seeded). */
export function drawPhonePhoto(profile: PhotoProfile, random: Random): PhonePhoto {
  const base: PhonePhoto = {
    capture: 'photo',
    megapixels: random.range(8, 12),
    fill: random.range(0.6, 0.85),
    roll: random.range(-7, 7),
    pitch: random.range(-0.35, 0.35),
    yaw: random.range(-0.25, 0.25),
    motionLength: random.chance(0.35) ? random.range(3, 14) : 0,
    motionAngle: random.range(0, 180),
    focusBlur: random.chance(0.4) ? random.range(0.8, 3) : 0,
    exposure: random.range(0.75, 1.1),
    contrast: 1,
    noise: random.range(2, 7),
    glareSpots: random.chance(0.35) ? random.int(1, 3) : 0,
    moire: 0,
    jpegQuality: random.int(40, 70),
  };
  switch (profile) {
    case 'phone-12mp':
      return base;
    case 'phone-small':
      return {
        ...base,
        megapixels: random.range(2, 4),
        motionLength: base.motionLength / 2.5,
        focusBlur: base.focusBlur / 2.5,
      };
    case 'low-light':
      return {
        ...base,
        megapixels: random.range(3, 12),
        exposure: random.range(0.3, 0.5),
        noise: random.range(8, 16),
        motionLength: random.chance(0.5) ? random.range(3, 10) : 0,
        glareSpots: 0,
      };
    case 'screen':
      return {
        ...base,
        megapixels: random.range(3, 12),
        moire: random.range(0.35, 1),
        glareSpots: random.int(0, 2),
      };
    case 'scan-small':
      return {
        ...base,
        capture: 'scan',
        megapixels: 0,
        fill: random.range(500, 800),
        roll: 0,
        pitch: 0,
        yaw: 0,
        motionLength: 0,
        focusBlur: random.chance(0.5) ? random.range(0.3, 0.8) : 0,
        exposure: 1,
        noise: random.range(1, 4),
        glareSpots: 0,
        jpegQuality: random.int(40, 75),
      };
    case 'scan-low-contrast':
      return {
        ...base,
        capture: 'scan',
        megapixels: 0,
        fill: random.range(700, 1300),
        roll: 0,
        pitch: 0,
        yaw: 0,
        motionLength: 0,
        focusBlur: random.chance(0.5) ? random.range(0.4, 1.2) : 0,
        exposure: random.range(1.05, 1.25),
        contrast: random.range(0.35, 0.55),
        noise: random.range(1, 4),
        glareSpots: 0,
        jpegQuality: random.int(40, 70),
      };
  }
}

/**
 * Pixel width at which the document is drawn for `photo`: its width in a scan; in a photo its
 * width in the scene, at most 2200 px (the perspective warp enlarges it the rest of the way, a
 * softness below that of the focus blur, and it halves the rendering time of a 12 MP photo).
 */
export function documentPixelWidth(photo: PhonePhoto): number {
  if (photo.capture === 'scan') return Math.round(photo.fill);
  return Math.min(2200, Math.round(photoSize(photo).width * photo.fill));
}

function photoSize(photo: PhonePhoto): { width: number; height: number } {
  const width = Math.round(Math.sqrt((photo.megapixels * 1e6 * 4) / 3));
  return { width, height: Math.round((width * 3) / 4) };
}

async function tableScene(width: number, height: number, random: Random): Promise<Buffer> {
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

function sceneQuad(
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

function glareSvg(width: number, height: number, spots: number, random: Random): Buffer {
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
async function moireOverlay(
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
function noiseTile(sigma: number, random: Random, maxSize: number): Promise<Buffer> {
  const size = Math.min(512, maxSize);
  return sharp(random.noise(size * size, sigma), {
    raw: { width: size, height: size, channels: 1 },
  })
    .toColourspace('srgb')
    .png({ compressionLevel: 0 })
    .toBuffer();
}

function motionKernel(length: number, angleDegrees: number): sharp.Kernel {
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

/** The photo and where the document's corners are in it (TL, TR, BR, BL). */
export interface PhonePhotoImage {
  image: Buffer;
  quad: Point[];
  width: number;
  height: number;
}

/**
 * Turns a clean document rendering (any format sharp reads, already {@link documentPixelWidth}
 * wide) into the photo `photo` describes. The same `seed` gives the same bytes.
 */
export async function takePhonePhoto(
  clean: Buffer,
  photo: PhonePhoto,
  seed: number | string,
): Promise<PhonePhotoImage> {
  const random = new Random(`phone-photo:${seed}`);
  const decoded = await sharp(clean).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const doc = { data: decoded.data, width: decoded.info.width, height: decoded.info.height };
  let width = doc.width;
  let height = doc.height;
  let quad: Point[] = rectangleCorners(width, height);
  let pixels = doc.data;
  if (photo.capture === 'photo') {
    const size = photoSize(photo);
    width = size.width;
    height = size.height;
    quad = sceneQuad(photo, size, doc, random);
    const scene = await tableScene(width, height, random);
    // Warp into the document's bounding box only, then paste it into the scene.
    const left = Math.max(0, Math.floor(Math.min(...quad.map((p) => p.x))) - 2);
    const top = Math.max(0, Math.floor(Math.min(...quad.map((p) => p.y))) - 2);
    const boxWidth = Math.min(width, Math.ceil(Math.max(...quad.map((p) => p.x))) + 2) - left;
    const boxHeight = Math.min(height, Math.ceil(Math.max(...quad.map((p) => p.y))) + 2) - top;
    const canvas = await sharp(scene, { raw: { width, height, channels: 3 } })
      .extract({ left, top, width: boxWidth, height: boxHeight })
      .raw()
      .toBuffer();
    const local = quad.map((p) => ({ x: p.x - left, y: p.y - top }));
    const warped = await warpQuad(doc, rectangleCorners(doc.width, doc.height), local, {
      width: boxWidth,
      height: boxHeight,
      canvas,
    });
    pixels = await sharp(scene, { raw: { width, height, channels: 3 } })
      .composite([
        {
          input: warped.data,
          raw: { width: boxWidth, height: boxHeight, channels: 3 },
          left,
          top,
        },
      ])
      .removeAlpha()
      .raw()
      .toBuffer();
  }
  const raw = { raw: { width, height, channels: 3 as const } };
  // Light: exposure (with the camera's gamma lifting the shadows back a little), contrast.
  const gain = photo.exposure * photo.contrast;
  const offset = 255 * (1 - photo.contrast) * 0.92;
  let image = sharp(pixels, raw).linear(gain, offset);
  // The gamma is applied on its own: in one pipeline with a later `convolve` (the motion blur),
  // sharp applied only gamma's darkening half and a low-light photo came out black (its brightest
  // level 3-7 of 255: no reader, and no phone's auto-exposure, would produce that).
  if (photo.exposure < 0.6) image = sharp(await image.gamma(2.2, 2.5).raw().toBuffer(), raw);
  const layers: sharp.OverlayOptions[] = [];
  if (photo.glareSpots > 0) {
    const glare = await sharp(
      glareSvg(Math.ceil(width / 4), Math.ceil(height / 4), photo.glareSpots, random),
    )
      .resize(width, height, { fit: 'fill' })
      .png({ compressionLevel: 0 })
      .toBuffer();
    layers.push({ input: glare, blend: 'screen' });
  }
  if (photo.moire > 0)
    layers.push({
      input: await moireOverlay(width, height, photo.moire, random),
      blend: 'soft-light',
    });
  if (layers.length) {
    const composed = await image.composite(layers).removeAlpha().raw().toBuffer();
    image = sharp(composed, raw);
  }
  if (photo.focusBlur >= 0.3) image = image.blur(photo.focusBlur);
  if (photo.motionLength >= 2) {
    const blurred = await image
      .convolve(motionKernel(photo.motionLength, photo.motionAngle))
      .raw()
      .toBuffer();
    image = sharp(blurred, raw);
  }
  // Sensor noise grows when the exposure is pushed (low light).
  const sigma = photo.noise / Math.max(0.3, Math.min(1, photo.exposure));
  if (sigma > 0.5) {
    const flat = await image.raw().toBuffer();
    image = sharp(flat, raw).composite([
      {
        input: await noiseTile(sigma, random, Math.min(width, height)),
        tile: true,
        blend: 'overlay',
      },
    ]);
  }
  const jpeg = await image.removeAlpha().jpeg({ quality: photo.jpegQuality }).toBuffer();
  return { image: jpeg, quad, width, height };
}
