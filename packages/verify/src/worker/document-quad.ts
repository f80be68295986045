/**
 * Finds an ID document's quadrilateral in a small grayscale frame.
 *
 * Each side of the document is located twice, in two short segments, by the strongest consistent
 * edge found scanning inwards from the frame border: the Sobel gradient is summed with its sign
 * along the segment, so a straight document border adds up while texture and text cancel out.
 * The two points of a side give its line; intersecting the four lines gives the corners, which
 * follows a tilted or slightly skewed card. Cheap (a few hundred thousand additions at 160×120).
 */
import type { GrayImage } from './pixels.js';
import type { Point, Quad } from './types.js';

/** A located border segment: where it is along the scan, how strong, and its polarity. */
interface EdgeHit {
  position: number;
  strength: number;
  sign: number;
}

/** Mean signed vertical Sobel response of row `y` over columns `[x0, x1)`. */
function rowResponse(image: GrayImage, y: number, x0: number, x1: number): number {
  const { data, width } = image;
  let sum = 0;
  const up = (y - 1) * width;
  const down = (y + 1) * width;
  for (let x = x0; x < x1; x += 1) {
    sum +=
      data[down + x - 1]! +
      2 * data[down + x]! +
      data[down + x + 1]! -
      data[up + x - 1]! -
      2 * data[up + x]! -
      data[up + x + 1]!;
  }
  return sum / (x1 - x0);
}

/** Mean signed horizontal Sobel response of column `x` over rows `[y0, y1)`. */
function columnResponse(image: GrayImage, x: number, y0: number, y1: number): number {
  const { data, width } = image;
  let sum = 0;
  for (let y = y0; y < y1; y += 1) {
    const i = y * width + x;
    sum +=
      data[i - width + 1]! +
      2 * data[i + 1]! +
      data[i + width + 1]! -
      data[i - width - 1]! -
      2 * data[i - 1]! -
      data[i + width - 1]!;
  }
  return sum / (y1 - y0);
}

/**
 * Scans positions from `from` towards `to` and returns the outermost position whose (smoothed)
 * response reaches 45% of the strongest one in the range, refined to the local peak.
 */
function outermostEdge(
  from: number,
  to: number,
  response: (position: number) => number,
  minStrength: number,
): EdgeHit | null {
  const step = from < to ? 1 : -1;
  const values: number[] = [];
  const positions: number[] = [];
  for (let p = from; p !== to; p += step) {
    positions.push(p);
    values.push(response(p));
  }
  const smoothed = values.map((v, i) => (2 * v + (values[i - 1] ?? v) + (values[i + 1] ?? v)) / 4);
  let peak = 0;
  for (const v of smoothed) peak = Math.max(peak, Math.abs(v));
  if (peak < minStrength) return null;
  const threshold = peak * 0.45;
  for (let i = 0; i < smoothed.length; i += 1) {
    if (Math.abs(smoothed[i]!) < threshold) continue;
    let best = i;
    while (
      best + 1 < smoothed.length &&
      Math.abs(smoothed[best + 1]!) > Math.abs(smoothed[best]!)
    ) {
      best += 1;
    }
    return {
      position: positions[best]!,
      strength: Math.abs(smoothed[best]!),
      sign: Math.sign(smoothed[best]!),
    };
  }
  return null;
}

/** A line through two points, as `a·x + b·y = c`. */
interface Line {
  a: number;
  b: number;
  c: number;
}

function lineThrough(p: Point, q: Point): Line {
  const a = q.y - p.y;
  const b = p.x - q.x;
  return { a, b, c: a * p.x + b * p.y };
}

function intersect(l: Line, m: Line): Point | null {
  const det = l.a * m.b - m.a * l.b;
  if (Math.abs(det) < 1e-9) return null;
  return { x: (l.c * m.b - m.c * l.b) / det, y: (l.a * m.c - m.a * l.c) / det };
}

/** Area of a polygon given in order (shoelace formula); positive when clockwise on screen. */
export function quadArea(quad: Quad): number {
  let area = 0;
  for (let i = 0; i < 4; i += 1) {
    const p = quad[i]!;
    const q = quad[(i + 1) % 4]!;
    area += p.x * q.y - q.x * p.y;
  }
  return area / 2;
}

function isConvex(quad: Quad): boolean {
  let sign = 0;
  for (let i = 0; i < 4; i += 1) {
    const p = quad[i]!;
    const q = quad[(i + 1) % 4]!;
    const r = quad[(i + 2) % 4]!;
    const cross = (q.x - p.x) * (r.y - q.y) - (q.y - p.y) * (r.x - q.x);
    if (cross === 0) continue;
    if (sign === 0) sign = Math.sign(cross);
    else if (Math.sign(cross) !== sign) return false;
  }
  return true;
}

/** Minimum mean Sobel response of a document border (0–1020 scale). */
const minEdgeStrength = 24;

/**
 * Detects the document quadrilateral in `image`, in normalized coordinates, or `null` when the
 * four borders are not all found with a consistent polarity.
 */
export function detectDocumentQuad(image: GrayImage): Quad | null {
  const { width: w, height: h } = image;
  if (w < 16 || h < 16) return null;
  const span = (lo: number, hi: number, size: number): [number, number] => [
    Math.round(lo * size),
    Math.round(hi * size),
  ];
  const horizontalSegments = [span(0.3, 0.45, w), span(0.55, 0.7, w)];
  const verticalSegments = [span(0.35, 0.47, h), span(0.53, 0.65, h)];

  const sides = {
    top: horizontalSegments.map(([x0, x1]) =>
      outermostEdge(1, Math.floor(h / 2), (y) => rowResponse(image, y, x0, x1), minEdgeStrength),
    ),
    bottom: horizontalSegments.map(([x0, x1]) =>
      outermostEdge(
        h - 2,
        Math.floor(h / 2),
        (y) => rowResponse(image, y, x0, x1),
        minEdgeStrength,
      ),
    ),
    left: verticalSegments.map(([y0, y1]) =>
      outermostEdge(1, Math.floor(w / 2), (x) => columnResponse(image, x, y0, y1), minEdgeStrength),
    ),
    right: verticalSegments.map(([y0, y1]) =>
      outermostEdge(
        w - 2,
        Math.floor(w / 2),
        (x) => columnResponse(image, x, y0, y1),
        minEdgeStrength,
      ),
    ),
  };
  const hits = Object.values(sides).flat();
  if (hits.some((hit) => hit === null)) return null;
  // A straight border keeps its polarity along its length.
  for (const pair of Object.values(sides)) {
    if (pair[0]!.sign !== pair[1]!.sign) return null;
  }

  const centre = ([lo, hi]: [number, number]): number => (lo + hi - 1) / 2;
  const hLine = (pair: (EdgeHit | null)[]): Line =>
    lineThrough(
      { x: centre(horizontalSegments[0]!), y: pair[0]!.position },
      { x: centre(horizontalSegments[1]!), y: pair[1]!.position },
    );
  const vLine = (pair: (EdgeHit | null)[]): Line =>
    lineThrough(
      { x: pair[0]!.position, y: centre(verticalSegments[0]!) },
      { x: pair[1]!.position, y: centre(verticalSegments[1]!) },
    );
  const top = hLine(sides.top);
  const bottom = hLine(sides.bottom);
  const left = vLine(sides.left);
  const right = vLine(sides.right);
  const corners = [
    intersect(top, left),
    intersect(top, right),
    intersect(bottom, right),
    intersect(bottom, left),
  ];
  if (corners.some((c) => c === null)) return null;
  const quad = corners.map((c) => ({
    x: Math.min(1, Math.max(0, c!.x / w)),
    y: Math.min(1, Math.max(0, c!.y / h)),
  })) as Quad;
  if (!isConvex(quad) || quadArea(quad) < 0.04) return null;
  return quad;
}
