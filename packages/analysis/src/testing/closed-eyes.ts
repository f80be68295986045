/**
 * Closed eyes on a still portrait: the upper lids painted down over the eyes, for the blink of the
 * selfie scene.
 */
import type { RgbFrame } from './y4m.js';

/** Where one eye is in a frame, in pixels: its two corners and the gap between its open lids. */
export interface EyeGeometry {
  outer: { x: number; y: number };
  inner: { x: number; y: number };
  /** Distance between the upper and the lower lid of the open eye. */
  opening: number;
}

/**
 * The painted lid, in eye openings (the gap between the open lids): how far past the open eye it
 * reaches, over how wide a ring it fades into the face, and how far below the line between the
 * corners the lash line of the closed eye sags in its middle. Measured against the element's face
 * mesh in Chromium: a lid that only just covers the eye leaves the mesh reading a half-open eye
 * (its eyelid points barely follow a closing lid); this one reads as closed.
 */
const LID = { margin: 1.2, feather: 0.8, lashSag: 0.55 };

/**
 * Skin where the eye was: the pixels of `region` (indices into the frame) filled smoothly from the
 * pixels around them, as a membrane stretched over the hole (each column first interpolated
 * between the pixels above and below, then relaxed towards the average of its neighbours), so the
 * painted lid takes the tones of the lid above and the cheek below with no visible seam.
 */
function skinFill(frame: RgbFrame, region: Set<number>): Map<number, number[]> {
  const { width, data } = frame;
  const fill = new Map<number, number[]>();
  const original = (i: number) => [data[i * 3]!, data[i * 3 + 1]!, data[i * 3 + 2]!];
  for (const i of region) {
    let top = i;
    while (region.has(top)) top -= width;
    let bottom = i;
    while (region.has(bottom)) bottom += width;
    const share = (i - top) / (bottom - top);
    const [above, below] = [original(top), original(bottom)];
    fill.set(
      i,
      above.map((c, k) => c * (1 - share) + below[k]! * share),
    );
  }
  const value = (i: number) => fill.get(i) ?? original(i);
  for (let iteration = 0; iteration < 150; iteration += 1) {
    const next = new Map<number, number[]>();
    for (const i of region) {
      const around = [value(i - 1), value(i + 1), value(i - width), value(i + width)];
      next.set(
        i,
        [0, 1, 2].map((k) => around.reduce((sum, p) => sum + p[k]!, 0) / 4),
      );
    }
    for (const [i, colour] of next) fill.set(i, colour);
  }
  return fill;
}

/**
 * The frame with both eyes `closure` shut (0 open, 1 closed): the upper lid, skin filled in from
 * around the eye (half warmed towards the cheek below it), comes down over the eye; its lash line,
 * a soft dark curve with the lashes hanging below it, runs from corner to corner and sags in the
 * middle; the lid fades into the face over a wide ring, like the rest of the soft photo.
 */
export function closeEyes(
  frame: RgbFrame,
  eyes: readonly EyeGeometry[],
  closure: number,
): RgbFrame {
  if (closure <= 0) return frame;
  const data = Buffer.from(frame.data);
  for (const eye of eyes) {
    const centre = { x: (eye.outer.x + eye.inner.x) / 2, y: (eye.outer.y + eye.inner.y) / 2 };
    const halfLength = Math.hypot(eye.inner.x - eye.outer.x, eye.inner.y - eye.outer.y) / 2;
    // Unit vectors along the eye (u, left to right) and across it, pointing down the face (v).
    const ux = Math.abs(eye.inner.x - eye.outer.x) / (2 * halfLength);
    const uy =
      ((eye.inner.y - eye.outer.y) / (2 * halfLength)) * Math.sign(eye.inner.x - eye.outer.x);
    const [vx, vy] = [-uy, ux];
    // The lid's ellipse (half axes a along the eye, b across it) and its fading ring.
    const a = halfLength + eye.opening * LID.margin;
    const b = eye.opening / 2 + eye.opening * LID.margin;
    const feather = eye.opening * LID.feather;
    const reach = Math.ceil(a + feather + 2);
    const pixels: { i: number; u: number; v: number; ring: number }[] = [];
    for (let y = Math.floor(centre.y - reach); y <= centre.y + reach; y += 1) {
      for (let x = Math.floor(centre.x - reach); x <= centre.x + reach; x += 1) {
        if (x < 1 || y < 1 || x >= frame.width - 1 || y >= frame.height - 1) continue;
        const u = (x - centre.x) * ux + (y - centre.y) * uy;
        const v = (x - centre.x) * vx + (y - centre.y) * vy;
        // Distance outside the ellipse, in pixels (negative inside).
        const ring = (Math.hypot(u / a, v / b) - 1) * Math.min(a, b);
        if (ring < feather / 2) pixels.push({ i: y * frame.width + x, u, v, ring });
      }
    }
    const fill = skinFill(frame, new Set(pixels.map((p) => p.i)));
    const cheekPixels = pixels.filter((p) => p.v > b * 0.9 && p.ring > 0);
    const cheek = [0, 1, 2].map(
      (k) =>
        cheekPixels.reduce((sum, p) => sum + frame.data[p.i * 3 + k]!, 0) /
        Math.max(1, cheekPixels.length),
    );
    for (const { i, u, v, ring } of pixels) {
      const inside = Math.min(1, Math.max(0, 0.5 - ring / feather));
      // The lid's edge comes down from the top of the ellipse to the closed lash line.
      const along = Math.min(1, Math.abs(u) / halfLength);
      const lashLine = LID.lashSag * eye.opening * (1 - along * along);
      const edgeDistance = v - (-b + closure * (lashLine + b));
      const covered = closure >= 1 ? 1 : Math.min(1, Math.max(0, 0.5 - edgeDistance / feather));
      const alpha = inside * covered;
      // The lashes hang below the edge; the line fades out past the corners.
      const lashWidth = eye.opening * (edgeDistance > 0 ? 0.18 : 0.11);
      const pastCorner = Math.max(0, Math.abs(u) - halfLength);
      const lash =
        0.45 *
        inside *
        Math.exp(-(edgeDistance ** 2) / (2 * lashWidth ** 2)) *
        Math.exp(-(pastCorner ** 2) / (2 * (eye.opening * 0.2) ** 2));
      const skin = fill.get(i)!;
      for (let c = 0; c < 3; c += 1) {
        const lid = ((skin[c]! + cheek[c]!) / 2) * 0.96;
        data[i * 3 + c] = Math.round((data[i * 3 + c]! * (1 - alpha) + lid * alpha) * (1 - lash));
      }
    }
  }
  return { ...frame, data };
}
