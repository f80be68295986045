/**
 * Turns a face detector's answer (Human's `FaceResult` shape: box, 468-point mesh, rotation) into
 * the element's `FaceFrameAnalysis`: placement, pose in degrees, eye openness for the blink
 * challenge, and coaching issues. Pure, so it is tested on recorded detector output.
 */
import {
  FaceIssue,
  type FaceFrameAnalysis,
  type FaceLandmarks,
  type Point,
} from '../../../../worker/types.js';

/** The part of a detected face this module reads (normalized coordinates, angles in radians). */
export interface DetectedFace {
  score: number;
  /** `[x, y, width, height]`, normalized 0–1. */
  boxRaw: [number, number, number, number];
  /** Mesh points `[x, y, z]`, normalized 0–1 (468 points of the MediaPipe face mesh topology). */
  meshRaw: number[][];
  rotation?: { angle: { roll: number; yaw: number; pitch: number } } | null;
  /**
   * Frame width over height. The normalized mesh squeezes a landscape frame's x axis, so the eye
   * aspect ratio is measured after scaling x back by it. Defaults to 1 (a square frame).
   */
  frameAspect?: number;
}

/** Thresholds of the face placement. */
export interface FacePlacementOptions {
  /** Face box width over frame width. */
  minWidth: number;
  maxWidth: number;
  /** Largest distance of the box centre from the frame centre (normalized). */
  maxOffset: number;
  /** Largest |yaw| and |pitch| of a frontal face, degrees. */
  maxFrontalAngle: number;
}

/** Defaults for a 4:3 front camera frame. */
export const defaultFacePlacementOptions: FacePlacementOptions = {
  minWidth: 0.22,
  maxWidth: 0.75,
  maxOffset: 0.18,
  maxFrontalAngle: 18,
};

/** Mesh indices (MediaPipe face mesh topology) of the points the element uses. */
const mesh = {
  leftEyeUpper: 159,
  leftEyeLower: 145,
  leftEyeOuter: 33,
  leftEyeInner: 133,
  rightEyeUpper: 386,
  rightEyeLower: 374,
  rightEyeInner: 362,
  rightEyeOuter: 263,
  noseTip: 1,
  mouthLeft: 61,
  mouthRight: 291,
  chin: 152,
} as const;

const point = (m: number[][], index: number): Point => ({
  x: m[index]?.[0] ?? 0,
  y: m[index]?.[1] ?? 0,
});
const distance = (p: Point, q: Point): number => Math.hypot(p.x - q.x, p.y - q.y);

/** Eye openness above which the eyes count as open (`FaceFrameAnalysis.eyesOpen`). */
export const eyesOpenThreshold = 0.35;

/**
 * Eye aspect ratio of one eye in pixel proportions: lid gap over eye width (about 0.3 open, under
 * 0.15 closed). `aspect` (frame width over height) scales the normalized x back to pixels.
 */
function eyeAspect(
  m: number[][],
  aspect: number,
  [upper, lower, a, b]: readonly [number, number, number, number],
): number {
  const pixel = (index: number): Point => {
    const p = point(m, index);
    return { x: p.x * aspect, y: p.y };
  };
  const width = distance(pixel(a), pixel(b));
  return width === 0 ? 0 : distance(pixel(upper), pixel(lower)) / width;
}

/**
 * Eye openness from the mean eye aspect ratio of both eyes: 0 at a ratio of 0.1 (shut), 1 at 0.3
 * (a typical open eye), and above 1 for wider eyes: never capped, so that a person's own open-eye
 * baseline (the blink is judged against it) keeps its real value instead of being flattened to 1.
 * The same whatever the frame's shape: `frameAspect` is the frame's width over its height (the mesh
 * is normalized by each).
 */
export function eyeOpenness(meshRaw: number[][], frameAspect = 1): number {
  if (meshRaw.length < 468) return 0;
  const aspect = Number.isFinite(frameAspect) && frameAspect > 0 ? frameAspect : 1;
  const left = eyeAspect(meshRaw, aspect, [
    mesh.leftEyeUpper,
    mesh.leftEyeLower,
    mesh.leftEyeOuter,
    mesh.leftEyeInner,
  ]);
  const right = eyeAspect(meshRaw, aspect, [
    mesh.rightEyeUpper,
    mesh.rightEyeLower,
    mesh.rightEyeInner,
    mesh.rightEyeOuter,
  ]);
  const ratio = (left + right) / 2;
  return Math.max(0, (ratio - 0.1) / (0.3 - 0.1));
}

const degrees = (radians: number): number => Math.round(((radians * 180) / Math.PI) * 10) / 10;

/**
 * Builds the analysis of a frame from every face the detector found (largest first is not
 * assumed: the main face is the largest box).
 */
export function faceMetrics(
  faces: DetectedFace[],
  options: FacePlacementOptions = defaultFacePlacementOptions,
): FaceFrameAnalysis {
  const confident = faces.filter((f) => f.score >= 0.5);
  const main = [...confident].sort(
    (a, b) => b.boxRaw[2] * b.boxRaw[3] - a.boxRaw[2] * a.boxRaw[3],
  )[0];
  if (!main) {
    return {
      faces: 0,
      box: null,
      landmarks: null,
      yaw: 0,
      pitch: 0,
      roll: 0,
      eyesOpen: false,
      eyeOpenness: 0,
      confidence: 0,
      ok: false,
      issues: [FaceIssue.noFace],
    };
  }
  const [x, y, width, height] = main.boxRaw;
  const angle = main.rotation?.angle ?? { roll: 0, yaw: 0, pitch: 0 };
  const yaw = degrees(angle.yaw);
  const pitch = degrees(angle.pitch);
  const roll = degrees(angle.roll);
  const m = main.meshRaw;
  const landmarks: FaceLandmarks | null =
    m.length >= 468
      ? {
          leftEye: point(m, mesh.leftEyeOuter),
          rightEye: point(m, mesh.rightEyeOuter),
          nose: point(m, mesh.noseTip),
          mouthLeft: point(m, mesh.mouthLeft),
          mouthRight: point(m, mesh.mouthRight),
          chin: point(m, mesh.chin),
        }
      : null;
  const openness = eyeOpenness(m, main.frameAspect);

  const issues: FaceIssue[] = [];
  if (confident.length > 1) issues.push(FaceIssue.multipleFaces);
  if (width < options.minWidth) issues.push(FaceIssue.tooFar);
  else if (width > options.maxWidth) issues.push(FaceIssue.tooClose);
  const offset = Math.hypot(x + width / 2 - 0.5, y + height / 2 - 0.5);
  if (offset > options.maxOffset) issues.push(FaceIssue.offCenter);
  if (Math.abs(yaw) > options.maxFrontalAngle || Math.abs(pitch) > options.maxFrontalAngle) {
    issues.push(FaceIssue.turned);
  }
  return {
    faces: confident.length,
    box: { x, y, width, height },
    landmarks,
    yaw,
    pitch,
    roll,
    eyesOpen: openness > eyesOpenThreshold,
    eyeOpenness: Math.round(openness * 1000) / 1000,
    confidence: Math.round(main.score * 1000) / 1000,
    ok: issues.length === 0,
    issues,
  };
}
