/**
 * Maps a FaceRecognitionNet descriptor distance (Euclidean, 128-d) to the 0–100 `biometric` score.
 * Logistic, decreasing, with score 70 exactly at {@link MATCH_DISTANCE}: a pair passes at ≥ 70.
 * The constants come from `npm run calibrate -w packages/analysis` on the face-api demo faces and
 * their degraded captures (see README.md for the measured error rates).
 */
export const MATCH_DISTANCE = 0.45;
/** Steepness of the logistic, per unit of distance. */
const STEEPNESS = 12;
const MIDPOINT = MATCH_DISTANCE + Math.log(100 / 70 - 1) / -STEEPNESS;

/** The 0–100 similarity of two faces whose descriptors are `distance` apart (rounded to 0.1). */
export function similarityScore(distance: number): number {
  const score = 100 / (1 + Math.exp(STEEPNESS * (distance - MIDPOINT)));
  return Math.round(score * 10) / 10;
}

/** Euclidean distance between two descriptors. */
export function descriptorDistance(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) {
    const d = (a[i] as number) - (b[i] as number);
    sum += d * d;
  }
  return Math.sqrt(sum);
}
