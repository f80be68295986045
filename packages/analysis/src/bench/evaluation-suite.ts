/**
 * The document reader's evaluation run (`--only evaluation`): held-out and tuned samples
 * interleaved (the order in which `bench:render` fills the cache), so that a shortened run keeps
 * both groups in proportion; a run can take one shard of them and append its outcomes to a file.
 */
import { appendFile } from 'node:fs/promises';
import type { AnalysisEngine } from '../types.js';
import {
  developmentSample,
  evaluationOrder,
  evaluationSample,
  type DevelopmentVariant,
  type EvaluationSample,
  type FamilyGroup,
} from '../testing/evaluation-set.js';
import { MRZ_FONTS, MRZ_ZONES, type MrzFont, type MrzZone } from '../testing/families.js';
import { cachedSide } from './evaluation-cache.js';
import { loadAverage } from './measure.js';
import { evaluateSample, type SideOutcome } from './reader-evaluation.js';

/** Which samples an evaluation run reads. */
export interface EvaluationRun {
  /** Samples of each group. */
  counts: Record<FamilyGroup, number>;
  /** First sample index of each group. */
  from: Record<FamilyGroup, number>;
  /** This run's shard of the samples, and how many shards there are. */
  shard: number;
  shards: number;
  /** A file each outcome is appended to as a JSON line (`--outcomes`). */
  outcomesFile?: string | undefined;
  /**
   * Read the tuned samples as development variants (`--tuned-mrz-zone`, `--tuned-mrz-font`); the
   * held-out samples are never varied.
   */
  tunedVariant?: DevelopmentVariant | undefined;
}

/** The sample a run reads at `index` of `group`: a development variant of a tuned one if asked. */
export function runSample(
  group: FamilyGroup,
  index: number,
  tunedVariant: DevelopmentVariant | undefined,
): EvaluationSample {
  return group === 'tuned' && tunedVariant
    ? developmentSample(index, tunedVariant)
    : evaluationSample(group, index);
}

/** The development variant that `--tuned-mrz-zone` and `--tuned-mrz-font` ask for, if any. */
export function tunedVariantOf(
  zone: string | undefined,
  font: string | undefined,
): DevelopmentVariant | undefined {
  if (zone === undefined) {
    if (font !== undefined) throw new Error('--tuned-mrz-font needs --tuned-mrz-zone');
    return undefined;
  }
  if (!(MRZ_ZONES as readonly string[]).includes(zone))
    throw new Error(`--tuned-mrz-zone takes ${MRZ_ZONES.join(', ')}; got ${zone}`);
  const fonts = MRZ_FONTS.map(([name]) => name as string);
  if (font !== undefined && !fonts.includes(font))
    throw new Error(`--tuned-mrz-font takes ${fonts.join(', ')}; got ${font}`);
  return { mrzZone: zone as MrzZone, mrzFont: font as MrzFont | undefined };
}

/** Reads the run's samples; answers the outcomes per group. */
export async function runEvaluation(
  engine: AnalysisEngine,
  run: EvaluationRun,
): Promise<Record<FamilyGroup, SideOutcome[]>> {
  const evaluation: Record<FamilyGroup, SideOutcome[]> = { tuned: [], 'held-out': [] };
  const today = new Date().toISOString().slice(0, 10);
  let position = 0;
  for (const [group, index] of evaluationOrder(run.counts, run.from)) {
    if (position++ % run.shards !== run.shard) continue;
    const sample = runSample(group, index, run.tunedVariant);
    const sides = {
      mrz: await cachedSide(sample, 'mrz'),
      front: sample.front ? await cachedSide(sample, 'front') : null,
    };
    const outcome = await evaluateSample(engine, sample, sides, today);
    evaluation[group].push(outcome);
    if (run.outcomesFile) await appendFile(run.outcomesFile, `${JSON.stringify(outcome)}\n`);
    const done = evaluation.tuned.length + evaluation['held-out'].length;
    if (done % 25 === 0)
      console.error(
        `… ${done}/${run.counts.tuned + run.counts['held-out']} evaluation samples, load ${loadAverage()}`,
      );
  }
  return evaluation;
}
