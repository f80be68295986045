/** A head turning about its vertical axis, on a still portrait: a depth warp of the picture. */
import type { RgbFrame } from './y4m.js';

/**
 * Where the face is in a portrait, in pixels: the middle of the face (on the line of the nose, the
 * axis the head turns about) and the width of the face.
 */
export interface FaceGeometry {
  centerX: number;
  centerY: number;
  boxWidth: number;
}

/**
 * The head as a half ellipsoid with a nose on it: where a point of the portrait lands when the head
 * turns by the angle whose sine and cosine are given. Every point moves sideways by its depth ×
 * sin(angle); the sideways squeeze of the turn fades out over a ring around the head so that the
 * background stays put. Answers the new x and the point's depth.
 */
function headModel(face: FaceGeometry) {
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
  return (x: number, y: number, sin: number, cos: number): { x: number; z: number } => {
    const dx = (x - face.centerX) / rx;
    const dy = (y - face.centerY) / ry;
    const r = Math.sqrt(dx * dx + dy * dy);
    let z = 0;
    if (r < 1) {
      const noseRow = Math.exp(-((y - nose.y) ** 2) / (2 * nose.sy ** 2));
      z = depth * Math.sqrt(1 - r * r);
      z += nose.height * noseRow * Math.exp(-((x - nose.x) ** 2) / (2 * nose.sx ** 2));
    }
    const fade = Math.min(1, Math.max(0, (1.2 - r) / 0.2));
    return { x: x + fade * (x - face.centerX) * (cos - 1) + z * sin, z };
  };
}

/** Where the point (x, y) of the portrait is once the head has turned by `degrees`. */
export function turnedPoint(
  face: FaceGeometry,
  degrees: number,
  point: { x: number; y: number },
): { x: number; y: number } {
  const angle = (degrees * Math.PI) / 180;
  return { x: headModel(face)(point.x, point.y, Math.sin(angle), Math.cos(angle)).x, y: point.y };
}

/**
 * The portrait as seen with the head turned by `degrees` about the vertical axis (positive: the
 * nose moves to the right of the frame, the person turning to their left), by {@link headModel};
 * the nearest surface wins where the far cheek folds away, as it does on a real turning head.
 */
export function turnHead(frame: RgbFrame, face: FaceGeometry, degrees: number): RgbFrame {
  if (degrees === 0) return frame;
  const { width, height, data } = frame;
  const angle = (degrees * Math.PI) / 180;
  const sin = Math.sin(angle);
  const cos = Math.cos(angle);
  const land = headModel(face);
  const out = Buffer.alloc(data.length);
  const written = new Uint8Array(width * height);
  const zBuffer = new Float32Array(width);
  const steps = 4;
  for (let y = 0; y < height; y += 1) {
    zBuffer.fill(-Infinity);
    for (let s = 0; s < width * steps; s += 1) {
      const x = s / steps;
      const { x: target, z } = land(x, y, sin, cos);
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
