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
