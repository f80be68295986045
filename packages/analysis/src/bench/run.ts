/**
 * Accuracy, speed and memory of the analyses on generated data:
 *
 *   npm run bench -w packages/analysis [-- --documents 210 --soak 300 --tuned 150 --held-out 300]
 *   npm run bench -w packages/analysis -- --only evaluation   # the document reader's evaluation alone
 *   … --shard 0/2 --outcomes a.jsonl & … --shard 1/2 --outcomes b.jsonl; … --held-out 0 --tuned 0 --report a.jsonl --report b.jsonl
 *
 * The document reader's evaluation (`--only evaluation`, part of every run) reads the evaluation
 * set of `testing/evaluation-set.ts`: four design families, every OCR-B face, hard identities,
 * phone photos of 2–12 MP and poor scans. It prints the tuned-on families and the held-out family
 * apart (MRZ fields fully correct, accepted but wrong, refused, with 95 % intervals), their
 * breakdowns, the failures, and the time per card side and passport page. See the README.
 *
 * Documents cycle through ID cards (TD1), passports (TD3) and residence permits (TD2) and through
 * every degradation preset (including ±8° rotation). Reported: MRZ fully correct, barcode read
 * rate (all, and on ±8° rotation), document detection rate, front fields fully correct, face
 * false reject / false accept rates, anti-spoofing outcomes (1 and 3 frames); per call the median
 * and p95 of wall time and of CPU time (all threads of the process; steadier than wall time on a
 * shared machine), the load average at start and end, the time per stage, and the memory (RSS,
 * heap, tfjs tensors) after each phase and over a soak of mixed calls. Rendering is outside the
 * timed calls. Run with `--expose-gc` (the npm script does) so memory is measured after a GC.
 */
import { appendFile, readFile } from 'node:fs/promises';
import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import { createAnalysisEngine } from '../engine.js';
import { recordStages } from '../perf/stages.js';
import { DEGRADATION_PRESETS, type DegradationPreset } from '../testing/degrade.js';
import { faceCapture } from '../testing/faces.js';
import { generateIdentity, type DocumentKind } from '../testing/identity.js';
import { renderDocument, type DocumentTruth } from '../testing/render-document.js';
import { liveCapture, printAttack, screenReplay } from '../testing/spoof-scenes.js';
import type { Point } from '../types.js';
import { evaluationOrder, evaluationSample, type FamilyGroup } from '../testing/evaluation-set.js';
import { cachedSide } from './evaluation-cache.js';
import { FAMILY_LEGEND, failureReport, groupReport, timeReport } from './evaluation-report.js';
import { evaluateSample, type SideOutcome } from './reader-evaluation.js';
import { facePairs } from './face-pairs.js';
import { CallTimes, StageTimes, loadAverage, memorySnapshot } from './measure.js';

const { values } = parseArgs({
  options: {
    documents: { type: 'string', default: '210' },
    'face-seed': { type: 'string', default: 'bench' },
    'face-pairs': { type: 'string' },
    'spoof-faces': { type: 'string', default: '22' },
    soak: { type: 'string', default: '300' },
    tuned: { type: 'string', default: '150' },
    'held-out': { type: 'string', default: '300' },
    'held-out-from': { type: 'string', default: '0' },
    'tuned-from': { type: 'string', default: '0' },
    only: { type: 'string' },
    shard: { type: 'string', default: '0/1' },
    outcomes: { type: 'string' },
    report: { type: 'string', multiple: true },
  },
});
const SUITES = ['evaluation', 'documents', 'faces', 'spoof', 'soak'] as const;
const suites = new Set(values.only ? values.only.split(',') : SUITES);
for (const suite of suites)
  if (!(SUITES as readonly string[]).includes(suite))
    throw new Error(`--only takes ${SUITES.join(', ')}; got ${suite}`);
const documentCount = suites.has('documents') ? Number(values.documents) : 0;
const soakCalls = suites.has('soak') ? Number(values.soak) : 0;
const kinds: DocumentKind[] = ['id-card', 'passport', 'residence-permit'];
const presets = Object.keys(DEGRADATION_PRESETS) as DegradationPreset[];

const times = {
  front: new CallTimes(),
  back: new CallTimes(),
  face: new CallTimes(),
  spoof1: new CallTimes(),
  spoof3: new CallTimes(),
};
const stages = new StageTimes();
const memory: string[] = [];

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

const loadBefore = loadAverage();
console.error(`load average at start ${loadBefore}`);
const engine = createAnalysisEngine();
const warmStart = performance.now();
await engine.warmUp();
const warmUpMs = performance.now() - warmStart;
memory.push(await memorySnapshot('after warm-up'));
recordStages(stages.record);

// The document reader's evaluation: held-out and tuned samples interleaved (the order in which
// `bench:render` fills the cache), so that a shortened run keeps both groups in proportion.
const evaluation: Record<FamilyGroup, SideOutcome[]> = { tuned: [], 'held-out': [] };
const evaluationCounts: Record<FamilyGroup, number> = suites.has('evaluation')
  ? { 'held-out': Number(values['held-out']), tuned: Number(values.tuned) }
  : { 'held-out': 0, tuned: 0 };
const evaluationLoad = loadAverage();
{
  const today = new Date().toISOString().slice(0, 10);
  const [shard, shards] = (values.shard as string).split('/').map(Number) as [number, number];
  let position = 0;
  for (const [group, index] of evaluationOrder(evaluationCounts, {
    'held-out': Number(values['held-out-from']),
    tuned: Number(values['tuned-from']),
  })) {
    if (position++ % shards !== shard) continue;
    const sample = evaluationSample(group, index);
    const sides = {
      mrz: await cachedSide(sample, 'mrz'),
      front: sample.front ? await cachedSide(sample, 'front') : null,
    };
    const outcome = await evaluateSample(engine, sample, sides, today);
    evaluation[group].push(outcome);
    if (values.outcomes) await appendFile(values.outcomes, `${JSON.stringify(outcome)}\n`);
    const done = evaluation.tuned.length + evaluation['held-out'].length;
    if (done % 25 === 0)
      console.error(
        `… ${done}/${evaluationCounts.tuned + evaluationCounts['held-out']} evaluation samples, load ${loadAverage()}`,
      );
  }
}
const evaluationLoadEnd = loadAverage();
if (suites.has('evaluation')) memory.push(await memorySnapshot('after evaluation'));

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
  const front = await times.front.time(() => engine.analyzeFront(frontDoc.image));
  const back = await times.back.time(() => engine.analyzeBack(backDoc.image, front));
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
  else {
    const wrong = Object.keys(frontDoc.truth.fields).filter(
      (key) =>
        front.fields[key as keyof typeof front.fields] !==
        frontDoc.truth.fields[key as keyof typeof front.fields],
    );
    failures.push(`front fields ${kind}/${preset}#${i}: ${wrong.join(', ')}`);
  }
  if ((i + 1) % 30 === 0) console.error(`… ${i + 1}/${documentCount} documents`);
}
if (documentCount > 0) memory.push(await memorySnapshot(`after ${documentCount} documents`));

let falseRejects = 0;
let genuineTotal = 0;
let falseAccepts = 0;
let impostorTotal = 0;
let faceUnusable = 0;
const allPairs = suites.has('faces') ? await facePairs(values['face-seed'] as string) : [];
// --face-pairs N keeps every k-th pair (a quick look); the default measures all of them.
const step = values['face-pairs']
  ? Math.max(1, Math.floor(allPairs.length / Number(values['face-pairs'])))
  : 1;
for (const pair of allPairs.filter((_, i) => i % step === 0)) {
  const result = await times.face.time(() => engine.compareFaces([pair.a, pair.b]));
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

if (allPairs.length) memory.push(await memorySnapshot('after face pairs'));

const scenes = [
  ['live', liveCapture],
  ['print', printAttack],
  ['screen', screenReplay],
] as const;
/** Correct outcomes (a live capture passes, an attack is flagged) and calls, per scene and frame count. */
const spoofOutcome = new Map<string, [number, number]>();
const spoofFaces = suites.has('spoof') ? Number(values['spoof-faces']) : 0;
for (let index = 0; index < spoofFaces; index++) {
  for (const [name, make] of scenes) {
    for (const frameCount of [1, 3] as const) {
      const frames: Buffer[] = [];
      for (let f = 0; f < frameCount; f++)
        frames.push(await make(index, frameCount === 1 ? 'bench' : `bench:${f}`));
      const bucket = frameCount === 1 ? times.spoof1 : times.spoof3;
      const result = await bucket.time(() => engine.detectSpoof(frames));
      const key = `${name}/${frameCount}`;
      const outcome = spoofOutcome.get(key) ?? [0, 0];
      outcome[1]++;
      if (result.spoofing === (name !== 'live')) outcome[0]++;
      spoofOutcome.set(key, outcome);
    }
  }
}
if (spoofFaces) memory.push(await memorySnapshot('after anti-spoofing'));

// Soak: mixed calls on a few inputs, memory at the start, the middle and the end.
recordStages(undefined);
const soakDocs =
  soakCalls === 0
    ? []
    : await Promise.all(
        kinds.map(async (kind, i) => {
          const identity = generateIdentity(`soak-${i}`);
          return {
            front: (await renderDocument(identity, { kind, side: 'front', degrade: 'photo' }))
              .image,
            back: (await renderDocument(identity, { kind, side: 'back', degrade: 'photo' })).image,
          };
        }),
      );
const soakFaces =
  soakCalls === 0
    ? []
    : [await faceCapture(5, { seed: 'soak:a' }), await faceCapture(5, { seed: 'soak:b' })];
const soakSpoof =
  soakCalls === 0
    ? []
    : [await liveCapture(8, 'soak'), await printAttack(8, 'soak'), await screenReplay(8, 'soak')];
for (let call = 0; call < soakCalls; call++) {
  if (call === 0) memory.push(await memorySnapshot(`soak call 0/${soakCalls}`));
  if (call === Math.floor(soakCalls / 2))
    memory.push(await memorySnapshot(`soak call ${call}/${soakCalls}`));
  const doc = soakDocs[call % soakDocs.length] as { front: Buffer; back: Buffer };
  switch (call % 4) {
    case 0:
      await engine.analyzeFront(doc.front);
      break;
    case 1:
      await engine.analyzeBack(doc.back);
      break;
    case 2:
      await engine.compareFaces(soakFaces);
      break;
    default:
      await engine.detectSpoof(call % 8 === 3 ? soakSpoof : [soakSpoof[call % 3] as Buffer]);
  }
}
if (soakCalls > 0) memory.push(await memorySnapshot(`soak call ${soakCalls}/${soakCalls}`));
await engine.close();

const spoofRate = (name: string, frames: number): string =>
  rate(...(spoofOutcome.get(`${name}/${frames}`) ?? [0, 0]));
console.log(
  `\n@idv/analysis benchmark: ${documentCount} documents, ${cpus().length} cores, Node ${process.version}`,
);
console.log(`load average (1/5/15 min) at start ${loadBefore}, at end ${loadAverage()}`);
console.log(`model warm-up ${warmUpMs.toFixed(0)} ms`);
// `--report FILE…` adds the outcomes other runs wrote with `--outcomes` (shards of one evaluation).
for (const file of values.report ?? [])
  for (const line of (await readFile(file, 'utf8')).split('\n').filter(Boolean)) {
    const outcome = JSON.parse(line) as SideOutcome;
    evaluation[outcome.sample.group].push(outcome);
  }
if (suites.has('evaluation')) {
  const all = [...evaluation.tuned, ...evaluation['held-out']];
  console.log(
    `\ndocument reader evaluation (load average ${evaluationLoad} at its start, ${evaluationLoadEnd} at its end)`,
  );
  console.log(FAMILY_LEGEND);
  for (const line of groupReport('TUNED-ON families', evaluation.tuned)) console.log(line);
  for (const line of groupReport(`HELD-OUT family`, evaluation['held-out'])) console.log(line);
  console.log('\ntime per side (all evaluation samples)');
  for (const line of timeReport(all)) console.log(line);
  console.log('\ntime per side, held-out only');
  for (const line of timeReport(evaluation['held-out'])) console.log(line);
  console.log('\nevaluation failures, held-out');
  for (const line of failureReport(evaluation['held-out'], 60)) console.log(line);
  console.log('\nevaluation failures, tuned-on');
  for (const line of failureReport(evaluation.tuned, 40)) console.log(line);
}
if (documentCount > 0 || allPairs.length > 0 || spoofFaces > 0) {
  console.log('\naccuracy (original generator)');
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
  for (const frames of [1, 3])
    console.log(
      `  anti-spoofing, ${frames} frame${frames > 1 ? 's' : ' '}: live passed ${spoofRate('live', frames)}, print flagged ${spoofRate('print', frames)}, screen flagged ${spoofRate('screen', frames)}`,
    );
  console.log('\ntime per call (wall, and CPU time of all the process threads)');
  console.log(`  front                    ${times.front.summary()}   target ≤ 1000 ms`);
  console.log(`  back                     ${times.back.summary()}   target ≤ 500 ms`);
  console.log(`  face compare (2 images)  ${times.face.summary()}   target ≤ 300 ms`);
  console.log(`  anti-spoofing, 1 frame   ${times.spoof1.summary()}`);
  console.log(`  anti-spoofing, 3 frames  ${times.spoof3.summary()}`);
}
console.log('\ntime per stage');
for (const line of stages.lines()) console.log(`  ${line}`);
console.log(`\nmemory${(globalThis as { gc?: unknown }).gc ? ' (after a full GC)' : ''}`);
for (const line of memory) console.log(`  ${line}`);
if (failures.length)
  console.log(`\nfailures (${failures.length}):\n  ${failures.slice(0, 100).join('\n  ')}`);
process.exit(0);
