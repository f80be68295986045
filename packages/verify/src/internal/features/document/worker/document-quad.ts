/**
 * Finds an ID document's quadrilateral in a small grayscale frame.
 *
 * Each side of the document is located in five short segments, by the outermost consistent edge
 * found scanning inwards from the frame border: the Sobel gradient is summed with its sign along
 * the segment (in luma and in colour), so a straight document border adds up while texture and
 * text cancel out. The side
 * is the straight line most segments agree on (a segment that stopped on a printed band or a
 * shadow is left out); intersecting the four lines gives the corners, which follows a tilted,
 * skewed or foreshortened card. Cheap (a few hundred thousand additions at 160×120).
 */
import type { GrayImage } from '../../../../worker/pixels.js';
import type { Point, Quad } from '../../../../worker/types.js';

/** A located border segment: where it is along the scan, and how strong. */
interface EdgeHit {
  position: number;
  strength: number;
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
 * Scans positions from `from` towards `to` and returns the outermost edge: the first position whose
 * (smoothed) response reaches `relativeThreshold` of the strongest one in the range (and at least
 * `minStrength`), refined to its local peak.
 *
 * The document's border is the first edge met coming from the background, but it is not always the
 * strongest one: a card whose dark header band lies on a mid-grey table has a weaker table→band
 * border than the band→white edge inside it. The threshold is therefore low; the robust line fit
 * of `fitSide` discards a segment that stopped on something else.
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
  const peak = Math.max(...smoothed);
  if (peak < minStrength) return null;
  const threshold = Math.max(minStrength, peak * relativeThreshold);
  for (let i = 0; i < smoothed.length; i += 1) {
    if (smoothed[i]! < threshold) continue;
    let best = i;
    while (best + 1 < smoothed.length && smoothed[best + 1]! > smoothed[best]!) best += 1;
    // Sub-pixel position of the peak (parabola through it and its neighbours).
    const [a, b, c] = [smoothed[best - 1], smoothed[best]!, smoothed[best + 1]];
    let offset = 0;
    if (a !== undefined && c !== undefined && a - 2 * b + c < 0) {
      offset = (0.5 * (a - c)) / (a - 2 * b + c);
    }
    return {
      position: positions[best]! + step * Math.max(-0.5, Math.min(0.5, offset)),
      strength: b,
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
/** Share of the strongest edge of a scan that an outer edge must reach to count as the border. */
const relativeThreshold = 0.2;
/** Segments located per side; a side needs `minInliers` of them on one straight line. */
const segmentsPerSide = 5;
const minInliers = 3;
/** Largest distance (pixels at quad scale) of a segment's hit from its side's line. */
const inlierTolerance = 1.5;

/** A border hit of one segment: `along` the side (segment centre), `across` it (edge position). */
interface SideHit {
  along: number;
  across: number;
}

/** A side's line as `across = slope · along + offset`. */
interface SideLine {
  slope: number;
  offset: number;
}

/** Least-squares line through `hits`. */
function leastSquares(hits: SideHit[]): SideLine {
  const n = hits.length;
  const meanAlong = hits.reduce((sum, h) => sum + h.along, 0) / n;
  const meanAcross = hits.reduce((sum, h) => sum + h.across, 0) / n;
  let covariance = 0;
  let variance = 0;
  for (const h of hits) {
    covariance += (h.along - meanAlong) * (h.across - meanAcross);
    variance += (h.along - meanAlong) ** 2;
  }
  const slope = variance === 0 ? 0 : covariance / variance;
  return { slope, offset: meanAcross - slope * meanAlong };
}

/**
 * The straight line that most segment hits agree on (within `inlierTolerance`),
 * refined by least squares over them; `null` when fewer than `minInliers` agree. A segment that
 * stopped on a printed line or a shadow instead of the border is left out, so one segment more or
 * less (a one-pixel shift of the camera) does not change the side.
 */
function fitSide(hits: (SideHit | null)[]): SideLine | null {
  const found = hits.filter((h): h is SideHit => h !== null);
  const residual = (line: SideLine, h: SideHit): number =>
    Math.abs(line.slope * h.along + line.offset - h.across);
  let best: SideHit[] = [];
  let bestError = Infinity;
  for (let i = 0; i < found.length; i += 1) {
    for (let j = i + 1; j < found.length; j += 1) {
      const [p, q] = [found[i]!, found[j]!];
      const slope = (q.across - p.across) / (q.along - p.along);
      const line = { slope, offset: p.across - slope * p.along };
      const inliers = found.filter((h) => residual(line, h) <= inlierTolerance);
      // More hits on the line win; among as many, the line they fit best.
      const error = inliers.reduce((sum, h) => sum + residual(line, h), 0);
      if (inliers.length > best.length || (inliers.length === best.length && error < bestError)) {
        best = inliers;
        bestError = error;
      }
    }
  }
  return best.length >= minInliers ? leastSquares(best) : null;
}

/** Centres and half-length of the segments of a side spanning `[lo, hi]` of `size` pixels. */
function segments(lo: number, hi: number, size: number): { centre: number; half: number }[] {
  const spacing = ((hi - lo) * size) / segmentsPerSide;
  return Array.from({ length: segmentsPerSide }, (_, i) => ({
    centre: lo * size + spacing * (i + 0.5),
    half: Math.max(2, Math.floor(spacing / 2)),
  }));
}

/**
 * Detects the document quadrilateral in `channels` (luma and colour-difference planes of one
 * frame, all the same size), in normalized coordinates, or `null` when the four borders are not
 * all found as straight lines. An edge's strength is the sum over the channels, so a border that
 * only changes colour (a blue band on a grey table of the same brightness) is found too.
 */
export function detectDocumentQuad(channels: readonly GrayImage[]): Quad | null {
  const { width: w, height: h } = channels[0]!;
  const rowStrength = (y: number, x0: number, x1: number): number =>
    channels.reduce((sum, image) => sum + Math.abs(rowResponse(image, y, x0, x1)), 0);
  const columnStrength = (x: number, y0: number, y1: number): number =>
    channels.reduce((sum, image) => sum + Math.abs(columnResponse(image, x, y0, y1)), 0);
  if (w < 16 || h < 16) return null;
  const alongX = segments(0.25, 0.75, w);
  const alongY = segments(0.3, 0.7, h);
  const hit = (along: number, edge: EdgeHit | null): SideHit | null =>
    edge && { along, across: edge.position };
  const horizontal = (from: number, to: number): SideLine | null =>
    fitSide(
      alongX.map(({ centre, half }) => {
        const [x0, x1] = [Math.round(centre) - half, Math.round(centre) + half];
        return hit(
          (x0 + x1 - 1) / 2,
          outermostEdge(from, to, (y) => rowStrength(y, x0, x1), minEdgeStrength),
        );
      }),
    );
  const vertical = (from: number, to: number): SideLine | null =>
    fitSide(
      alongY.map(({ centre, half }) => {
        const [y0, y1] = [Math.round(centre) - half, Math.round(centre) + half];
        return hit(
          (y0 + y1 - 1) / 2,
          outermostEdge(from, to, (x) => columnStrength(x, y0, y1), minEdgeStrength),
        );
      }),
    );
  const top = horizontal(1, Math.floor(h / 2));
  const bottom = horizontal(h - 2, Math.floor(h / 2));
  const left = vertical(1, Math.floor(w / 2));
  const right = vertical(w - 2, Math.floor(w / 2));
  if (!top || !bottom || !left || !right) return null;

  // y = m·x + q for the horizontal sides, x = m·y + q for the vertical ones.
  const asLine = (side: SideLine, horizontalSide: boolean): Line =>
    horizontalSide
      ? { a: -side.slope, b: 1, c: side.offset }
      : { a: 1, b: -side.slope, c: side.offset };
  const [topLine, bottomLine] = [asLine(top, true), asLine(bottom, true)];
  const [leftLine, rightLine] = [asLine(left, false), asLine(right, false)];
  const corners = [
    intersect(topLine, leftLine),
    intersect(topLine, rightLine),
    intersect(bottomLine, rightLine),
    intersect(bottomLine, leftLine),
  ];
  if (corners.some((c) => c === null)) return null;
  // Edge positions are pixel centres: +0.5 turns them into normalized frame coordinates.
  const quad = corners.map((c) => ({
    x: Math.min(1, Math.max(0, (c!.x + 0.5) / w)),
    y: Math.min(1, Math.max(0, (c!.y + 0.5) / h)),
  })) as Quad;
  if (!isConvex(quad) || quadArea(quad) < 0.04) return null;
  return quad;
}
