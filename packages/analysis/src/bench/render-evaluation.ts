/**
 * Renders the evaluation set into the bench's cache ahead of a run (the bench renders what is
 * missing itself; this only moves the work out of the way):
 *
 *   npm run bench:render -w packages/analysis [-- --tuned 150 --held-out 300 --shard 0/2]
 *
 * `--shard i/n` renders every n-th sample from the i-th: run n processes to use n cores.
 */
import { parseArgs } from 'node:util';
import { evaluationSample, type FamilyGroup } from '../testing/evaluation-set.js';
import { cachedSide } from './evaluation-cache.js';

const { values } = parseArgs({
  options: {
    tuned: { type: 'string', default: '150' },
    'held-out': { type: 'string', default: '300' },
    shard: { type: 'string', default: '0/1' },
  },
});
const [shard, shards] = (values.shard as string).split('/').map(Number) as [number, number];
let position = 0;
const counts: Record<FamilyGroup, number> = {
  'held-out': Number(values['held-out']),
  tuned: Number(values.tuned),
};
const start = performance.now();
let rendered = 0;
// Interleaved, so that a run stopped early still has both groups in proportion.
const ratio = counts.tuned / Math.max(1, counts['held-out']);
for (let i = 0; i < Math.max(counts['held-out'], counts.tuned / Math.max(ratio, 1e-9)); i++)
  for (const [group, index] of [
    ['held-out', i],
    ['tuned', Math.floor(i * ratio)],
  ] as const) {
    if (
      index >= counts[group] ||
      (group === 'tuned' && i > 0 && Math.floor((i - 1) * ratio) === index)
    )
      continue;
    if (position++ % shards !== shard) continue;
    const sample = evaluationSample(group, index);
    await cachedSide(sample, 'mrz');
    if (sample.front) await cachedSide(sample, 'front');
    rendered++;
    if (rendered % 20 === 0)
      console.error(`${rendered} samples, ${((performance.now() - start) / 1000).toFixed(0)} s`);
  }
console.error(`done: ${rendered} samples in ${((performance.now() - start) / 1000).toFixed(0)} s`);
