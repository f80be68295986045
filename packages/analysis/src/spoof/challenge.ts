import type { FaceResult } from '@vladmandic/human';
import type { LivenessSignals, SpoofSignal } from '../types.js';
import { eyeOpenness, facePose } from '../face/detect.js';

/** Yaw change, degrees, that a head turn must show across the frames. */
const TURN_DEGREES = 12;
/** A blink: the least open frame at most this share of the most open one. */
const BLINK_RATIO = 0.6;

/**
 * Re-verifies the element's active challenges on the server frames: a claimed head turn must show
 * a yaw change of ≥ 12° in the claimed direction, a claimed blink a frame with eyes clearly less open.
 * A challenge the device claims passed but the frames contradict is a strong spoof cue (replayed or
 * tampered signals). Without challenges the signal is not measured.
 */
export function verifyChallenges(
  faces: (FaceResult | null)[],
  signals: LivenessSignals | undefined,
): SpoofSignal {
  const challenges = signals?.challenges ?? [];
  if (challenges.length === 0) return { score: null, weight: 0, detail: { challenges: 0 } };
  const yaws = faces
    .map((f) => (f ? (facePose(f)?.yaw ?? null) : null))
    .filter((v): v is number => v !== null);
  const openness = faces
    .map((f) => (f ? eyeOpenness(f) : null))
    .filter((v): v is number => v !== null);
  const yawRange = yaws.length >= 2 ? { min: Math.min(...yaws), max: Math.max(...yaws) } : null;
  let failed = 0;
  const detail: SpoofSignal['detail'] = { challenges: challenges.length };
  for (const challenge of challenges) {
    let verified: boolean | null = null;
    if (challenge.kind === 'turn-left' || challenge.kind === 'turn-right') {
      verified = yawRange !== null && yawRange.max - yawRange.min >= TURN_DEGREES;
    } else if (challenge.kind === 'blink') {
      verified =
        openness.length >= 2 && Math.min(...openness) <= Math.max(...openness) * BLINK_RATIO;
    }
    detail[challenge.kind] = verified;
    // A failed challenge the device itself reported as failed is not a spoof cue here: the flow retries.
    if (challenge.passed && verified === false) failed++;
  }
  detail['yawRange'] = yawRange ? Math.round((yawRange.max - yawRange.min) * 10) / 10 : null;
  // For audit only: the device's own yaw per frame against the server's (different models, so a
  // steady offset is normal; a wild disagreement hints at signals not measured on these frames).
  const deviceYaw = signals?.yaw ?? [];
  const serverYaw = faces.map((f) => (f ? (facePose(f)?.yaw ?? null) : null));
  const pairs = deviceYaw.flatMap((yaw, i) => {
    const server = serverYaw[i];
    return server === null || server === undefined ? [] : [Math.abs(yaw - server)];
  });
  detail['deviceYawDeviation'] = pairs.length
    ? Math.round((pairs.reduce((s, v) => s + v, 0) / pairs.length) * 10) / 10
    : null;
  detail['minEyeOpenness'] = openness.length
    ? Math.round(Math.min(...openness) * 1000) / 1000
    : null;
  const verifiable = challenges.filter(
    (c) => c.passed && (c.kind === 'turn-left' || c.kind === 'turn-right' || c.kind === 'blink'),
  ).length;
  return { score: verifiable ? failed / verifiable : null, weight: 2, detail };
}
