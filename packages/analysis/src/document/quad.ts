import { loadOpenCv, withMats, type Cv } from '../models/opencv.js';
import type { RgbImage } from '../image/decode.js';
import { rectangleCorners, warpQuad } from '../image/warp.js';
import type { Point } from '../types.js';

/** A document found in a photo. */
export interface DocumentRegion {
  /** Corners in the input image: TL, TR, BR, BL. */
  quad: Point[];
  /** False when no outline was found and the whole frame is taken as the document. */
  outlineFound: boolean;
  /** Measured width / height of the document. */
  aspect: number;
}

/** Known document aspect ratios: ID-1 (85.6 × 54), ID-2 (105 × 74), ID-3 passport page (125 × 88). */
export const DOCUMENT_ASPECTS = { ID1: 85.6 / 54, ID2: 105 / 74, ID3: 125 / 88 } as const;

const DETECT_SIDE = 640;

function orderCorners(points: Point[]): Point[] {
  const cx = points.reduce((s, p) => s + p.x, 0) / points.length;
  const cy = points.reduce((s, p) => s + p.y, 0) / points.length;
  const sorted = [...points].sort(
    (a, b) => Math.atan2(a.y - cy, a.x - cx) - Math.atan2(b.y - cy, b.x - cx),
  );
  // atan2 order starts at the left (-π): rotate so that the point nearest the top-left comes first.
  let first = 0;
  let best = Infinity;
  sorted.forEach((p, i) => {
    const score = p.x + p.y;
    if (score < best) {
      best = score;
      first = i;
    }
  });
  return [...sorted.slice(first), ...sorted.slice(0, first)];
}

function distance(a: Point, b: Point): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

/** Width / height of a quad from its edge lengths. */
export function quadAspect(quad: Point[]): number {
  const [tl, tr, br, bl] = quad as [Point, Point, Point, Point];
  const width = (distance(tl, tr) + distance(bl, br)) / 2;
  const height = (distance(tl, bl) + distance(tr, br)) / 2;
  return width / Math.max(1, height);
}

function polygonArea(points: Point[]): number {
  let area = 0;
  for (let i = 0; i < points.length; i++) {
    const a = points[i] as Point;
    const b = points[(i + 1) % points.length] as Point;
    area += a.x * b.y - b.x * a.y;
  }
  return Math.abs(area) / 2;
}

type Track = <M extends { delete(): void }>(mat: M) => M;

/**
 * The most card-like quadrilateral among the outer contours of a binary image (edges or a
 * segmentation): plausible ID aspect, not along the frame, its hull filling the fitted quad.
 */
function bestQuadOf(
  cv: Cv,
  track: Track,
  binary: InstanceType<Cv['Mat']>,
  scale: number,
  measure: 'contour' | 'hull' = 'contour',
): ScoredQuad | null {
  const frameArea = binary.rows * binary.cols;
  const contours = track(new cv.MatVector());
  const hierarchy = track(new cv.Mat());
  cv.findContours(binary, contours, hierarchy, cv.RETR_EXTERNAL, cv.CHAIN_APPROX_SIMPLE);
  // Measured by their hulls, an outline that the edge detector left open somewhere (a dim corner,
  // a low-contrast side), which encloses no area of its own, still counts.
  const candidates: { area: number; hull: InstanceType<Cv['Mat']> }[] = [];
  for (let i = 0; i < contours.size(); i++) {
    const contour = track(contours.get(i));
    const hull = track(new cv.Mat());
    cv.convexHull(contour, hull);
    const area = cv.contourArea(measure === 'hull' ? hull : contour);
    if (area > frameArea * 0.12) candidates.push({ area, hull });
  }
  candidates.sort((x, y) => y.area - x.area);
  let best: ScoredQuad | null = null;
  for (const { hull } of candidates.slice(0, 5)) {
    const hullArea = cv.contourArea(hull);
    const perimeter = cv.arcLength(hull, true);
    for (const epsilon of [0.02, 0.03, 0.05, 0.08]) {
      const approx = track(new cv.Mat());
      cv.approxPolyDP(hull, approx, epsilon * perimeter, true);
      if (approx.rows !== 4) continue;
      const points: Point[] = [];
      for (let k = 0; k < 4; k++)
        points.push({
          x: approx.data32S[k * 2] as number,
          y: approx.data32S[k * 2 + 1] as number,
        });
      const ordered = orderCorners(points);
      const quadArea = polygonArea(ordered);
      // Perspective can stretch the measured aspect; beyond 15 % it is a part of the card, not the card.
      // Edges along the frame itself (vignetting, a crop) are not a card outline.
      const margin = Math.max(3, Math.min(binary.cols, binary.rows) * 0.01);
      const onFrame = ordered.filter(
        (p) =>
          p.x < margin || p.y < margin || p.x > binary.cols - margin || p.y > binary.rows - margin,
      ).length;
      if (onFrame >= 2 || snapAspect(quadAspect(ordered), 0.15).format === null) continue;
      // A card's outline is a quadrilateral: its hull and the fitted quad coincide; an outline
      // that runs into the table's texture bulges out of the quad and loses.
      const rectangularity = Math.min(hullArea, quadArea) / Math.max(hullArea, quadArea);
      const score = rectangularity ** 4 * Math.sqrt(quadArea / frameArea);
      if (rectangularity >= (measure === 'hull' ? 0.95 : 0.85) && (!best || score > best.score))
        best = { score, quad: ordered.map((p) => ({ x: p.x / scale, y: p.y / scale })) };
      break;
    }
  }
  return best;
}

interface ScoredQuad {
  score: number;
  quad: Point[];
}

function highestScore(quads: readonly ScoredQuad[]): ScoredQuad {
  return quads.reduce((best, quad) => (quad.score > best.score ? quad : best));
}

function findQuad(cv: Cv, image: RgbImage, scale: number): Point[] | null {
  return withMats((track) => {
    const rgb = track(new cv.Mat(image.height, image.width, cv.CV_8UC3));
    rgb.data.set(image.data);
    const small = track(new cv.Mat());
    cv.resize(
      rgb,
      small,
      new cv.Size(Math.round(image.width * scale), Math.round(image.height * scale)),
      0,
      0,
      cv.INTER_AREA,
    );
    // Edges of luminance and of saturation: a dark-blue header on a dark-grey table differs in colour only.
    const gray = track(new cv.Mat());
    cv.cvtColor(small, gray, cv.COLOR_RGB2GRAY);
    cv.GaussianBlur(gray, gray, new cv.Size(5, 5), 0);
    const hsv = track(new cv.Mat());
    cv.cvtColor(small, hsv, cv.COLOR_RGB2HSV);
    const channels = track(new cv.MatVector());
    cv.split(hsv, channels);
    const saturation = track(channels.get(1));
    cv.GaussianBlur(saturation, saturation, new cv.Size(5, 5), 0);
    const closed = track(new cv.Mat());
    const kernel = track(cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(5, 5)));
    const wideKernel = track(cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(15, 15)));
    const thresholds = [
      [30, 90],
      [10, 40],
      [60, 160],
    ] as const;
    const found: ScoredQuad[] = [];
    const consider = (quad: ScoredQuad | null): void => {
      if (quad) found.push(quad);
    };
    // Each threshold's luminance edges and luminance-or-saturation edges, kept for the second pass.
    const edgeImages = thresholds.map(([low, high]) => {
      const edges = track(new cv.Mat());
      const saturationEdges = track(new cv.Mat());
      const combined = track(new cv.Mat());
      cv.Canny(gray, edges, low, high);
      cv.Canny(saturation, saturationEdges, low, high);
      cv.bitwise_or(edges, saturationEdges, combined);
      cv.morphologyEx(combined, closed, cv.MORPH_CLOSE, kernel);
      consider(bestQuadOf(cv, track, closed, scale));
      return { edges, combined };
    });
    if (found.length > 0) return highestScore(found).quad;
    // No closed outline: look harder at the same edges. Luminance edges alone (on a textured,
    // coloured table the saturation edges cover the frame and hide the card in one blob), a wider
    // closing (a coloured header whose top edge barely differs from the table leaves the outline in
    // pieces), and outlines measured by their hulls.
    for (const { edges, combined } of edgeImages)
      for (const source of [combined, edges])
        for (const closing of [kernel, wideKernel]) {
          cv.morphologyEx(source, closed, cv.MORPH_CLOSE, closing);
          consider(bestQuadOf(cv, track, closed, scale, 'hull'));
        }
    // No clean edge (the noise of a photographed screen, a dim room, a busy table): the card is
    // a region brighter or darker than what surrounds it. Separate the two by Otsu's threshold on
    // a strongly smoothed image, in both polarities.
    const smooth = track(new cv.Mat());
    cv.medianBlur(gray, smooth, 7);
    cv.GaussianBlur(smooth, smooth, new cv.Size(9, 9), 0);
    const mask = track(new cv.Mat());
    const open = track(cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(9, 9)));
    for (const polarity of [cv.THRESH_BINARY, cv.THRESH_BINARY_INV]) {
      cv.threshold(smooth, mask, 0, 255, polarity + cv.THRESH_OTSU);
      // Fill the card's own dark print, cut thin bridges to the background.
      cv.morphologyEx(mask, mask, cv.MORPH_CLOSE, open);
      cv.morphologyEx(mask, mask, cv.MORPH_OPEN, open);
      consider(bestQuadOf(cv, track, mask, scale));
    }
    return found.length > 0 ? highestScore(found).quad : null;
  });
}

/**
 * Finds the outline of a document (the largest convex quadrilateral of plausible aspect) in a photo.
 * Without an outline (a tight crop or a flat scan) the whole frame is the document.
 */
export async function locateDocument(image: RgbImage): Promise<DocumentRegion> {
  const { cv } = await loadOpenCv();
  const scale = Math.min(1, DETECT_SIDE / Math.max(image.width, image.height));
  const quad = findQuad(cv, image, scale);
  // A flat scan or a tight crop has the document's own aspect: a small inner rectangle (a photo, a
  // zone of the card) is then not the document.
  const frameIsDocument = snapAspect(image.width / image.height, 0.03).format !== null;
  const small = quad !== null && polygonArea(quad) < image.width * image.height * 0.5;
  if (quad && !(frameIsDocument && small))
    return { quad, outlineFound: true, aspect: quadAspect(quad) };
  const frame = rectangleCorners(image.width, image.height);
  return { quad: frame, outlineFound: false, aspect: image.width / image.height };
}

/** Warps the quad of `image` to a flat `width`-pixel-wide rectangle of the given aspect. */
export function rectify(
  image: RgbImage,
  quad: Point[],
  width: number,
  aspect: number,
): Promise<RgbImage> {
  const height = Math.round(width / aspect);
  return warpQuad(image, quad, rectangleCorners(width, height), { width, height });
}

/** The known aspect nearest to a measured one, when within `tolerance` (10 %); otherwise the measured aspect. */
export function snapAspect(
  measured: number,
  tolerance = 0.1,
): { aspect: number; format: keyof typeof DOCUMENT_ASPECTS | null } {
  let best: keyof typeof DOCUMENT_ASPECTS | null = null;
  let bestError = tolerance;
  for (const [format, aspect] of Object.entries(DOCUMENT_ASPECTS) as [
    keyof typeof DOCUMENT_ASPECTS,
    number,
  ][]) {
    const error = Math.abs(measured - aspect) / aspect;
    if (error < bestError) {
      bestError = error;
      best = format;
    }
  }
  return { aspect: best ? DOCUMENT_ASPECTS[best] : measured, format: best };
}
