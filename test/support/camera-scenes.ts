/**
 * What the fake camera films: a document lying on a table (a generated document photo, held
 * almost still), and a face that looks at the camera, then turns its head to one side and to the
 * other (a generated portrait, turned by a depth warp).
 */
import sharp from 'sharp';
import { y4mVideo, type RgbFrame } from './y4m.js';

/** Frame size of the document video: 4:3 like the generated photos, enough pixels for the OCR. */
const DOCUMENT_SIZE = { width: 1280, height: 960 };
/** Frame size of the selfie video (a front camera's usual 4:3). */
const FACE_SIZE = { width: 640, height: 480 };

/**
 * A camera's auto-exposure keeps white card stock below clipping (about 235 of 255); the generated
 * documents are pure white, which the element's glare measure (share of saturated 4×4 blocks)
 * would take for glare.
 */
const DOCUMENT_EXPOSURE = 0.92;

async function rgbCover(
  image: Buffer,
  size: { width: number; height: number },
  exposure = 1,
): Promise<RgbFrame> {
  const { data, info } = await sharp(image)
    .linear(exposure, 0)
    .resize(size.width, size.height, { fit: 'cover' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Shifts a frame right by `dx` pixels (the left column repeats): a hand is never perfectly still. */
function shifted(frame: RgbFrame, dx: number): RgbFrame {
  if (dx === 0) return frame;
  const data = Buffer.alloc(frame.data.length);
  const row = frame.width * 3;
  for (let y = 0; y < frame.height; y += 1) {
    const start = y * row;
    frame.data.copy(data, start + dx * 3, start, start + row - dx * 3);
    for (let x = 0; x < dx; x += 1) frame.data.copy(data, start + x * 3, start, start + 3);
  }
  return { ...frame, data };
}

/** A y4m video of a document photo held in front of the camera (1280×960, 10 fps, 1 px sway). */
export async function documentVideo(photo: Buffer): Promise<Buffer> {
  const frame = await rgbCover(photo, DOCUMENT_SIZE, DOCUMENT_EXPOSURE);
  return y4mVideo([frame, frame, shifted(frame, 1), shifted(frame, 1)], 10);
}

/** Where the face is in a portrait, in pixels: the centre of the face box and its width. */
export interface FaceGeometry {
  centerX: number;
  centerY: number;
  boxWidth: number;
}

/**
 * The portrait as seen with the head turned by `degrees` about the vertical axis (positive: the
 * nose moves to the right of the frame, the person turning to their left). The head is modelled
 * as a half ellipsoid with a nose on it; every pixel moves sideways by its depth × sin(angle), and
 * the nearest surface wins where the far cheek folds away, as it does on a real turning head.
 */
export function turnHead(frame: RgbFrame, face: FaceGeometry, degrees: number): RgbFrame {
  if (degrees === 0) return frame;
  const { width, height, data } = frame;
  const angle = (degrees * Math.PI) / 180;
  const sin = Math.sin(angle);
  const cos = Math.cos(angle);
  const rx = face.boxWidth * 0.62;
  const ry = face.boxWidth * 0.85;
  const depth = rx;
  const nose = {
    x: face.centerX,
    y: face.centerY + face.boxWidth * 0.06,
    sx: face.boxWidth * 0.08,
    sy: face.boxWidth * 0.16,
    height: face.boxWidth * 0.24,
  };
  const out = Buffer.alloc(data.length);
  const written = new Uint8Array(width * height);
  const zBuffer = new Float32Array(width);
  const steps = 4;
  for (let y = 0; y < height; y += 1) {
    zBuffer.fill(-Infinity);
    const dy = (y - face.centerY) / ry;
    const noseRow = Math.exp(-((y - nose.y) ** 2) / (2 * nose.sy ** 2));
    for (let s = 0; s < width * steps; s += 1) {
      const x = s / steps;
      const dx = (x - face.centerX) / rx;
      const r = Math.sqrt(dx * dx + dy * dy);
      // Depth: the ellipsoid inside the head, nothing outside; the sideways squeeze of a turn
      // fades out over a ring around the head so the background stays put.
      let z = r < 1 ? depth * Math.sqrt(1 - r * r) : 0;
      if (r < 1) z += nose.height * noseRow * Math.exp(-((x - nose.x) ** 2) / (2 * nose.sx ** 2));
      const fade = Math.min(1, Math.max(0, (1.2 - r) / 0.2));
      const target = x + fade * (x - face.centerX) * (cos - 1) + z * sin;
      const tx = Math.round(target);
      if (tx < 0 || tx >= width || z < zBuffer[tx]!) continue;
      zBuffer[tx] = z;
      const x0 = Math.min(width - 2, Math.floor(x));
      const f = x - x0;
      const a = (y * width + x0) * 3;
      const o = (y * width + tx) * 3;
      for (let c = 0; c < 3; c += 1)
        out[o + c] = Math.round(data[a + c]! * (1 - f) + data[a + 3 + c]! * f);
      written[y * width + tx] = 1;
    }
    // Pixels no source point reached (a stretched side): the nearest one to their left.
    for (let x = 0; x < width; x += 1) {
      if (written[y * width + x]) continue;
      const o = (y * width + x) * 3;
      const from = x > 0 ? o - 3 : o;
      if (x === 0) data.copy(out, o, o, o + 3);
      else out.copy(out, o, from, from + 3);
    }
  }
  return { data: out, width, height };
}

/** The frame flipped left to right. */
function mirrored(frame: RgbFrame): RgbFrame {
  const data = Buffer.alloc(frame.data.length);
  for (let y = 0; y < frame.height; y += 1) {
    const row = y * frame.width * 3;
    for (let x = 0; x < frame.width; x += 1)
      frame.data.copy(data, row + (frame.width - 1 - x) * 3, row + x * 3, row + x * 3 + 3);
  }
  return { ...frame, data };
}

/**
 * Angles of the selfie video, one per frame at 10 fps: still (long enough for the element's 0.8 s
 * alignment), one way, still, the other way: both directions within 6 s, twice in the element's
 * 12 s challenge window.
 */
function headTurnAngles(maxDegrees: number): number[] {
  const hold = (angle: number, frames: number) => Array<number>(frames).fill(angle);
  const ramp = (from: number, to: number, frames: number) =>
    Array.from({ length: frames }, (_, i) => from + ((to - from) * (i + 1)) / frames);
  return [
    ...hold(0, 12),
    ...ramp(0, maxDegrees, 5),
    ...hold(maxDegrees, 10),
    ...ramp(maxDegrees, 0, 5),
    ...hold(0, 10),
    ...ramp(0, -maxDegrees, 5),
    ...hold(-maxDegrees, 10),
    ...ramp(-maxDegrees, 0, 5),
  ];
}

/**
 * A y4m selfie video (640×480, 10 fps, 6.2 s in a loop) of a portrait that looks at the
 * camera for 1.2 s, turns its head to its left, back, to its right, back: whichever way the
 * element's challenge asks, the head turns that way within a loop.
 */
export async function headTurnVideo(
  portrait: Buffer,
  face: FaceGeometry,
  maxDegrees = 40,
): Promise<Buffer> {
  const { data, info } = await sharp(portrait)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const cropTop = Math.round(
    Math.min(Math.max(0, face.centerY - FACE_SIZE.height / 2), info.height - FACE_SIZE.height),
  );
  const cropLeft = Math.round(
    Math.min(Math.max(0, face.centerX - FACE_SIZE.width / 2), info.width - FACE_SIZE.width),
  );
  const base = await sharp(data, { raw: info })
    .extract({ left: cropLeft, top: cropTop, ...FACE_SIZE })
    .raw()
    .toBuffer();
  const frame: RgbFrame = { data: base, ...FACE_SIZE };
  const local = { ...face, centerX: face.centerX - cropLeft, centerY: face.centerY - cropTop };
  const mirroredFrame = mirrored(frame);
  const mirroredFace = { ...local, centerX: FACE_SIZE.width - 1 - local.centerX };
  // The warp turns the head convincingly one way (the detector reads about 25° of yaw at 40°);
  // the other way is the same warp on the mirrored frame, mirrored back, so both turns match.
  const turn = (angle: number): RgbFrame =>
    angle >= 0
      ? turnHead(frame, local, angle)
      : mirrored(turnHead(mirroredFrame, mirroredFace, -angle));
  const cache = new Map<number, RgbFrame>();
  const frames = headTurnAngles(maxDegrees).map((angle) => {
    const key = Math.round(angle * 10);
    let turned = cache.get(key);
    if (!turned) {
      turned = turn(angle);
      cache.set(key, turned);
    }
    return turned;
  });
  return y4mVideo(frames, 10);
}
