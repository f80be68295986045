/**
 * False rejects of genuine liveness challenges beside false accepts of presentation attacks:
 *
 *   npm run bench:liveness -w packages/analysis [-- --faces 22 --from 0 --width 1200 --verbose]
 *
 * Genuine: each sample face (the face-api demo photos) turns its head to its left, to its right
 * (a depth warp of the photo) and blinks (painted lids), sent as a phone would (frontal frame,
 * then the challenge frame, 1200 × 1600 JPEGs). Attacks, each claiming a passed challenge: the
 * same photo replayed in every frame, the document's own portrait (cropped by the front analysis
 * from a rendered ID card), the face on a screen (sub-pixel grid, bezel), a halftone print, and a
 * continuous-tone photo print (paper texture, flat light), each both held still and tilted about
 * its vertical axis to fake a head turn.
 *
 * An attempt passes liveness when the challenge is confirmed on the frames and, with anti-spoofing
 * on, the frames are not judged a spoof: the server's rule (packages/server capture-decisions).
 * Rates are printed for both settings, for the faces the thresholds were tuned on (0–10) and for
 * the held-out faces (11–21) that were never looked at while tuning.
 */
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { createAnalysisEngine } from '../engine.js';
import { detectFaces, facePose } from '../face/detect.js';
import { COMPARE_CONFIG } from '../models/human.js';
import { FACE_SAMPLE_COUNT, faceCapture } from '../testing/faces.js';
import { generateIdentity } from '../testing/identity.js';
import {
  genuineChallenge,
  stillReplay,
  tiltedPicture,
  type LivenessChallengeKind,
} from '../testing/liveness-scenes.js';
import { renderDocument } from '../testing/render-document.js';
import { photoPrint, printAttack, screenReplay } from '../testing/spoof-scenes.js';
import type { SpoofAnalysis } from '../types.js';

const { values } = parseArgs({
  options: {
    faces: { type: 'string', default: String(FACE_SAMPLE_COUNT) },
    /** First face measured: `--from 11` measures the held-out faces only. */
    from: { type: 'string', default: '0' },
    width: { type: 'string', default: '1200' },
    verbose: { type: 'boolean', default: false },
  },
});
const faceCount = Math.min(FACE_SAMPLE_COUNT, Number(values.faces));
const firstFace = Math.max(0, Number(values.from));
const width = Number(values.width);
/** Faces 0–10 tuned the thresholds; 11–21 are held out. */
const TUNING_FACES = 11;
const KINDS: LivenessChallengeKind[] = ['turn-left', 'turn-right', 'blink'];
/**
 * The element starts a challenge only once the face is aligned: yaw and pitch within 18° of the
 * camera (`maxFrontalAngle` of packages/verify's face placement). A sample whose frontal frame is
 * further turned (a face photographed in profile, or looking down) is coached to face the camera
 * and never sent with that pose: its genuine challenges are also tallied apart, as `sendable` or not.
 */
const MAX_FRONTAL_ANGLE = 18;

type Split = 'tuning' | 'held-out';
interface Tally {
  total: number;
  /** Passed with anti-spoofing on (challenge confirmed and no spoof). */
  passedWithAntiSpoofing: number;
  /** Passed with anti-spoofing off (challenge confirmed). */
  passedChallengeOnly: number;
  inconclusive: number;
}
const tallies = new Map<string, Tally>();

function tally(key: string): Tally {
  let found = tallies.get(key);
  if (!found) {
    found = { total: 0, passedWithAntiSpoofing: 0, passedChallengeOnly: 0, inconclusive: 0 };
    tallies.set(key, found);
  }
  return found;
}

type Group = 'genuine' | 'genuine, frontal frame the element would send' | 'attack';

function record(group: Group, split: Split, name: string, result: SpoofAnalysis) {
  const confirmed = result.challenge === 'confirmed';
  for (const key of [`${group}|${split}`, `${group}|${split}|${name}`]) {
    const t = tally(key);
    t.total++;
    if (confirmed) t.passedChallengeOnly++;
    if (confirmed && !result.spoofing) t.passedWithAntiSpoofing++;
    if (result.challenge === 'inconclusive') t.inconclusive++;
  }
  if (values.verbose)
    console.log(
      `  ${group} ${split} ${name}: challenge ${result.challenge}, spoofing ${result.spoofing} (${result.score})`,
      JSON.stringify(
        Object.fromEntries(
          Object.entries(result.signals).map(([k, v]) => [k, { score: v.score, ...v.detail }]),
        ),
      ),
    );
}

const percent = (part: number, whole: number): string =>
  whole === 0 ? '—' : `${((100 * part) / whole).toFixed(1)} % (${part}/${whole})`;

/**
 * The frontal frame's pose on the analysis' face mesh (a copy 480 px wide, about the element's own
 * analysis size), or null without a face.
 */
async function frontalPose(frame: Buffer): Promise<{ yaw: number; pitch: number } | null> {
  const { data, info } = await sharp(frame)
    .resize(480)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const [face] = await detectFaces(
    { data, width: info.width, height: info.height },
    COMPARE_CONFIG,
  );
  return face ? facePose(face) : null;
}

const engine = createAnalysisEngine();
await engine.warmUp();
const started = Date.now();
for (let index = firstFace; index < faceCount; index++) {
  const split: Split = index < TUNING_FACES ? 'tuning' : 'held-out';
  for (const kind of KINDS) {
    const scene = await genuineChallenge(index, kind, { width });
    const result = await engine.detectSpoof(scene.frames, { challenges: [{ kind, passed: true }] });
    record('genuine', split, kind, result);
    const pose = await frontalPose(scene.frames[0]!);
    const sendable =
      pose !== null &&
      Math.abs(pose.yaw) <= MAX_FRONTAL_ANGLE &&
      Math.abs(pose.pitch) <= MAX_FRONTAL_ANGLE;
    if (values.verbose)
      console.log(
        `  frontal frame of face ${index}: ${JSON.stringify(pose)}, sendable ${sendable}`,
      );
    if (sendable) record('genuine, frontal frame the element would send', split, kind, result);
  }
  const identity = { ...generateIdentity(`liveness-bench:${index}`), faceIndex: index };
  const front = await engine.analyzeFront(
    (await renderDocument(identity, { kind: 'id-card', side: 'front', degrade: 'photo' })).image,
  );
  const pictures: [string, Buffer | null][] = [
    ['photo', await faceCapture(index, { seed: 'held-up photo', width: 900 })],
    ['document portrait', front.faceImage ? Buffer.from(front.faceImage, 'base64') : null],
    ['screen', await screenReplay(index, 'bench')],
    ['halftone print', await printAttack(index, 'bench')],
    ['photo print', await photoPrint(index, 'bench')],
  ];
  for (const [name, picture] of pictures) {
    if (picture === null) continue;
    const kind = KINDS[index % KINDS.length]!;
    const still = stillReplay(kind, picture, 2);
    record(
      'attack',
      split,
      `${name} (still)`,
      await engine.detectSpoof(still.frames, { challenges: [{ kind, passed: true }] }),
    );
    const turn: LivenessChallengeKind = index % 2 ? 'turn-left' : 'turn-right';
    const tilted = [picture, await tiltedPicture(picture, turn === 'turn-left' ? 30 : -30)];
    record(
      'attack',
      split,
      `${name} (tilted)`,
      await engine.detectSpoof(tilted, { challenges: [{ kind: turn, passed: true }] }),
    );
  }
  console.error(
    `face ${index + 1}/${faceCount} done (${((Date.now() - started) / 1000).toFixed(0)} s)`,
  );
}
await engine.close();

console.log(`\nLiveness bench: faces ${firstFace}–${faceCount - 1}, frames ${width} px wide`);
for (const split of ['tuning', 'held-out'] as const) {
  const genuine = tally(`genuine|${split}`);
  const attack = tally(`attack|${split}`);
  if (genuine.total === 0) continue;
  console.log(`\n[${split} faces]`);
  console.log(
    `  false reject rate (genuine refused), anti-spoofing on:  ${percent(genuine.total - genuine.passedWithAntiSpoofing, genuine.total)}`,
  );
  console.log(
    `  false reject rate (genuine refused), anti-spoofing off: ${percent(genuine.total - genuine.passedChallengeOnly, genuine.total)}`,
  );
  console.log(
    `    of which inconclusive (no face measured: retake):    ${percent(genuine.inconclusive, genuine.total)}`,
  );
  console.log(
    `  false accept rate (attack passed), anti-spoofing on:    ${percent(attack.passedWithAntiSpoofing, attack.total)}`,
  );
  console.log(
    `  false accept rate (attack passed), anti-spoofing off:   ${percent(attack.passedChallengeOnly, attack.total)}`,
  );
  const sendable = tally(`genuine, frontal frame the element would send|${split}`);
  console.log(
    `  false reject rate, anti-spoofing on, frontal frame within ${MAX_FRONTAL_ANGLE}° (the element would send it): ${percent(sendable.total - sendable.passedWithAntiSpoofing, sendable.total)}`,
  );
  console.log(
    `  false reject rate, anti-spoofing off, frontal frame within ${MAX_FRONTAL_ANGLE}°: ${percent(sendable.total - sendable.passedChallengeOnly, sendable.total)}`,
  );
  for (const [key, t] of tallies) {
    const [group, keySplit, name] = key.split('|');
    if (keySplit !== split || name === undefined) continue;
    const label =
      group === 'attack' ? 'attack ' : group === 'genuine' ? 'genuine' : 'genuine, sendable';
    console.log(
      `    ${label} ${name.padEnd(26)} passed: on ${percent(t.passedWithAntiSpoofing, t.total)}, off ${percent(t.passedChallengeOnly, t.total)}`,
    );
  }
}
