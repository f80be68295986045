/**
 * Renders the evaluation set into the bench's cache ahead of a run (the bench renders what is
 * missing itself; this only moves the work out of the way):
 *
 *   npm run bench:render -w packages/analysis [-- --tuned 150 --held-out 300 --shard 0/2]
 *
 * `--shard i/n` renders every n-th sample from the i-th: run n processes to use n cores.
 * `--held-out-from N` / `--tuned-from N` start each group at sample N (a fresh, unseen draw).
 * `--tuned-mrz-zone print [--tuned-mrz-font outline]` renders the tuned samples as development
 * variants (`developmentSample`): their MRZ over the security print, in one face.
 */
import { parseArgs } from 'node:util';
import { evaluationOrder, type FamilyGroup } from '../testing/evaluation-set.js';
import { cachedSide } from './evaluation-cache.js';
import { runSample, tunedVariantOf } from './evaluation-suite.js';

const { values } = parseArgs({
  options: {
    tuned: { type: 'string', default: '150' },
    'held-out': { type: 'string', default: '300' },
    'held-out-from': { type: 'string', default: '0' },
    'tuned-from': { type: 'string', default: '0' },
    'tuned-mrz-zone': { type: 'string' },
    'tuned-mrz-font': { type: 'string' },
    shard: { type: 'string', default: '0/1' },
  },
});
const [shard, shards] = (values.shard as string).split('/').map(Number) as [number, number];
const tunedVariant = tunedVariantOf(values['tuned-mrz-zone'], values['tuned-mrz-font']);
let position = 0;
const counts: Record<FamilyGroup, number> = {
  'held-out': Number(values['held-out']),
  tuned: Number(values.tuned),
};
const start = performance.now();
let rendered = 0;
// Interleaved, so that a run stopped early still has both groups in proportion.
for (const [group, index] of evaluationOrder(counts, {
  'held-out': Number(values['held-out-from']),
  tuned: Number(values['tuned-from']),
})) {
  if (position++ % shards !== shard) continue;
  const sample = runSample(group, index, tunedVariant);
  await cachedSide(sample, 'mrz');
  if (sample.front) await cachedSide(sample, 'front');
  rendered++;
  if (rendered % 20 === 0)
    console.error(`${rendered} samples, ${((performance.now() - start) / 1000).toFixed(0)} s`);
}
console.error(`done: ${rendered} samples in ${((performance.now() - start) / 1000).toFixed(0)} s`);
