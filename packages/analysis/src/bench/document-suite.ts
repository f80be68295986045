/**
 * The benchmark's document suite (original generator): ID cards, passports and residence permits
 * through every degradation preset, front and back read, and what was right tallied.
 */
import type { AnalysisEngine } from '../types.js';
import { DEGRADATION_PRESETS, type DegradationPreset } from '../testing/degrade.js';
import { generateIdentity, type DocumentKind } from '../testing/identity.js';
import { renderDocument, type DocumentTruth } from '../testing/render-document.js';
import type { Point } from '../types.js';
import type { CallTimes } from './measure.js';

/** The document kinds the suites cycle through. */
export const BENCH_KINDS: DocumentKind[] = ['id-card', 'passport', 'residence-permit'];

/** What the document suite counted; `failures` names each miss. */
export interface DocumentTally {
  mrzCorrect: number;
  mrzTotal: number;
  barcodeHits: number;
  barcodeTotal: number;
  rotatedHits: number;
  rotatedTotal: number;
  detected: number;
  detectTotal: number;
  frontCorrect: number;
  failures: string[];
}

function quadFound(found: Point[] | null, truth: DocumentTruth): boolean {
  if (!found) return false;
  const error = Math.max(
    ...found.map((p, i) =>
      Math.hypot(p.x - (truth.quad[i] as Point).x, p.y - (truth.quad[i] as Point).y),
    ),
  );
  return error <= truth.width * 0.05;
}

/**
 * Reads `count` generated documents (kinds and presets in turn, rendering outside the timed
 * calls): MRZ fully correct, barcodes (all, and on ±8° rotation), outline found, front fields.
 */
export async function runDocumentSuite(
  engine: AnalysisEngine,
  count: number,
  times: { front: CallTimes; back: CallTimes },
): Promise<DocumentTally> {
  const presets = Object.keys(DEGRADATION_PRESETS) as DegradationPreset[];
  const tally: DocumentTally = {
    mrzCorrect: 0,
    mrzTotal: 0,
    barcodeHits: 0,
    barcodeTotal: 0,
    rotatedHits: 0,
    rotatedTotal: 0,
    detected: 0,
    detectTotal: 0,
    frontCorrect: 0,
    failures: [],
  };
  const { failures } = tally;
  for (let i = 0; i < count; i++) {
    const kind = BENCH_KINDS[i % BENCH_KINDS.length] as DocumentKind;
    const preset = presets[
      Math.floor(i / BENCH_KINDS.length) % presets.length
    ] as DegradationPreset;
    const identity = generateIdentity(`bench-${i}`);
    const frontDoc = await renderDocument(identity, { kind, side: 'front', degrade: preset });
    const backDoc = await renderDocument(identity, { kind, side: 'back', degrade: preset });
    const front = await times.front.time(() => engine.analyzeFront(frontDoc.image));
    const back = await times.back.time(() => engine.analyzeBack(backDoc.image, front));
    tally.mrzTotal++;
    if (back.mrz?.valid && back.mrz.raw === backDoc.truth.mrz?.join('\n')) tally.mrzCorrect++;
    else
      failures.push(
        `MRZ ${kind}/${preset}#${i}: ${back.mrz ? (back.mrz.valid ? 'valid but different' : 'invalid') : 'none'}`,
      );
    for (const expected of backDoc.truth.barcodes) {
      const hit = back.barcodes.some(
        (b) => b.format === expected.format && b.raw === expected.text,
      );
      tally.barcodeTotal++;
      if (hit) tally.barcodeHits++;
      else failures.push(`barcode ${expected.format} ${kind}/${preset}#${i}`);
      if (preset === 'rotated8' || preset === 'rotatedMinus8') {
        tally.rotatedTotal++;
        if (hit) tally.rotatedHits++;
      }
    }
    tally.detectTotal += 2;
    if (quadFound(front.documentQuad, frontDoc.truth)) tally.detected++;
    else failures.push(`outline front ${kind}/${preset}#${i}`);
    if (quadFound(back.documentQuad, backDoc.truth)) tally.detected++;
    else failures.push(`outline back ${kind}/${preset}#${i}`);
    if (JSON.stringify(front.fields) === JSON.stringify(frontDoc.truth.fields))
      tally.frontCorrect++;
    else {
      const wrong = Object.keys(frontDoc.truth.fields).filter(
        (key) =>
          front.fields[key as keyof typeof front.fields] !==
          frontDoc.truth.fields[key as keyof typeof front.fields],
      );
      failures.push(`front fields ${kind}/${preset}#${i}: ${wrong.join(', ')}`);
    }
    if ((i + 1) % 30 === 0) console.error(`… ${i + 1}/${count} documents`);
  }
  return tally;
}
