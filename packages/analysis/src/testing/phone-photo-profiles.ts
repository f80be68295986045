/** What a phone photo of a document is like: its parameters, and the profiles they are drawn from. */
import type { Random } from './random.js';

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
