/**
 * Geometry of ink in a grayscale crop: its connected pieces and a robust line through points, for
 * the diacritic-mark measure (`diacritic-marks.ts`).
 */

/** One 8-connected piece of ink: its bounding box and pixel count. */
export interface Component {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
  area: number;
}

/** 8-connected components of `ink` (row-major, `width` × `height`). */
export function components(ink: Uint8Array, width: number, height: number): Component[] {
  const label = new Int32Array(width * height);
  const found: Component[] = [];
  const stack: number[] = [];
  for (let start = 0; start < ink.length; start++) {
    if (ink[start] === 0 || label[start] !== 0) continue;
    const c: Component = { x0: width, x1: -1, y0: height, y1: -1, area: 0 };
    found.push(c);
    label[start] = found.length;
    stack.push(start);
    while (stack.length > 0) {
      const at = stack.pop() as number;
      const x = at % width;
      const y = (at - x) / width;
      c.area++;
      c.x0 = Math.min(c.x0, x);
      c.x1 = Math.max(c.x1, x);
      c.y0 = Math.min(c.y0, y);
      c.y1 = Math.max(c.y1, y);
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          const ny = y + dy;
          if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
          const next = ny * width + nx;
          if (ink[next] !== 0 && label[next] === 0) {
            label[next] = found.length;
            stack.push(next);
          }
        }
    }
  }
  return found;
}

/** Least-squares line through points, after dropping the worst outliers once. */
export function fitLine(
  points: readonly [number, number][],
  tolerance: number,
): (x: number) => number {
  const fit = (pts: readonly [number, number][]): [number, number] => {
    const n = pts.length;
    const mx = pts.reduce((s, p) => s + p[0], 0) / n;
    const my = pts.reduce((s, p) => s + p[1], 0) / n;
    let sxx = 0;
    let sxy = 0;
    for (const [x, y] of pts) {
      sxx += (x - mx) ** 2;
      sxy += (x - mx) * (y - my);
    }
    const slope = n > 1 && sxx > 0 ? sxy / sxx : 0;
    return [slope, my - slope * mx];
  };
  let [slope, intercept] = fit(points);
  const kept = points.filter(([x, y]) => Math.abs(y - (slope * x + intercept)) <= tolerance);
  if (kept.length >= 2 && kept.length < points.length) [slope, intercept] = fit(kept);
  return (x) => slope * x + intercept;
}

/** The median of a non-empty list. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}
