/**
 * Runs each analysis once on generated data and prints what it read. Run it with the network cut
 * (`unshare -n`) to prove that every model and wasm file comes from the installed packages:
 *
 *   unshare -n npx tsx src/bench/offline-check.ts
 *
 * Exits 0 only when every analysis gave the right answer.
 */
import { createAnalysisEngine } from '../engine.js';
import { faceCapture, impostorPairs } from '../testing/faces.js';
import { generateIdentity } from '../testing/identity.js';
import { renderDocument } from '../testing/render-document.js';
import { printAttack } from '../testing/spoof-scenes.js';

const engine = createAnalysisEngine();
await engine.warmUp();
const identity = generateIdentity('offline');
const front = await engine.analyzeFront(
  (await renderDocument(identity, { kind: 'id-card', side: 'front', degrade: 'photo' })).image,
);
const back = await engine.analyzeBack(
  (await renderDocument(identity, { kind: 'id-card', side: 'back', degrade: 'photo' })).image,
  front,
);
const genuine = await engine.compareFaces([
  await faceCapture(8, { seed: 1 }),
  await faceCapture(8, { seed: 2 }),
]);
const [a, b] = impostorPairs()[0] as [number, number];
const impostor = await engine.compareFaces([
  await faceCapture(a, { seed: 1 }),
  await faceCapture(b, { seed: 2 }),
]);
const spoof = await engine.detectSpoof([await printAttack(6, 1)]);
await engine.close();
const checks = {
  frontIdNumber: front.fields.idNumber === identity.documentNumber,
  backMrzValid: back.mrz?.valid === true && back.fields.idNumber === identity.documentNumber,
  barcodeRead: back.barcodes.length === 2,
  genuineAtLeast70: (genuine.biometric['0']?.['1'] ?? 0) >= 70,
  impostorBelow70: (impostor.biometric['0']?.['1'] ?? 100) < 70,
  printFlagged: spoof.spoofing,
};
console.log(
  JSON.stringify({
    checks,
    mrz: back.mrz?.raw,
    genuine: genuine.biometric['0']?.['1'],
    impostor: impostor.biometric['0']?.['1'],
  }),
);
process.exit(Object.values(checks).every(Boolean) ? 0 : 1);
