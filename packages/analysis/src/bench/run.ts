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
 * timed calls. Each suite is its own module (`*-suite.ts`); this script runs them and prints.
 * Run with `--expose-gc` (the npm script does) so memory is measured after a GC.
 */
import { readFile } from 'node:fs/promises';
import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import { createAnalysisEngine } from '../engine.js';
import { recordStages } from '../perf/stages.js';
import type { FamilyGroup } from '../testing/evaluation-set.js';
import { runDocumentSuite } from './document-suite.js';
import { FAMILY_LEGEND, failureReport, groupReport, timeReport } from './evaluation-report.js';
import { runEvaluation, tunedVariantOf } from './evaluation-suite.js';
import { runFaceSuite } from './face-suite.js';
import { CallTimes, StageTimes, loadAverage, memorySnapshot } from './measure.js';
import type { SideOutcome } from './reader-evaluation.js';
import { runSoak } from './soak-suite.js';
import { runSpoofSuite } from './spoof-suite.js';

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
    'tuned-mrz-zone': { type: 'string' },
    'tuned-mrz-font': { type: 'string' },
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

const times = {
  front: new CallTimes(),
  back: new CallTimes(),
  face: new CallTimes(),
  spoof1: new CallTimes(),
  spoof3: new CallTimes(),
};
const stages = new StageTimes();
const memory: string[] = [];

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

const evaluationCounts: Record<FamilyGroup, number> = suites.has('evaluation')
  ? { 'held-out': Number(values['held-out']), tuned: Number(values.tuned) }
  : { 'held-out': 0, tuned: 0 };
const evaluationLoad = loadAverage();
const [shard, shards] = (values.shard as string).split('/').map(Number) as [number, number];
const evaluation = await runEvaluation(engine, {
  counts: evaluationCounts,
  from: { 'held-out': Number(values['held-out-from']), tuned: Number(values['tuned-from']) },
  shard,
  shards,
  outcomesFile: values.outcomes,
  tunedVariant: tunedVariantOf(values['tuned-mrz-zone'], values['tuned-mrz-font']),
});
const evaluationLoadEnd = loadAverage();
if (suites.has('evaluation')) memory.push(await memorySnapshot('after evaluation'));

const documents = await runDocumentSuite(engine, documentCount, times);
if (documentCount > 0) memory.push(await memorySnapshot(`after ${documentCount} documents`));

// --face-pairs N keeps every k-th pair (a quick look); the default measures all of them.
const faces = suites.has('faces')
  ? await runFaceSuite(
      engine,
      values['face-seed'] as string,
      values['face-pairs'] ? Number(values['face-pairs']) : undefined,
      times.face,
    )
  : undefined;
if (faces?.pairs) memory.push(await memorySnapshot('after face pairs'));

const spoofFaces = suites.has('spoof') ? Number(values['spoof-faces']) : 0;
const spoofOutcome = await runSpoofSuite(engine, spoofFaces, {
  one: times.spoof1,
  three: times.spoof3,
});
if (spoofFaces) memory.push(await memorySnapshot('after anti-spoofing'));

recordStages(undefined);
await runSoak(engine, soakCalls, memory);
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
  // A development run says so: its tuned figures are of variants, not of the tuned families.
  const variants = evaluation.tuned.filter((outcome) => outcome.sample.mrzZone);
  if (variants.length > 0)
    console.log(
      `DEVELOPMENT variants: ${variants.length} tuned samples read with their MRZ over another zone (${[...new Set(variants.map((o) => `${o.sample.mrzZone}/${o.sample.mrzFont}`))].join(', ')})`,
    );
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
if (documentCount > 0 || (faces?.pairs ?? 0) > 0 || spoofFaces > 0) {
  console.log('\naccuracy (original generator)');
  console.log(
    `  MRZ fully correct (valid, every character)  ${rate(documents.mrzCorrect, documents.mrzTotal)}   target ≥ 98 %`,
  );
  console.log(
    `  barcodes read (PDF417 + QR, exact payload) ${rate(documents.barcodeHits, documents.barcodeTotal)}   target ≥ 99 %`,
  );
  console.log(
    `    of which on ±8° rotation                 ${rate(documents.rotatedHits, documents.rotatedTotal)}`,
  );
  console.log(
    `  document outline found (corners ≤ 5 %)     ${rate(documents.detected, documents.detectTotal)}`,
  );
  console.log(
    `  front fields all correct                   ${rate(documents.frontCorrect, documentCount)}`,
  );
  console.log(
    `  face false rejects (genuine < 70)          ${rate(faces?.falseRejects ?? 0, faces?.genuineTotal ?? 0)}`,
  );
  console.log(
    `  face false accepts (impostor ≥ 70)         ${rate(faces?.falseAccepts ?? 0, faces?.impostorTotal ?? 0)}`,
  );
  console.log(`  face pairs with an unusable image          ${faces?.unusable ?? 0}`);
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
const { failures } = documents;
if (failures.length)
  console.log(`\nfailures (${failures.length}):\n  ${failures.slice(0, 100).join('\n  ')}`);
process.exit(0);
