/**
 * Scores a document frame: sharpness (variance of the Laplacian), brightness, glare inside the
 * document, and where the document is (quadrilateral and fill). Pure functions over pixels so they
 * are unit-tested without a Worker; `analyzeDocumentFrame` in `worker.ts` only reads the pixels.
 */
import { detectDocumentQuad, quadArea } from './document-quad.js';
import { halfChroma, halve, toGray, type GrayImage } from '../../../../worker/pixels.js';
import {
  defaultDocumentQualityOptions,
  DocumentIssue,
  type DocumentFrameAnalysis,
  type DocumentQualityOptions,
  type Quad,
} from '../../../../worker/types.js';

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

/** Side of the square blocks the glare measure works on (pixels at analysis scale). */
const block = 4;
/** How much brighter than the document's paper a block must be to be a highlight (luma levels). */
const highlightMargin = 6;
/** Largest colour spread (max − min of the block's mean R, G, B) of a highlight. */
const maxHighlightChroma = 24;

/**
 * Mean luma (0–1) and glare share of a region.
 *
 * Glare is a specular highlight: a 4×4 block counts when it is saturated (14 of its 16 pixels at
 * least 250, or 2·`highlightMargin` above the paper when the paper is darker), near-colourless,
 * and brighter than the document's paper (the upper-quartile block) on average; and when it belongs to a
 * highlight of at least 3×3 blocks (a morphological opening), as a reflection does, not to the
 * thin white margin of a printed barcode. A uniformly white card under even light is its own
 * paper: no glare.
 */
export function brightnessAndGlare(
  image: GrayImage,
  rgba: Uint8ClampedArray,
  region: Region,
): { brightness: number; glare: number } {
  const { data, width } = image;
  const [x0, y0, x1, y1] = region;
  const columns = Math.max(0, Math.floor((x1 - x0) / block));
  const rows = Math.max(0, Math.floor((y1 - y0) / block));
  const blocks = columns * rows;
  if (blocks === 0) return { brightness: 0, glare: 0 };
  const means = new Float32Array(blocks);
  const chroma = new Float32Array(blocks);
  const saturated = new Uint8Array(blocks);
  let sum = 0;
  for (let by = 0; by < rows; by += 1) {
    for (let bx = 0; bx < columns; bx += 1) {
      let blockSum = 0;
      let [r, g, b] = [0, 0, 0];
      for (let y = y0 + by * block; y < y0 + (by + 1) * block; y += 1) {
        for (let x = x0 + bx * block; x < x0 + (bx + 1) * block; x += 1) {
          const i = y * width + x;
          blockSum += data[i]!;
          r += rgba[4 * i]!;
          g += rgba[4 * i + 1]!;
          b += rgba[4 * i + 2]!;
        }
      }
      const k = by * columns + bx;
      means[k] = blockSum / (block * block);
      chroma[k] = (Math.max(r, g, b) - Math.min(r, g, b)) / (block * block);
      sum += blockSum;
    }
  }
  // The paper: the upper quartile of the blocks (print and photo cover much of a card; a
  // reflection covering more than a quarter of it would not be told from the paper).
  const paper = [...means].sort((a, b) => a - b)[Math.floor(blocks * 0.75)]!;
  const bright = Math.min(250, paper + 2 * highlightMargin);
  // Count, per block, the pixels at least `bright` (a second pass: the paper level is known now).
  for (let k = 0; k < blocks; k += 1) {
    if (means[k]! < paper + highlightMargin || chroma[k]! > maxHighlightChroma) continue;
    const bx = k % columns;
    const by = (k - bx) / columns;
    let count = 0;
    for (let y = y0 + by * block; y < y0 + (by + 1) * block; y += 1) {
      for (let x = x0 + bx * block; x < x0 + (bx + 1) * block; x += 1) {
        if (data[y * width + x]! >= bright) count += 1;
      }
    }
    if (count >= 14) saturated[k] = 1;
  }
  // Opening: keep the blocks of a 3×3 all-saturated window.
  const highlight = new Uint8Array(blocks);
  for (let by = 1; by < rows - 1; by += 1) {
    for (let bx = 1; bx < columns - 1; bx += 1) {
      let all = true;
      for (let dy = -1; dy <= 1 && all; dy += 1) {
        for (let dx = -1; dx <= 1; dx += 1) {
          if (!saturated[(by + dy) * columns + bx + dx]) {
            all = false;
            break;
          }
        }
      }
      if (!all) continue;
      for (let dy = -1; dy <= 1; dy += 1) {
        for (let dx = -1; dx <= 1; dx += 1) highlight[(by + dy) * columns + bx + dx] = 1;
      }
    }
  }
  let glareBlocks = 0;
  for (const h of highlight) glareBlocks += h;
  return { brightness: sum / (blocks * block * block) / 255, glare: glareBlocks / blocks };
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
  const documentQuad = detectDocumentQuad([
    halve(gray),
    ...halfChroma(pixels.data, pixels.width, pixels.height),
  ]);
  const region = regionOf(documentQuad, gray.width, gray.height);
  const blur = laplacianVariance(gray, region);
  const { brightness, glare } = brightnessAndGlare(gray, pixels.data, region);
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
