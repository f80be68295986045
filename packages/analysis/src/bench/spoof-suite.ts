/** The benchmark's anti-spoofing suite: live captures, print attacks and screen replays. */
import type { AnalysisEngine } from '../types.js';
import { liveCapture, printAttack, screenReplay } from '../testing/spoof-scenes.js';
import type { CallTimes } from './measure.js';

const SCENES = [
  ['live', liveCapture],
  ['print', printAttack],
  ['screen', screenReplay],
] as const;

/**
 * Runs every scene for `faces` faces with 1 and 3 frames. Answers the correct outcomes (a live
 * capture passes, an attack is flagged) and the calls, keyed `scene/frames` (`print/3`).
 */
export async function runSpoofSuite(
  engine: AnalysisEngine,
  faces: number,
  times: { one: CallTimes; three: CallTimes },
): Promise<Map<string, [number, number]>> {
  const outcomes = new Map<string, [number, number]>();
  for (let index = 0; index < faces; index++) {
    for (const [name, make] of SCENES) {
      for (const frameCount of [1, 3] as const) {
        const frames: Buffer[] = [];
        for (let f = 0; f < frameCount; f++)
          frames.push(await make(index, frameCount === 1 ? 'bench' : `bench:${f}`));
        const bucket = frameCount === 1 ? times.one : times.three;
        const result = await bucket.time(() => engine.detectSpoof(frames));
        const key = `${name}/${frameCount}`;
        const outcome = outcomes.get(key) ?? [0, 0];
        outcome[1]++;
        if (result.spoofing === (name !== 'live')) outcome[0]++;
        outcomes.set(key, outcome);
      }
    }
  }
  return outcomes;
}
