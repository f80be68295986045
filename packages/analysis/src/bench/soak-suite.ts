/** The benchmark's soak: mixed calls on a few inputs, memory at the start, the middle and the end. */
import type { AnalysisEngine } from '../types.js';
import { faceCapture } from '../testing/faces.js';
import { generateIdentity } from '../testing/identity.js';
import { renderDocument } from '../testing/render-document.js';
import { liveCapture, printAttack, screenReplay } from '../testing/spoof-scenes.js';
import { BENCH_KINDS } from './document-suite.js';
import { memorySnapshot } from './measure.js';

/** Makes `calls` calls (front, back, faces, anti-spoofing in turn); pushes memory lines to `memory`. */
export async function runSoak(
  engine: AnalysisEngine,
  calls: number,
  memory: string[],
): Promise<void> {
  if (calls === 0) return;
  const docs = await Promise.all(
    BENCH_KINDS.map(async (kind, i) => {
      const identity = generateIdentity(`soak-${i}`);
      return {
        front: (await renderDocument(identity, { kind, side: 'front', degrade: 'photo' })).image,
        back: (await renderDocument(identity, { kind, side: 'back', degrade: 'photo' })).image,
      };
    }),
  );
  const faces = [
    await faceCapture(5, { seed: 'soak:a' }),
    await faceCapture(5, { seed: 'soak:b' }),
  ];
  const spoof = [
    await liveCapture(8, 'soak'),
    await printAttack(8, 'soak'),
    await screenReplay(8, 'soak'),
  ];
  for (let call = 0; call < calls; call++) {
    if (call === 0) memory.push(await memorySnapshot(`soak call 0/${calls}`));
    if (call === Math.floor(calls / 2))
      memory.push(await memorySnapshot(`soak call ${call}/${calls}`));
    const doc = docs[call % docs.length] as { front: Buffer; back: Buffer };
    switch (call % 4) {
      case 0:
        await engine.analyzeFront(doc.front);
        break;
      case 1:
        await engine.analyzeBack(doc.back);
        break;
      case 2:
        await engine.compareFaces(faces);
        break;
      default:
        await engine.detectSpoof(call % 8 === 3 ? spoof : [spoof[call % 3] as Buffer]);
    }
  }
  memory.push(await memorySnapshot(`soak call ${calls}/${calls}`));
}
