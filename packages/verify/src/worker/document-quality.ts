/**
 * Scores a document frame: sharpness (variance of the Laplacian), brightness, glare inside the
 * document, and where the document is (quadrilateral and fill). Pure functions over pixels so they
 * are unit-tested without a Worker; `analyzeDocumentFrame` in `worker.ts` only reads the pixels.
 */
import { detectDocumentQuad, quadArea } from './document-quad.js';
import { halve, toGray, type GrayImage } from './pixels.js';
import {
  defaultDocumentQualityOptions,
  DocumentIssue,
  type DocumentFrameAnalysis,
  type DocumentQualityOptions,
  type Quad,
} from './types.js';

/** Width at which a frame is analysed; the quad is found at half of it. */
export const documentAnalysisWidth = 320;

/** Pixel rectangle `[x0, y0, x1, y1)` of a region of interest. */
type Region = [number, number, number, number];

/** The bounding box of a quad (or the central 60% of the frame), inset by 4%, in pixels. */
function regionOf(quad: Quad | null, width: number, height: number): Region {
  if (!quad) {
    return [
      Math.round(width * 0.2),
      Math.round(height * 0.2),
      Math.round(width * 0.8),
      Math.round(height * 0.8),
    ];
  }
  const xs = quad.map((p) => p.x);
  const ys = quad.map((p) => p.y);
  const [minX, maxX, minY, maxY] = [
    Math.min(...xs),
    Math.max(...xs),
    Math.min(...ys),
    Math.max(...ys),
  ];
  const insetX = (maxX - minX) * 0.04;
  const insetY = (maxY - minY) * 0.04;
  return [
    Math.max(1, Math.round((minX + insetX) * width)),
    Math.max(1, Math.round((minY + insetY) * height)),
    Math.min(width - 1, Math.round((maxX - insetX) * width)),
    Math.min(height - 1, Math.round((maxY - insetY) * height)),
  ];
}

/** Variance of the 4-neighbour Laplacian over a region: the classic focus measure. */
export function laplacianVariance(image: GrayImage, region: Region): number {
  const { data, width } = image;
  const [x0, y0, x1, y1] = region;
  let sum = 0;
  let sumSquares = 0;
  let count = 0;
  for (let y = Math.max(1, y0); y < Math.min(image.height - 1, y1); y += 1) {
    const row = y * width;
    for (let x = Math.max(1, x0); x < Math.min(width - 1, x1); x += 1) {
      const i = row + x;
      const value =
        4 * data[i]! - data[i - 1]! - data[i + 1]! - data[i - width]! - data[i + width]!;
      sum += value;
      sumSquares += value * value;
      count += 1;
    }
  }
  if (count === 0) return 0;
  const mean = sum / count;
  return sumSquares / count - mean * mean;
}

/**
 * Mean luma (0–1) and glare share of a region. Glare counts 4×4 blocks whose pixels are almost all
 * saturated: a bright white card is not glare, a blown-out reflection is.
 */
export function brightnessAndGlare(
  image: GrayImage,
  region: Region,
): { brightness: number; glare: number } {
  const { data, width } = image;
  const [x0, y0, x1, y1] = region;
  let sum = 0;
  let count = 0;
  let blocks = 0;
  let glareBlocks = 0;
  for (let by = y0; by + 4 <= y1; by += 4) {
    for (let bx = x0; bx + 4 <= x1; bx += 4) {
      let saturated = 0;
      for (let y = by; y < by + 4; y += 1) {
        const row = y * width;
        for (let x = bx; x < bx + 4; x += 1) {
          const v = data[row + x]!;
          sum += v;
          if (v >= 250) saturated += 1;
        }
      }
      count += 16;
      blocks += 1;
      if (saturated >= 14) glareBlocks += 1;
    }
  }
  if (count === 0) return { brightness: 0, glare: 0 };
  return { brightness: sum / count / 255, glare: glareBlocks / blocks };
}

const clamp01 = (v: number): number => Math.min(1, Math.max(0, v));

/**
 * Scores RGBA pixels of a frame already scaled to `documentAnalysisWidth`.
 *
 * @example
 * const analysis = scoreDocumentPixels(ctx.getImageData(0, 0, 320, 240));
 * if (analysis.ok) keepFrame();
 */
export function scoreDocumentPixels(
  pixels: { data: Uint8ClampedArray; width: number; height: number },
  options: DocumentQualityOptions = defaultDocumentQualityOptions,
): DocumentFrameAnalysis {
  const gray = toGray(pixels.data, pixels.width, pixels.height);
  const documentQuad = detectDocumentQuad(halve(gray));
  const region = regionOf(documentQuad, gray.width, gray.height);
  const blur = laplacianVariance(gray, region);
  const { brightness, glare } = brightnessAndGlare(gray, region);
  const fill = documentQuad ? Math.abs(quadArea(documentQuad)) : 0;

  const issues: DocumentIssue[] = [];
  if (!documentQuad) issues.push(DocumentIssue.noDocument);
  else if (fill < options.minFill) issues.push(DocumentIssue.tooFar);
  else if (fill > options.maxFill) issues.push(DocumentIssue.tooClose);
  if (brightness < options.minBrightness) issues.push(DocumentIssue.tooDark);
  else if (brightness > options.maxBrightness) issues.push(DocumentIssue.tooBright);
  if (glare > options.maxGlare) issues.push(DocumentIssue.glare);
  if (blur < options.minSharpness) issues.push(DocumentIssue.blurry);

  const sharpnessScore = clamp01(blur / (2 * options.minSharpness));
  const lightScore = clamp01(
    Math.min(brightness / options.minBrightness, (1 - brightness) / (1 - options.maxBrightness)),
  );
  const glareScore = clamp01(1 - glare / (3 * options.maxGlare));
  const fillScore = documentQuad ? clamp01(fill / options.minFill) : 0;
  const score = Math.round(sharpnessScore * lightScore * glareScore * fillScore * 1000) / 1000;
  return {
    blur: Math.round(blur * 10) / 10,
    brightness: Math.round(brightness * 1000) / 1000,
    glare: Math.round(glare * 1000) / 1000,
    documentQuad,
    fill: Math.round(fill * 1000) / 1000,
    score,
    ok: issues.length === 0,
    issues,
  };
}
