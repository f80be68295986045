import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  renderEvaluationSide,
  type EvaluationSample,
  EVALUATION_SET_VERSION,
} from '../testing/evaluation-set.js';
import type { RenderedDocument } from '../testing/render-document.js';

/**
 * Rendered evaluation photos on disk. A 12 MP phone photo takes seconds to render (SVG at full
 * density, perspective warp, optics, noise), far longer than reading it, so the bench renders each
 * side once and reuses it; the directory is keyed by {@link EVALUATION_SET_VERSION}, which changes
 * whenever the generator's output does. Rendering is never inside a timed call.
 */
export const DEFAULT_CACHE_DIR = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  '.cache',
  'document-evaluation',
);

/** The rendered side of `sample`, from the cache or rendered (and stored) now. */
export async function cachedSide(
  sample: EvaluationSample,
  which: 'mrz' | 'front',
  cacheDir = DEFAULT_CACHE_DIR,
): Promise<RenderedDocument> {
  // A development variant is another document: its own file, named by the zone and face.
  const variant = sample.mrzZone ? `-mrz-${sample.mrzZone}-${sample.mrzFont}` : '';
  const base = join(
    cacheDir,
    EVALUATION_SET_VERSION,
    `${sample.id.replace(':', '-')}${variant}-${which}`,
  );
  try {
    const [image, truth] = await Promise.all([
      readFile(`${base}.jpg`),
      readFile(`${base}.json`, 'utf8'),
    ]);
    return { image, truth: JSON.parse(truth) as RenderedDocument['truth'] };
  } catch {
    const rendered = await renderEvaluationSide(sample, which);
    await mkdir(dirname(base), { recursive: true });
    // Write then rename: a bench stopped half-way never leaves a torn file behind.
    await writeFile(`${base}.jpg.tmp`, rendered.image);
    await writeFile(`${base}.json.tmp`, JSON.stringify(rendered.truth));
    await rename(`${base}.jpg.tmp`, `${base}.jpg`);
    await rename(`${base}.json.tmp`, `${base}.json`);
    return rendered;
  }
}
