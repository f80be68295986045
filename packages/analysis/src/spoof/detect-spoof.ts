import type { FaceResult } from '@vladmandic/human';
import { AnalysisInputError } from '../errors.js';
import { decodeImage, fitRgb, type ImageLimits, type RgbImage } from '../image/decode.js';
import { detectFaces, significantFaces } from '../face/detect.js';
import { SPOOF_CONFIG } from '../models/human.js';
import { stage } from '../perf/stages.js';
import type { LivenessSignals, SpoofAnalysis, SpoofSignal } from '../types.js';
import { enclosingEdges } from './borders.js';
import { verifyChallenges } from './challenge.js';
import { measureCloseUp } from './face-close-up.js';
import { periodicTexture } from './frequency.js';
import { planarMotion, type PlanarMotion } from './planar-motion.js';

/** Frames are analysed at up to this size: downscaling would filter out the moiré the analysis looks for. */
const FRAME_SIDE = 1600;
/**
 * Faces are looked for on a copy scaled down with a proper low-pass filter (sharp's Lanczos) to the
 * face detector's input size (BlazeFace, 256 pixels), then, when none is found there, at twice
 * that. Handed the 1600-pixel frame, Human shrinks it with a bilinear tensor resize that skips
 * pixels (aliasing), and its detector missed turned faces that the element had just seen; each
 * size alone still misses a few faces the other finds (measured: `npm run bench:liveness`).
 */
export const FACE_DETECTION_SIDES = [256, 512] as const;

/** The significant faces of `frame`, looked for at each of {@link FACE_DETECTION_SIDES} in turn. */
async function findFaces(frame: RgbImage): Promise<{ faces: FaceResult[]; factor: number }> {
  let found: { faces: FaceResult[]; factor: number } = { faces: [], factor: 1 };
  for (const side of FACE_DETECTION_SIDES) {
    const small = await stage('spoof: resize', () => fitRgb(frame, side));
    const faces = significantFaces(
      await stage('spoof: Human', () => detectFaces(small, SPOOF_CONFIG)),
      small.width,
      small.height,
    );
    found = { faces, factor: frame.width / small.width };
    if (faces.length > 0) break;
  }
  return found;
}

/** A face found on the detection copy, its box scaled back to the analysed frame. */
function scaledFace(face: FaceResult, factor: number): FaceResult {
  if (factor === 1) return face;
  const [x, y, w, h] = face.box;
  return { ...face, box: [x * factor, y * factor, w * factor, h * factor] };
}

function clamp(value: number): number {
  return Math.min(1, Math.max(0, value));
}

function mean(values: number[]): number | null {
  return values.length ? values.reduce((s, v) => s + v, 0) / values.length : null;
}

function round(value: number | null): number | null {
  return value === null ? null : Math.round(value * 1000) / 1000;
}

function box(face: FaceResult): { x: number; y: number; width: number; height: number } {
  const [x, y, width, height] = face.box;
  return { x, y, width, height };
}

/** Human's antispoof ("real") and liveness models, averaged over frames. */
function modelSignal(faces: FaceResult[]): SpoofSignal {
  const real = mean(faces.map((f) => f.real).filter((v): v is number => typeof v === 'number'));
  const live = mean(faces.map((f) => f.live).filter((v): v is number => typeof v === 'number'));
  const both = [real, live].filter((v): v is number => v !== null);
  const score = both.length ? 1 - (mean(both) as number) : null;
  return { score: round(score), weight: 1, detail: { real: round(real), live: round(live) } };
}

/** Screen moiré / print halftone: periodic peaks in the face's spectrum. */
function moireSignal(frames: RgbImage[], faces: (FaceResult | null)[]): SpoofSignal {
  const measures = frames.flatMap((frame, i) => {
    const face = faces[i];
    return face ? [periodicTexture(frame, box(face))] : [];
  });
  const peakiness = mean(measures.map((m) => m.peakiness));
  const share = mean(measures.map((m) => m.highFrequencyShare));
  // Calibrated on the simulations (README): live captures stay below 4 robust deviations, screen
  // grids and halftones rise above 5.
  const score = peakiness === null ? null : clamp((peakiness - 4.3) / 1.0);
  return {
    score: round(score),
    weight: 2,
    detail: { peakiness: round(peakiness), highFrequencyShare: round(share) },
  };
}

/** Bezel / paper edges framing the face. */
async function borderSignal(
  frames: RgbImage[],
  faces: (FaceResult | null)[],
): Promise<SpoofSignal> {
  const sides: number[] = [];
  for (const [i, frame] of frames.entries()) {
    const face = faces[i];
    if (face) sides.push(await enclosingEdges(frame, box(face)));
  }
  const most = sides.length ? Math.max(...sides) : null;
  const score = most === null ? null : most >= 4 ? 1 : most === 3 ? 0.6 : most === 2 ? 0.25 : 0;
  return { score, weight: 1.5, detail: { framedSides: most } };
}

/** One face in every frame, roughly where it was: a swap between frames is a spoof cue. */
function consistencySignal(faces: (FaceResult | null)[]): SpoofSignal {
  const present = faces.filter((f): f is FaceResult => f !== null);
  if (faces.length < 2) return { score: null, weight: 0, detail: { frames: faces.length } };
  const missing = faces.length - present.length;
  const sizes = present.map((f) => f.box[2]);
  const spread = sizes.length ? (Math.max(...sizes) - Math.min(...sizes)) / Math.max(...sizes) : 1;
  const score = clamp(missing / faces.length + Math.max(0, spread - 0.35));
  return {
    score: round(score),
    weight: 1,
    detail: { frames: faces.length, framesWithoutFace: missing, sizeSpread: round(spread) },
  };
}

/**
 * How the face moved against its surroundings from the first frame with a face to the last one
 * (see {@link planarMotion}); `null` with fewer than two such frames.
 */
async function faceMotion(
  frames: RgbImage[],
  faces: (FaceResult | null)[],
): Promise<PlanarMotion | null> {
  const first = faces.findIndex((f) => f !== null);
  const last = faces.findLastIndex((f) => f !== null);
  const face = faces[first];
  if (first < 0 || last <= first || !face) return null;
  return planarMotion(frames[first]!, frames[last]!, box(face));
}

/**
 * Anti-spoofing `POST /inference`: combines Human's antispoof/liveness models with frequency
 * (moiré, halftone), border (bezel, paper edge), cross-frame consistency and the element's active
 * challenge re-verified on the frames. The verdict is the weighted mean of the measured signals
 * (≥ 0.5 is a spoof); a strong periodic texture or a contradicted challenge is a spoof on its own.
 */
export async function detectSpoofFrames(
  frames: Buffer[],
  signals?: LivenessSignals,
  limits?: ImageLimits,
): Promise<SpoofAnalysis> {
  if (frames.length < 1 || frames.length > 5)
    throw new AnalysisInputError('IDV_ERR_BAD_REQUEST', 'Anti-spoofing takes 1 to 5 frames.', 400);
  const decoded: RgbImage[] = [];
  for (const frame of frames)
    decoded.push(await stage('spoof: decode', () => decodeImage(frame, FRAME_SIDE, limits)));
  const faces: (FaceResult | null)[] = [];
  /** Each frame's face as measured for its eyes: on a close-up when a blink is claimed. */
  const eyes: (FaceResult | null)[] = [];
  const measureEyes = (signals?.challenges ?? []).some((c) => c.passed && c.kind === 'blink');
  let multiple = false;
  for (const frame of decoded) {
    const found = await findFaces(frame);
    if (found.faces.length > 1) multiple = true;
    const primary = found.faces[0] ? scaledFace(found.faces[0], found.factor) : null;
    faces.push(primary);
    // The lids need more pixels than the detector-sized copy gives them; the pose rules were set on
    // the copy's mesh and stay there.
    eyes.push(
      primary && measureEyes
        ? await stage('spoof: close-up', () => measureCloseUp(frame, primary, SPOOF_CONFIG))
        : primary,
    );
  }
  const withFace = faces.filter((f): f is FaceResult => f !== null);
  const motion = await stage('spoof: motion', () => faceMotion(decoded, faces));
  const { verdict: challenge, ...challengeSignal } = verifyChallenges(faces, signals, motion, eyes);
  const signalsOut: Record<string, SpoofSignal> = {
    model: modelSignal(withFace),
    moire: await stage('spoof: moiré', () => moireSignal(decoded, faces)),
    border: await stage('spoof: borders', () => borderSignal(decoded, faces)),
    consistency: consistencySignal(faces),
    challenge: challengeSignal,
  };
  if (withFace.length === 0)
    return { spoofing: true, challenge, score: 1, signals: signalsOut, reason: 'NO_FACE' };
  let weighted = 0;
  let weights = 0;
  for (const signal of Object.values(signalsOut)) {
    if (signal.score === null || signal.weight === 0) continue;
    weighted += signal.score * signal.weight;
    weights += signal.weight;
  }
  const score = weights ? weighted / weights : 0.5;
  const hard =
    (signalsOut['moire']?.score ?? 0) >= 0.9 || (signalsOut['challenge']?.score ?? 0) >= 0.5;
  return {
    spoofing: hard || score >= 0.5 || multiple,
    challenge,
    score: round(hard ? Math.max(score, 0.9) : score) as number,
    signals: signalsOut,
    reason: multiple ? 'MULTIPLE_FACES' : null,
  };
}
