/**
 * The document reader's evaluation: reads the MRZ side (card back, passport data page) of every
 * sample of the evaluation set (`testing/evaluation-set.ts`), with the card front first for the
 * cross-check, exactly as the verification server chains the calls, and scores each side:
 *
 * - MRZ fields fully correct: the MRZ passed its check digits and every character of it is what
 *   the document prints (so every MRZ field, check digit and filler is right).
 * - accepted: the card front passes the server's `judgeFront` ({@link acceptsCardFront}) and the
 *   side passes the server's judgement (`judgeBack` of
 *   `packages/server/src/services/pipeline/capture-decisions.ts`, mirrored in {@link accepts}):
 *   a valid MRZ (or, without MRZ, a barcode), consistent with the front, not expired. A passport
 *   page is the passport flow's only capture: `judgeFront` and `judgePassportPage`
 *   ({@link acceptsPage}) on the front answer (an MRZ read, valid, consistent with the printed
 *   data, not expired).
 * - accepted but wrong: accepted, and a field of the data the server would store (the server's
 *   `documentData`: MRZ fields when the MRZ is valid, completed from the front) is not the
 *   person's: a different document number, date, sex or nationality, or a name that is neither the
 *   visual-zone name nor its ICAO transliteration (a truncated MRZ name stored as the name is wrong).
 * - refused: not accepted (the person is asked again), with the reason.
 */
import type { AnalysisEngine, BackAnalysis, FrontAnalysis } from '../types.js';
import type { EvaluationSample } from '../testing/evaluation-set.js';
import type { RenderedDocument } from '../testing/render-document.js';
import { accepts, acceptsCardFront, acceptsPage } from './mirrored-judgements.js';
import { mrzFieldErrors, wrongDataFields } from './side-scoring.js';

/** What happened to one MRZ side. */
export interface SideOutcome {
  sample: EvaluationSample;
  mrzCorrect: boolean;
  accepted: boolean;
  /** Fields of the stored data that are not the person's (accepted sides only). */
  wrongData: string[];
  /** MRZ fields read differently from the print, with the confusions (`documentNumber: X→K`). */
  mrzErrors: string[];
  /** Refusal code when refused. */
  refusal: string | null;
  /**
   * Wall and CPU milliseconds (all threads) of the MRZ side: the back of a card, or the whole page
   * of a passport (its front and back analyses together); and of the card front.
   */
  mrzSide: { wall: number; cpu: number };
  front: { wall: number; cpu: number } | null;
}

async function timed<T>(work: () => Promise<T>): Promise<[T, { wall: number; cpu: number }]> {
  const wallStart = performance.now();
  const cpuStart = process.cpuUsage();
  const result = await work();
  const cpu = process.cpuUsage(cpuStart);
  return [result, { wall: performance.now() - wallStart, cpu: (cpu.user + cpu.system) / 1000 }];
}

/** A passport page's front answer seen as the MRZ side it also is (its MRZ, fields and cross-check). */
function pageAsBack(front: FrontAnalysis): BackAnalysis {
  const page = front as FrontAnalysis & {
    mrz?: BackAnalysis['mrz'];
    crossCheck?: BackAnalysis['crossCheck'];
  };
  return {
    documentType: front.documentType,
    country: front.country,
    mrz: page.mrz ?? null,
    barcode: null,
    barcodes: [],
    fields: front.fields,
    crossCheck: page.crossCheck ?? { consistent: true, compared: [], mismatches: [] },
    documentQuad: front.documentQuad,
    quality: front.quality,
    ocrRaw: front.ocrRaw,
    confidence: front.confidence,
    reason: page.mrz ? null : 'NO_MRZ',
  };
}

/** Reads one sample as the server would (front, then the MRZ side with the front) and scores it. */
export async function evaluateSample(
  engine: AnalysisEngine,
  sample: EvaluationSample,
  sides: { mrz: RenderedDocument; front: RenderedDocument | null },
  today: string,
): Promise<SideOutcome> {
  const frontImage = sides.front?.image ?? sides.mrz.image;
  const [front, frontTime] = await timed(() => engine.analyzeFront(frontImage));
  // A passport page is the passport flow's only document capture: it is judged on the front
  // answer alone (its MRZ, and the MRZ's cross-check with the printed data), as `judgeFront` does.
  const pageOnly = sample.kind === 'passport';
  const [back, backTime] = pageOnly
    ? [pageAsBack(front), { wall: 0, cpu: 0 }]
    : await timed(() => engine.analyzeBack(sides.mrz.image, front));
  const truth = sides.mrz.truth;
  const format = truth.mrzFormat as 'TD1' | 'TD2' | 'TD3';
  const mrzErrors = mrzFieldErrors(truth.mrz ?? [], format, back.mrz);
  const mrzCorrect = back.mrz?.valid === true && mrzErrors.length === 0;
  const refusal = pageOnly
    ? acceptsPage(front, today)
    : (acceptsCardFront(front) ?? accepts(back, today));
  const accepted = refusal === null;
  return {
    sample,
    mrzCorrect,
    accepted,
    wrongData: accepted ? wrongDataFields(sample, front, back) : [],
    mrzErrors,
    refusal,
    mrzSide:
      sample.kind === 'passport'
        ? { wall: backTime.wall + frontTime.wall, cpu: backTime.cpu + frontTime.cpu }
        : backTime,
    front: sample.kind === 'passport' ? null : frontTime,
  };
}
