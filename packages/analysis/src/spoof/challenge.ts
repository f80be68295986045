import type { FaceResult } from '@vladmandic/human';
import type { ChallengeVerdict, LivenessSignals, SpoofSignal } from '../types.js';
import { eyeOpenness, facePose, noseOffset } from '../face/detect.js';
import type { PlanarMotion } from './planar-motion.js';

/** Yaw change, degrees, from the frontal frame in the claimed direction, that shows a head turn. */
export const TURN_DEGREES = 12;
/**
 * Change of the nose's offset from the middle of the eyes, in eye distances, from the frontal frame
 * in the claimed direction, that shows a head turn on its own (the element completes a turn at the
 * same change from the person's frontal pose; the mesh's fitted rotation follows some turned faces
 * only part of the way).
 */
export const TURN_NOSE_OFFSET = 0.25;
/**
 * A flat picture: the face moves as one plane with the picture around it, by the smaller of two
 * measurements of the tracked features (see `planarMotion`), in face-box widths: the median
 * distance of the face's features from where the homography of the ring around the face sends them,
 * and the distance of the face and the ring from one homography fitted on both. Tuned on faces 0–10
 * of the liveness bench (`npm run bench:liveness`): photos, document portraits, screens and prints
 * tilted 30° measure 0.002–0.011 by the first and 0.001–0.006 by the second, genuine turns
 * 0.055–0.27 by both.
 */
export const FLAT_MOTION = 0.025;
/**
 * A head turn the mesh's landmarks follow only part of the way is also shown by the face's own
 * features moving at least this far (face-box widths) in the claimed direction against their
 * surroundings, together with a nose-offset change of {@link TURN_NOSE_WITH_MOTION} in that
 * direction.
 */
export const TURN_MOTION = 0.12;
/** The nose-offset change, in the claimed direction, that goes with {@link TURN_MOTION}. */
export const TURN_NOSE_WITH_MOTION = 0.1;
/**
 * A blink: a frame with the eyes at most this share as open as in a frame filmed before it and in
 * one filmed after it (open, shut, open again).
 */
export const BLINK_RATIO = 0.6;

/** What the frames show about the claimed challenges, and the measurements behind it. */
export interface ChallengeCheck {
  verdict: ChallengeVerdict;
  detail: Record<string, number | string | boolean | null>;
}

const round = (value: number, places = 1): number =>
  Math.round(value * 10 ** places) / 10 ** places;

function range(values: (number | null)[]): number | null {
  const measured = values.filter((v): v is number => v !== null);
  return measured.length >= 2 ? Math.max(...measured) - Math.min(...measured) : null;
}

/**
 * How far a measurement moved in `direction` (+1 or -1) from the first frame that has it (the
 * frontal frame, sent first: the person's own baseline) to the frame furthest that way; 0 with
 * fewer than two measured frames. A turn the other way counts as none.
 */
export function turnFromFirst(values: readonly (number | null)[], direction: number): number {
  const measured = values.filter((v): v is number => v !== null);
  if (measured.length < 2) return 0;
  const [first, ...later] = measured;
  return Math.max(0, ...later.map((v) => (v - first!) * direction));
}

/**
 * Whether the eyes, read frame by frame in the order the frames were filmed, open, shut and open
 * again: a frame whose eyes are at most {@link BLINK_RATIO} as open as in a frame before it and in
 * a frame after it. Frames without a reading are skipped; a shut frame first or last, or frames
 * shuffled so the shut one leads, show no blink.
 */
export function blinkInOrder(openness: readonly (number | null)[]): boolean {
  const read = openness.filter((v): v is number => v !== null);
  return read.some((shut, i) => {
    const before = Math.max(-Infinity, ...read.slice(0, i));
    const after = Math.max(-Infinity, ...read.slice(i + 1));
    return shut <= before * BLINK_RATIO && shut <= after * BLINK_RATIO;
  });
}

/**
 * How far the face is from moving as one plane with its surroundings: the smaller of the ring
 * homography's residual and the one-plane distance (either one small enough shows a flat picture;
 * a turning head keeps both large). `null` when neither was measured.
 */
function flatMeasure(motion: PlanarMotion | null): number | null {
  const measured = [motion?.residual, motion?.onePlane].filter(
    (v): v is number => typeof v === 'number',
  );
  return measured.length ? Math.min(...measured) : null;
}

/**
 * Re-verifies the element's active challenges on the server's frames: a claimed head turn must
 * show, in the claimed direction from the first (frontal) frame, a yaw change of ≥ 12° or a nose
 * offset change of ≥ 0.25 eye distances (or
 * the face's features moving ≥ 0.12 face widths against their surroundings in the claimed
 * direction with a nose offset change of ≥ 0.1 that way), and must not move as one plane with the
 * picture around the face (`motion`, a tilted print or screen); a claimed blink, in the order the
 * frames were filmed, eyes open, then a frame with them at most 60 % as open, then open again (see
 * {@link blinkInOrder}), the eyes read on `eyes` (each frame's face
 * measured on a close-up, see `measureCloseUp`; by default the faces themselves).
 *
 * The verdict keeps apart what the frames contradict from what they cannot tell: `contradicted`
 * when at least two frames show a face and the change is not there (a replayed still, a forged
 * claim); `inconclusive` when fewer than two frames show a measurable face (the person turned out
 * of the detector's reach, a dark frame): a retake, not a spoof; `confirmed` when every claimed
 * challenge is shown; `absent` without a claimed-passed challenge.
 */
export function checkChallenges(
  faces: (FaceResult | null)[],
  signals: LivenessSignals | undefined,
  motion: PlanarMotion | null = null,
  eyes: (FaceResult | null)[] = faces,
): ChallengeCheck {
  const claimed = (signals?.challenges ?? []).filter(
    (c) => c.passed && (c.kind === 'turn-left' || c.kind === 'turn-right' || c.kind === 'blink'),
  );
  const detail: ChallengeCheck['detail'] = { challenges: claimed.length };
  const yaws = faces.map((f) => (f ? (facePose(f)?.yaw ?? null) : null));
  const noses = faces.map((f) => (f ? noseOffset(f) : null));
  const openness = eyes.map((f) => (f ? eyeOpenness(f) : null));
  const yawRange = range(yaws);
  const noseRange = range(noses);
  const open = openness.filter((v): v is number => v !== null);
  detail['framesWithFace'] = faces.filter((f) => f !== null).length;
  detail['yawRange'] = yawRange === null ? null : round(yawRange);
  detail['noseOffsetRange'] = noseRange === null ? null : round(noseRange, 3);
  detail['minEyeOpenness'] = open.length ? round(Math.min(...open), 3) : null;
  detail['maxEyeOpenness'] = open.length ? round(Math.max(...open), 3) : null;
  detail['planeResidual'] = motion?.residual == null ? null : round(motion.residual, 3);
  detail['faceShift'] = motion?.faceShift == null ? null : round(motion.faceShift, 3);
  detail['onePlane'] = motion?.onePlane == null ? null : round(motion.onePlane, 3);
  detail['faceDrift'] = motion?.drift == null ? null : round(motion.drift, 3);
  detail['faceTracks'] = motion?.faceTracks ?? null;
  detail['ringTracks'] = motion?.ringTracks ?? null;
  const flatness = flatMeasure(motion);
  detail['flatness'] = flatness === null ? null : round(flatness, 3);
  if (claimed.length === 0) return { verdict: 'absent', detail };
  const verdicts: ChallengeVerdict[] = claimed.map((challenge) => {
    let verdict: ChallengeVerdict;
    if (challenge.kind === 'blink') {
      verdict =
        open.length < 2 ? 'inconclusive' : blinkInOrder(openness) ? 'confirmed' : 'contradicted';
    } else if (yawRange === null && noseRange === null) {
      verdict = 'inconclusive';
    } else if (flatness !== null && flatness < FLAT_MOTION) {
      // The face moved exactly as the picture around it: a print or a screen tilted in front of
      // the camera, whatever pose the mesh fits on the foreshortened face.
      detail['flatPicture'] = true;
      verdict = 'contradicted';
    } else {
      // Positive: towards the frame's right, where the nose goes when the person turns left (and
      // the mesh's yaw falls).
      const direction = challenge.kind === 'turn-left' ? 1 : -1;
      const noseTurn = turnFromFirst(noses, direction);
      const yawTurn = turnFromFirst(yaws, -direction);
      detail[`${challenge.kind}:noseTurn`] = round(noseTurn, 3);
      detail[`${challenge.kind}:yawTurn`] = round(yawTurn);
      const drift = (motion?.drift ?? 0) * direction;
      verdict =
        yawTurn >= TURN_DEGREES ||
        noseTurn >= TURN_NOSE_OFFSET ||
        (drift >= TURN_MOTION && noseTurn >= TURN_NOSE_WITH_MOTION)
          ? 'confirmed'
          : 'contradicted';
    }
    detail[challenge.kind] = verdict;
    return verdict;
  });
  const verdict: ChallengeVerdict = verdicts.includes('contradicted')
    ? 'contradicted'
    : verdicts.includes('inconclusive')
      ? 'inconclusive'
      : 'confirmed';
  return { verdict, detail };
}

/**
 * The challenge as an anti-spoofing signal: frames that contradict a claimed challenge are a strong
 * spoof cue (replayed or tampered signals); frames that cannot tell (no face measured) are no cue
 * at all, so the signal is then not measured. For audit it also carries the device's own yaw per
 * frame against the server's (different models: a steady offset is normal, a wild disagreement
 * hints at signals not measured on these frames).
 */
export function verifyChallenges(
  faces: (FaceResult | null)[],
  signals: LivenessSignals | undefined,
  motion: PlanarMotion | null = null,
  eyes: (FaceResult | null)[] = faces,
): SpoofSignal & { verdict: ChallengeVerdict } {
  const { verdict, detail } = checkChallenges(faces, signals, motion, eyes);
  const deviceYaw = signals?.yaw ?? [];
  const serverYaw = faces.map((f) => (f ? (facePose(f)?.yaw ?? null) : null));
  const pairs = deviceYaw.flatMap((yaw, i) => {
    const server = serverYaw[i];
    return server === null || server === undefined ? [] : [Math.abs(yaw - server)];
  });
  detail['deviceYawDeviation'] = pairs.length
    ? round(pairs.reduce((s, v) => s + v, 0) / pairs.length)
    : null;
  detail['verdict'] = verdict;
  const score = verdict === 'contradicted' ? 1 : verdict === 'confirmed' ? 0 : null;
  return { score, weight: score === null ? 0 : 2, detail, verdict };
}
