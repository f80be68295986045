import type { Random } from './random.js';

/**
 * Procedural security-print backgrounds for synthetic documents, drawn as SVG: guilloche rosettes
 * (hypotrochoids), wave bundles, fine-line gradients, microprint rows and a faint emblem. Nothing
 * is copied from a real document; every pattern comes from a seed, so the same seed draws the same
 * card.
 */

/** Colours of one document design. */
export interface Palette {
  /** Hues of the two ends of the background gradient (degrees). */
  hue: number;
  hue2: number;
  /** Saturation and lightness of the paper (percent). */
  saturation: number;
  lightness: number;
  /** Ink of the security lines. */
  line: string;
  /** Ink of the printed labels and values. */
  label: string;
  value: string;
  /** Header / band colour. */
  accent: string;
  /** Text on the accent colour. */
  onAccent: string;
}

/** Which patterns a design uses. */
export interface PatternSet {
  guilloche: number;
  waves: number;
  microprint: boolean;
  emblem: boolean;
  diagonalLines: boolean;
}

function path(points: [number, number][]): string {
  return points
    .map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${x.toFixed(1)} ${y.toFixed(1)}`)
    .join(' ');
}

/** A hypotrochoid rosette (the classic guilloche figure) centred on `cx, cy`. */
function rosette(cx: number, cy: number, radius: number, random: Random, ink: string): string {
  const R = radius;
  const r = R * random.range(0.18, 0.42);
  const d = r * random.range(0.6, 1.3);
  const turns = random.int(7, 19);
  const points: [number, number][] = [];
  const steps = 480;
  for (let i = 0; i <= steps; i++) {
    const t = (i / steps) * 2 * Math.PI * turns;
    const x = (R - r) * Math.cos(t) + d * Math.cos(((R - r) / r) * t);
    const y = (R - r) * Math.sin(t) - d * Math.sin(((R - r) / r) * t);
    points.push([cx + x * 0.5, cy + y * 0.5]);
  }
  return `<path d="${path(points)}" fill="none" stroke="${ink}" stroke-width="0.7" opacity="${random.range(0.35, 0.6).toFixed(2)}"/>`;
}

/** A bundle of phase-shifted sine waves across the card. */
function waveBundle(width: number, height: number, random: Random, ink: string): string {
  const y0 = random.range(0.1, 0.9) * height;
  const amplitude = random.range(8, 45);
  const period = random.range(90, 380);
  const count = random.int(6, 14);
  const spread = random.range(2, 6);
  let out = '';
  for (let k = 0; k < count; k++) {
    const points: [number, number][] = [];
    for (let x = 0; x <= width; x += 12)
      points.push([
        x,
        y0 + k * spread + amplitude * Math.sin((x / period) * 2 * Math.PI + k * 0.25),
      ]);
    out += `<path d="${path(points)}" fill="none" stroke="${ink}" stroke-width="0.8" opacity="0.45"/>`;
  }
  return out;
}

function microprint(width: number, height: number, text: string, ink: string): string {
  // One tile of microprint repeated as an SVG pattern (rasterised once, not glyph by glyph).
  const tileWidth = Math.max(60, Math.round(text.length * 3.6 * 3));
  const row = `${text} `.repeat(3);
  return `<defs><pattern id="micro" width="${tileWidth}" height="22" patternUnits="userSpaceOnUse">
      <text x="0" y="8" font-family="DejaVu Sans" font-size="5.5" fill="${ink}" opacity="0.35">${row}</text>
    </pattern></defs><rect width="${width}" height="${height}" fill="url(#micro)"/>`;
}

function emblem(cx: number, cy: number, radius: number, ink: string): string {
  let out = `<g opacity="0.13" fill="none" stroke="${ink}" stroke-width="3">`;
  out += `<circle cx="${cx}" cy="${cy}" r="${radius}"/><circle cx="${cx}" cy="${cy}" r="${radius * 0.72}"/>`;
  const star: [number, number][] = [];
  for (let i = 0; i <= 10; i++) {
    const angle = -Math.PI / 2 + (i * Math.PI) / 5;
    const r = i % 2 === 0 ? radius * 0.6 : radius * 0.25;
    star.push([cx + r * Math.cos(angle), cy + r * Math.sin(angle)]);
  }
  return `${out}<path d="${path(star)}"/></g>`;
}

function diagonalLines(width: number, height: number, ink: string): string {
  let out = `<g stroke="${ink}" stroke-width="0.5" opacity="0.25">`;
  for (let x = -height; x < width; x += 7)
    out += `<line x1="${x}" y1="${height}" x2="${x + height}" y2="0"/>`;
  return `${out}</g>`;
}

/**
 * The background of one card side: a gradient paper, then the design's patterns, all seeded.
 * `id` keeps gradient ids unique inside one SVG.
 */
export function securityBackground(
  width: number,
  height: number,
  palette: Palette,
  patterns: PatternSet,
  random: Random,
  microText: string,
  radius = 28,
): string {
  const { hue, hue2, saturation, lightness } = palette;
  let out = `<defs><linearGradient id="paper" x1="0" y1="0" x2="1" y2="${random.range(0.2, 1).toFixed(2)}">
      <stop offset="0" stop-color="hsl(${hue},${saturation}%,${lightness}%)"/>
      <stop offset="0.55" stop-color="hsl(${(hue + hue2) / 2},${saturation - 5}%,${lightness + 2}%)"/>
      <stop offset="1" stop-color="hsl(${hue2},${saturation}%,${lightness - 5}%)"/>
    </linearGradient></defs>
    <rect width="${width}" height="${height}" rx="${radius}" fill="url(#paper)"/>`;
  if (patterns.diagonalLines) out += diagonalLines(width, height, palette.line);
  if (patterns.microprint) out += microprint(width, height, microText, palette.line);
  for (let i = 0; i < patterns.waves; i++) out += waveBundle(width, height, random, palette.line);
  for (let i = 0; i < patterns.guilloche; i++)
    out += rosette(
      random.range(0.15, 0.85) * width,
      random.range(0.2, 0.8) * height,
      random.range(0.25, 0.55) * height,
      random,
      palette.line,
    );
  if (patterns.emblem)
    out += emblem(width * random.range(0.55, 0.75), height * 0.5, height * 0.3, palette.line);
  return out;
}
