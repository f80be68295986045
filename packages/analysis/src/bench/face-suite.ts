/** The benchmark's face suite: genuine and impostor pairs compared, false rejects and accepts. */
import type { AnalysisEngine } from '../types.js';
import { facePairs } from './face-pairs.js';
import type { CallTimes } from './measure.js';

/** What the face suite counted (a pair scores a match at 70). */
export interface FaceTally {
  /** Pairs the suite had (before `--face-pairs` thinned them). */
  pairs: number;
  falseRejects: number;
  genuineTotal: number;
  falseAccepts: number;
  impostorTotal: number;
  /** Pairs with an image in which no usable face was found. */
  unusable: number;
}

/**
 * Compares the face pairs of `seed`; `sample` N keeps every k-th pair (a quick look), undefined
 * measures all of them.
 */
export async function runFaceSuite(
  engine: AnalysisEngine,
  seed: string,
  sample: number | undefined,
  time: CallTimes,
): Promise<FaceTally> {
  const allPairs = await facePairs(seed);
  const step = sample ? Math.max(1, Math.floor(allPairs.length / sample)) : 1;
  const tally: FaceTally = {
    pairs: allPairs.length,
    falseRejects: 0,
    genuineTotal: 0,
    falseAccepts: 0,
    impostorTotal: 0,
    unusable: 0,
  };
  for (const pair of allPairs.filter((_, i) => i % step === 0)) {
    const result = await time.time(() => engine.compareFaces([pair.a, pair.b]));
    const score = result.biometric['0']?.['1'] ?? 0;
    if (result.faces.some((f) => f.reason !== null)) tally.unusable++;
    if (pair.genuine) {
      tally.genuineTotal++;
      if (score < 70) tally.falseRejects++;
    } else {
      tally.impostorTotal++;
      if (score >= 70) tally.falseAccepts++;
    }
  }
  return tally;
}
