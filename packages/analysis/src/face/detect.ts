import type { Config, FaceResult } from '@vladmandic/human';
import type { RgbImage } from '../image/decode.js';
import { loadHuman } from '../models/human.js';
import { loadTfjs } from '../models/tfjs.js';

/** Runs Human's face pipeline on an RGB image; answers the faces, largest first. */
export async function detectFaces(
  image: RgbImage,
  config?: Partial<Config>,
): Promise<FaceResult[]> {
  const human = await loadHuman();
  const tf = await loadTfjs();
  const input = tf.tensor3d(
    new Uint8Array(image.data.buffer, image.data.byteOffset, image.data.byteLength),
    [image.height, image.width, 3],
    'int32',
  );
  try {
    const result = await human.detect(input, config);
    return [...result.face].sort((a, b) => b.box[2] * b.box[3] - a.box[2] * a.box[3]);
  } finally {
    input.dispose();
  }
}

function insideShare(face: FaceResult, width: number, height: number): number {
  const [x, y, w, h] = face.box;
  const inside =
    Math.max(0, Math.min(x + w, width) - Math.max(x, 0)) *
    Math.max(0, Math.min(y + h, height) - Math.max(y, 0));
  return inside / Math.max(1, w * h);
}

/**
 * Faces that count: at least 45 % as wide as the largest and mostly (≥ 65 %) inside the frame. A
 * far-away bystander, a poster in the background or a neighbour's half face at the edge does not
 * make a selfie "two faces".
 */
export function significantFaces(faces: FaceResult[], width: number, height: number): FaceResult[] {
  const inFrame = faces.filter((face) => insideShare(face, width, height) >= 0.65);
  const largest = inFrame[0];
  if (!largest) return [];
  return inFrame.filter((face) => face.box[2] >= largest.box[2] * 0.45);
}

function center(points: readonly (readonly number[])[]): [number, number] {
  let x = 0;
  let y = 0;
  for (const p of points) {
    x += p[0] ?? 0;
    y += p[1] ?? 0;
  }
  return [x / Math.max(1, points.length), y / Math.max(1, points.length)];
}

/** Eye centres (image pixels) from Human's iris or eyelid landmarks: [left eye, right eye] of the person. */
export function eyeCenters(face: FaceResult): [[number, number], [number, number]] | null {
  const a = face.annotations as Record<string, readonly (readonly number[])[] | undefined>;
  const left = a['leftEyeIris']?.length ? a['leftEyeIris'] : a['leftEyeLower0'];
  const right = a['rightEyeIris']?.length ? a['rightEyeIris'] : a['rightEyeLower0'];
  if (!left?.length || !right?.length) return null;
  return [center(left), center(right)];
}

/** Eye aspect ratio (lid gap / eye width) averaged over both eyes: about 0.25–0.35 open, < 0.12 closed. */
export function eyeOpenness(face: FaceResult): number | null {
  const a = face.annotations as Record<string, readonly (readonly number[])[] | undefined>;
  // MediaPipe's eyelid contours differ in length (upper 7 points between the corners, lower 9
  // points from corner to corner), so each lid's middle point is taken at its own middle, and the
  // eye's width from the lower contour's ends (the two corners).
  const ratio = (
    upper?: readonly (readonly number[])[],
    lower?: readonly (readonly number[])[],
  ): number | null => {
    if (!upper?.length || !lower || lower.length < 2) return null;
    const top = upper[Math.floor(upper.length / 2)]!;
    const bottom = lower[Math.floor(lower.length / 2)]!;
    const first = lower[0]!;
    const last = lower[lower.length - 1]!;
    const width = Math.hypot((last[0] ?? 0) - (first[0] ?? 0), (last[1] ?? 0) - (first[1] ?? 0));
    return width > 0
      ? Math.hypot((top[0] ?? 0) - (bottom[0] ?? 0), (top[1] ?? 0) - (bottom[1] ?? 0)) / width
      : null;
  };
  const left = ratio(a['leftEyeUpper0'], a['leftEyeLower0']);
  const right = ratio(a['rightEyeUpper0'], a['rightEyeLower0']);
  const values = [left, right].filter((v): v is number => v !== null);
  return values.length ? values.reduce((s, v) => s + v, 0) / values.length : null;
}

/** Head pose in degrees from Human's mesh rotation. */
export function facePose(face: FaceResult): { yaw: number; pitch: number; roll: number } | null {
  const angle = face.rotation?.angle;
  if (!angle) return null;
  const degrees = (radians: number): number => Math.round((radians * 180 * 10) / Math.PI) / 10;
  return { yaw: degrees(angle.yaw), pitch: degrees(angle.pitch), roll: degrees(angle.roll) };
}

/**
 * Offset of the nose tip from the middle of the eyes along the line through the eyes, in eye
 * distances (MediaPipe mesh points 1, 33, 263): about 0 for a frontal face, positive when the nose
 * points to the frame's right. Measured along the eyes' line, not the frame's rows, so that a
 * tilted head (roll) does not mix the nose's drop below the eyes into it: at 45° of roll that drop
 * alone read as 0.4 of a turn. The element measures the same on the device; it follows a head
 * turn on flat pixels more steadily than the mesh's fitted rotation.
 */
export function noseOffset(face: FaceResult): number | null {
  const mesh = face.mesh;
  if (!mesh || mesh.length < 468) return null;
  const nose = mesh[1]!;
  const a = mesh[33]!;
  const b = mesh[263]!;
  const [ax, ay, bx, by] = [a[0] ?? 0, a[1] ?? 0, b[0] ?? 0, b[1] ?? 0];
  const [ex, ey] = bx >= ax ? [bx - ax, by - ay] : [ax - bx, ay - by];
  const squared = ex * ex + ey * ey;
  if (squared === 0) return null;
  const [dx, dy] = [(nose[0] ?? 0) - (ax + bx) / 2, (nose[1] ?? 0) - (ay + by) / 2];
  return (dx * ex + dy * ey) / squared;
}
