import sharp from 'sharp';
import { rectangleCorners, warpQuad } from '../image/warp.js';
import type { Point } from '../types.js';
import {
  glareSvg,
  moireOverlay,
  motionKernel,
  noiseTile,
  photoSize,
  sceneQuad,
  tableScene,
} from './phone-photo-layers.js';
import type { PhonePhoto } from './phone-photo-profiles.js';
import { Random } from './random.js';

export {
  drawPhonePhoto,
  pickPhotoProfile,
  PHOTO_PROFILES,
  type PhonePhoto,
  type PhotoProfile,
} from './phone-photo-profiles.js';

/**
 * Pixel width at which the document is drawn for `photo`: its width in a scan; in a photo its
 * width in the scene, at most 2200 px (the perspective warp enlarges it the rest of the way, a
 * softness below that of the focus blur, and it halves the rendering time of a 12 MP photo).
 */
export function documentPixelWidth(photo: PhonePhoto): number {
  if (photo.capture === 'scan') return Math.round(photo.fill);
  return Math.min(2200, Math.round(photoSize(photo).width * photo.fill));
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
