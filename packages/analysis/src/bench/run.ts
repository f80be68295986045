/**
 * Accuracy and speed of the analyses on generated data:
 *
 *   npm run bench -w packages/analysis [-- --documents 210]
 *
 * Documents cycle through ID cards (TD1), passports (TD3) and residence permits (TD2) and through
 * every degradation preset (including ±8° rotation). Reported: MRZ fully correct, barcode read
 * rate (all, and on ±8° rotation), document detection rate, front fields fully correct, face
 * false reject / false accept rates, and median/p95 wall time per call with the machine's load.
 * Rendering is outside the timed calls.
 */
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { createAnalysisEngine } from '../engine.js';
import { DEGRADATION_PRESETS, type DegradationPreset } from '../testing/degrade.js';
import { generateIdentity, type DocumentKind } from '../testing/identity.js';
import { renderDocument, type DocumentTruth } from '../testing/render-document.js';
import { liveCapture, printAttack, screenReplay } from '../testing/spoof-scenes.js';
import type { Point } from '../types.js';
import { facePairs, quantile } from './face-pairs.js';

const { values } = parseArgs({
  options: {
    documents: { type: 'string', default: '210' },
    'face-seed': { type: 'string', default: 'bench' },
    'face-pairs': { type: 'string' },
    'spoof-faces': { type: 'string', default: '22' },
  },
});
const documentCount = Number(values.documents);
const kinds: DocumentKind[] = ['id-card', 'passport', 'residence-permit'];
const presets = Object.keys(DEGRADATION_PRESETS) as DegradationPreset[];

const times: Record<'front' | 'back' | 'face' | 'spoof', number[]> = {
  front: [],
  back: [],
  face: [],
  spoof: [],
};
async function timed<T>(bucket: keyof typeof times, work: () => Promise<T>): Promise<T> {
  const start = performance.now();
  const result = await work();
  times[bucket].push(performance.now() - start);
  return result;
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

function rate(hits: number, total: number): string {
  return total ? `${((hits / total) * 100).toFixed(2)} % (${hits}/${total})` : 'n/a';
}

const loadBefore = loadavg();
const engine = createAnalysisEngine();
const warmStart = performance.now();
await engine.warmUp();
const warmUpMs = performance.now() - warmStart;

let mrzCorrect = 0;
let mrzTotal = 0;
let barcodeHits = 0;
let barcodeTotal = 0;
let rotatedHits = 0;
let rotatedTotal = 0;
let detected = 0;
let detectTotal = 0;
let frontCorrect = 0;
const failures: string[] = [];
for (let i = 0; i < documentCount; i++) {
  const kind = kinds[i % kinds.length] as DocumentKind;
  const preset = presets[Math.floor(i / kinds.length) % presets.length] as DegradationPreset;
  const identity = generateIdentity(`bench-${i}`);
  const frontDoc = await renderDocument(identity, { kind, side: 'front', degrade: preset });
  const backDoc = await renderDocument(identity, { kind, side: 'back', degrade: preset });
  const front = await timed('front', () => engine.analyzeFront(frontDoc.image));
  const back = await timed('back', () => engine.analyzeBack(backDoc.image, front));
  mrzTotal++;
  if (back.mrz?.valid && back.mrz.raw === backDoc.truth.mrz?.join('\n')) mrzCorrect++;
  else
    failures.push(
      `MRZ ${kind}/${preset}#${i}: ${back.mrz ? (back.mrz.valid ? 'valid but different' : 'invalid') : 'none'}`,
    );
  for (const expected of backDoc.truth.barcodes) {
    const hit = back.barcodes.some((b) => b.format === expected.format && b.raw === expected.text);
    barcodeTotal++;
    if (hit) barcodeHits++;
    else failures.push(`barcode ${expected.format} ${kind}/${preset}#${i}`);
    if (preset === 'rotated8' || preset === 'rotatedMinus8') {
      rotatedTotal++;
      if (hit) rotatedHits++;
    }
  }
  detectTotal += 2;
  if (quadFound(front.documentQuad, frontDoc.truth)) detected++;
  else failures.push(`outline front ${kind}/${preset}#${i}`);
  if (quadFound(back.documentQuad, backDoc.truth)) detected++;
  else failures.push(`outline back ${kind}/${preset}#${i}`);
  if (JSON.stringify(front.fields) === JSON.stringify(frontDoc.truth.fields)) frontCorrect++;
  if ((i + 1) % 30 === 0) console.error(`… ${i + 1}/${documentCount} documents`);
}

let falseRejects = 0;
let genuineTotal = 0;
let falseAccepts = 0;
let impostorTotal = 0;
let faceUnusable = 0;
const allPairs = await facePairs(values['face-seed'] as string);
// --face-pairs N keeps every k-th pair (a quick look); the default measures all of them.
const step = values['face-pairs']
  ? Math.max(1, Math.floor(allPairs.length / Number(values['face-pairs'])))
  : 1;
for (const pair of allPairs.filter((_, i) => i % step === 0)) {
  const result = await timed('face', () => engine.compareFaces([pair.a, pair.b]));
  const score = result.biometric['0']?.['1'] ?? 0;
  if (result.faces.some((f) => f.reason !== null)) faceUnusable++;
  if (pair.genuine) {
    genuineTotal++;
    if (score < 70) falseRejects++;
  } else {
    impostorTotal++;
    if (score >= 70) falseAccepts++;
  }
}

const spoofOutcome = { live: [0, 0], print: [0, 0], screen: [0, 0] } as Record<
  string,
  [number, number]
>;
for (let index = 0; index < Number(values['spoof-faces']); index++) {
  for (const [name, make] of [
    ['live', liveCapture],
    ['print', printAttack],
    ['screen', screenReplay],
  ] as const) {
    const result = await timed('spoof', async () =>
      engine.detectSpoof([await make(index, 'bench')]),
    );
    const outcome = spoofOutcome[name] as [number, number];
    outcome[1]++;
    if (result.spoofing === (name !== 'live')) outcome[0]++;
  }
}
await engine.close();

const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `median ${quantile(sorted, 0.5).toFixed(0)} ms, p95 ${quantile(sorted, 0.95).toFixed(0)} ms (n=${sorted.length})`;
};
console.log(
  `\n@idv/analysis benchmark: ${documentCount} documents, ${cpus().length} cores, Node ${process.version}`,
);
console.log(
  `load average before ${loadBefore.map((l) => l.toFixed(2)).join(' ')}, after ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
console.log(`model warm-up ${warmUpMs.toFixed(0)} ms`);
console.log('\naccuracy');
console.log(
  `  MRZ fully correct (valid, every character)  ${rate(mrzCorrect, mrzTotal)}   target ≥ 98 %`,
);
console.log(
  `  barcodes read (PDF417 + QR, exact payload) ${rate(barcodeHits, barcodeTotal)}   target ≥ 99 %`,
);
console.log(`    of which on ±8° rotation                 ${rate(rotatedHits, rotatedTotal)}`);
console.log(`  document outline found (corners ≤ 5 %)     ${rate(detected, detectTotal)}`);
console.log(`  front fields all correct                   ${rate(frontCorrect, documentCount)}`);
console.log(`  face false rejects (genuine < 70)          ${rate(falseRejects, genuineTotal)}`);
console.log(`  face false accepts (impostor ≥ 70)         ${rate(falseAccepts, impostorTotal)}`);
console.log(`  face pairs with an unusable image          ${faceUnusable}`);
console.log(
  `  anti-spoofing: live passed ${rate(...(spoofOutcome['live'] as [number, number]))}, print flagged ${rate(...(spoofOutcome['print'] as [number, number]))}, screen flagged ${rate(...(spoofOutcome['screen'] as [number, number]))}`,
);
console.log('\ntime per call');
console.log(`  front          ${summary(times.front)}   target ≤ 1000 ms`);
console.log(`  back           ${summary(times.back)}   target ≤ 500 ms`);
console.log(`  face compare   ${summary(times.face)}   target ≤ 300 ms`);
console.log(`  anti-spoofing  ${summary(times.spoof)}`);
if (failures.length)
  console.log(`\nfailures (${failures.length}):\n  ${failures.slice(0, 60).join('\n  ')}`);
process.exit(0);
