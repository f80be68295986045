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
  /**
   * The head's tilt (roll) in degrees: the angle of the line through the eyes against the frame's
   * rows, clockwise on screen (y down). Default 0. A tilted head turns about its own vertical axis,
   * not the frame's: see {@link turnHead}.
   */
  roll?: number;
}

/**
 * A tilt up to this (degrees) is turned about the frame's vertical axis as it is: within this the
 * two axes differ by less than the warp's own error, and the frame is spared two resamplings.
 */
const UPRIGHT_ROLL = 10;

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
  const roll = tiltOf(face);
  if (roll === 0)
    return { x: headModel(face)(point.x, point.y, Math.sin(angle), Math.cos(angle)).x, y: point.y };
  // In the head's own frame (eyes level about the face's middle), then back.
  const upright = rotatePoint(point, face, -roll);
  const turned = headModel(face)(upright.x, upright.y, Math.sin(angle), Math.cos(angle)).x;
  return rotatePoint({ x: turned, y: upright.y }, face, roll);
}

/** The tilt {@link turnHead} undoes before turning, radians: 0 within {@link UPRIGHT_ROLL}. */
function tiltOf(face: FaceGeometry): number {
  const roll = face.roll ?? 0;
  return Math.abs(roll) <= UPRIGHT_ROLL ? 0 : (roll * Math.PI) / 180;
}

/** `point` rotated by `angle` radians (clockwise on screen) about the face's middle. */
function rotatePoint(
  point: { x: number; y: number },
  face: FaceGeometry,
  angle: number,
): { x: number; y: number } {
  const [dx, dy] = [point.x - face.centerX, point.y - face.centerY];
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  return { x: face.centerX + dx * cos - dy * sin, y: face.centerY + dx * sin + dy * cos };
}

/**
 * `frame` resampled (bilinear) so that each output pixel p shows the input at `rotatePoint(p,
 * angle)` about the face's middle, on a canvas of `width` × `height` whose point (`centerX`,
 * `centerY`) is the face's middle; input pixels out of reach read the frame's nearest edge.
 */
function resampleRotated(
  frame: RgbFrame,
  face: FaceGeometry,
  angle: number,
  canvas: { width: number; height: number; centerX: number; centerY: number },
): RgbFrame {
  const { width, height, centerX, centerY } = canvas;
  const out = Buffer.alloc(width * height * 3);
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  const src = frame.data;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const [dx, dy] = [x - centerX, y - centerY];
      const sx = face.centerX + dx * cos - dy * sin;
      const sy = face.centerY + dx * sin + dy * cos;
      // Clamped to the frame: beyond it, its edge (only the level canvas' far corners, which the
      // turn leaves in place and the tilt back crops away, read that far).
      const cx = Math.min(frame.width - 1.001, Math.max(0, sx));
      const cy = Math.min(frame.height - 1.001, Math.max(0, sy));
      const x0 = Math.floor(cx);
      const y0 = Math.floor(cy);
      const [fx, fy] = [cx - x0, cy - y0];
      const o = (y * width + x) * 3;
      for (let c = 0; c < 3; c++) {
        const at = (px: number, py: number) => src[(py * frame.width + px) * 3 + c]!;
        out[o + c] = Math.round(
          (at(x0, y0) * (1 - fx) + at(x0 + 1, y0) * fx) * (1 - fy) +
            (at(x0, y0 + 1) * (1 - fx) + at(x0 + 1, y0 + 1) * fx) * fy,
        );
      }
    }
  return { data: out, width, height };
}

/**
 * The portrait as seen with the head turned by `degrees` about its own vertical axis (positive:
 * the nose moves to the right of the frame, the person turning to their left). A head tilted by
 * more than {@link UPRIGHT_ROLL} (`face.roll`) is first levelled about the face's middle on a
 * canvas large enough to keep every pixel, turned there, and tilted back: a tilted head turns about
 * the axis through its own crown and chin, and warping it about the frame's vertical axis instead
 * (as before) sheared the face diagonally, a motion no head makes.
 */
export function turnHead(frame: RgbFrame, face: FaceGeometry, degrees: number): RgbFrame {
  if (degrees === 0) return frame;
  const roll = tiltOf(face);
  if (roll === 0) return turnUprightHead(frame, face, degrees);
  const corners = [
    [0, 0],
    [frame.width, 0],
    [0, frame.height],
    [frame.width, frame.height],
  ].map(([x, y]) => Math.hypot(x! - face.centerX, y! - face.centerY));
  const side = Math.ceil(2 * Math.max(...corners)) + 2;
  const middle = side / 2;
  // Level: each pixel of the upright canvas shows the frame at the point rotated by the tilt.
  const upright = resampleRotated(frame, face, roll, {
    width: side,
    height: side,
    centerX: middle,
    centerY: middle,
  });
  const uprightFace: FaceGeometry = { ...face, centerX: middle, centerY: middle, roll: 0 };
  const turned = turnUprightHead(upright, uprightFace, degrees);
  return resampleRotated(turned, uprightFace, -roll, {
    width: frame.width,
    height: frame.height,
    centerX: face.centerX,
    centerY: face.centerY,
  });
}

/**
 * The portrait as seen with an upright head (eyes level) turned by `degrees` about the frame's
 * vertical axis, by {@link headModel}; the nearest surface wins where the far cheek folds away, as
 * it does on a real turning head.
 */
function turnUprightHead(frame: RgbFrame, face: FaceGeometry, degrees: number): RgbFrame {
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
