/**
 * Measures FaceRecognitionNet distances on genuine and impostor pairs of the face-api demo faces
 * (see face-pairs.ts) and prints their distributions and the error rates at the current
 * MATCH_DISTANCE. Used to choose the constants of src/face/calibration.ts.
 *
 *   npm run calibrate -w packages/analysis
 */
import { decodeImage } from '../image/decode.js';
import { analyseFace, FACE_IMAGE_SIDE } from '../face/compare.js';
import { descriptorDistance, MATCH_DISTANCE } from '../face/calibration.js';
import { createAnalysisEngine } from '../engine.js';
import { facePairs, quantile } from './face-pairs.js';

const engine = createAnalysisEngine();
await engine.warmUp();
const genuine: number[] = [];
const impostor: number[] = [];
const unusable = new Map<string, number>();
for (const seed of ['cal-1', 'cal-2']) {
  for (const pair of await facePairs(seed)) {
    const [a, b] = await Promise.all([
      decodeImage(pair.a, FACE_IMAGE_SIDE),
      decodeImage(pair.b, FACE_IMAGE_SIDE),
    ]);
    const fa = await analyseFace(a, 0);
    const fb = await analyseFace(b, 1);
    if (!fa.descriptor || !fb.descriptor) {
      const why = `${pair.label.split('/')[1]}:${fa.report.reason ?? fb.report.reason}`;
      unusable.set(why, (unusable.get(why) ?? 0) + 1);
      continue;
    }
    (pair.genuine ? genuine : impostor).push(descriptorDistance(fa.descriptor, fb.descriptor));
  }
}
await engine.close();
genuine.sort((x, y) => x - y);
impostor.sort((x, y) => x - y);
const describe = (values: number[]) =>
  [0, 0.05, 0.5, 0.95, 1]
    .map(
      (q) =>
        `${q === 0 ? 'min' : q === 1 ? 'max' : `p${q * 100}`} ${quantile(values, q).toFixed(3)}`,
    )
    .join('  ');
console.log(`genuine  n=${genuine.length}  ${describe(genuine)}`);
console.log(`impostor n=${impostor.length}  ${describe(impostor)}`);
console.log(
  `pairs without a usable face: ${[...unusable].map(([why, n]) => `${why} ${n}`).join(', ') || 'none'}`,
);
let best = { threshold: 0, errors: Infinity };
for (let t = 0.3; t <= 0.7; t += 0.005) {
  const errors = genuine.filter((d) => d > t).length + impostor.filter((d) => d <= t).length;
  if (errors < best.errors) best = { threshold: t, errors };
}
const frr = genuine.filter((d) => d > MATCH_DISTANCE).length / genuine.length;
const far = impostor.filter((d) => d <= MATCH_DISTANCE).length / impostor.length;
console.log(`fewest errors at distance ${best.threshold.toFixed(3)} (${best.errors} errors)`);
console.log(
  `at MATCH_DISTANCE ${MATCH_DISTANCE}: false rejects ${(frr * 100).toFixed(2)} %, false accepts ${(far * 100).toFixed(2)} %`,
);
