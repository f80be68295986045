/**
 * The card holder the fake camera films, shared by the e2e files that complete a verification in
 * `<idv-verify>`: a generated identity whose documents carry the portrait of sample face 6, its
 * ID card or passport lying on a table, and that face turning its head both ways and blinking, so
 * that it passes whichever liveness challenge the element draws; and where the phone says it is.
 */
import {
  faceCapture,
  generateIdentity,
  renderDocument,
  type Degradation,
  type Identity,
} from '@idv/analysis/testing';
import type { DeviceLocation } from './browser.js';
import {
  documentVideo,
  selfieVideo,
  type HeadTurns,
  type PortraitGeometry,
} from './camera-scenes.js';

/**
 * The card lying on a table, filling two thirds of the frame, slightly rotated, with sensor noise.
 * (The element's quad detector misses some frames with perspective added, see the report.)
 */
const TABLE_SCENE: Degradation = {
  background: true,
  fill: 0.68,
  rotate: -2,
  noise: 4,
  jpegQuality: 85,
};

/**
 * Sample face 6 as a 640-pixel-wide head-and-shoulders shot, and where its face and eyes are in it,
 * measured once with the element's own face mesh in Chromium: the head's axis (through the nose),
 * the eyes' corners and the gap between their open lids (what the painted lids of the blink cover).
 * Of the 22 sample faces, this one reads as turned (nose offset ≥ 0.35 eye distances) both ways
 * under the scene's warp and as closed under the painted lids (eye openness well under 0.6 of
 * its open reading, the element's and the server's blink rule).
 */
const FACE_INDEX = 6;
const PORTRAIT: PortraitGeometry = {
  face: { centerX: 299, centerY: 394, boxWidth: 190 },
  eyes: [
    { outer: { x: 257, y: 361 }, inner: { x: 285, y: 364 }, opening: 13 },
    { outer: { x: 356, y: 361 }, inner: { x: 322, y: 364 }, opening: 13 },
  ],
};
/**
 * The turns of the selfie scene, as the element reads them. The portrait looks a little to its
 * right (10° of yaw): turned 17° to its left it faces the camera (yaw 2°), and those are the frames
 * the element keeps as frontal; at 45° to the left and 40° to the right its nose is 0.36 to 0.44
 * and 0.48 to 0.51 eye distances aside. It blinks in its own pose: on the turned face the mesh
 * reads the painted lids as half open (0.32 to 0.54), on its own as closed (0.14 to 0.24).
 */
const HEAD_TURNS: HeadTurns = { frontal: 17, left: 45, right: -40, blinking: 0 };

/** Where the phone says it is (Paris, a 20 m GPS fix). */
export const PARIS: DeviceLocation = { latitude: 48.8566, longitude: 2.3522, accuracy: 20 };

/** An identity whose card carries the portrait of the face the selfie scene shows. */
export function cardHolder(seed: string): Identity {
  return { ...generateIdentity(seed), faceIndex: FACE_INDEX };
}

/**
 * A y4m video of the holder's ID card (`side`) on the table; `tamper` forges that field's MRZ
 * check digit.
 */
export async function cardScene(
  identity: Identity,
  side: 'front' | 'back',
  tamper?: 'documentNumber',
): Promise<Buffer> {
  const { image } = await renderDocument(identity, {
    kind: 'id-card',
    side,
    degrade: TABLE_SCENE,
    ...(tamper ? { tamperCheckDigit: tamper } : {}),
  });
  return documentVideo(image);
}

/** The holder's passport open at its data page (ID-3, MRZ at the bottom), on the table. */
export async function passportScene(identity: Identity): Promise<Buffer> {
  const { image } = await renderDocument(identity, {
    kind: 'passport',
    side: 'front',
    degrade: TABLE_SCENE,
  });
  return documentVideo(image);
}

/** The holder's face looking at the camera, turning both ways and blinking (a y4m video). */
export async function selfieScene(): Promise<Buffer> {
  const portrait = await faceCapture(FACE_INDEX, { seed: 0, width: 640, faceShare: 0.42 });
  return selfieVideo(portrait, PORTRAIT, HEAD_TURNS);
}
