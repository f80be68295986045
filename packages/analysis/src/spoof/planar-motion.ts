import type { RgbImage } from '../image/decode.js';
import { loadOpenCv, withMats } from '../models/opencv.js';

/** A face box in the frame's pixels. */
export interface FaceBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * How the face moved against its surroundings between two frames, from tracked image features:
 * a flat picture (a print or a screen tilted to fake a head turn) moves as one plane, so the
 * homography fitted on the picture around the face (hair, neck, shoulders, the photo's own
 * background) also maps the face; a head turning in front of the camera moves its face in depth,
 * away from what the surroundings do.
 */
export interface PlanarMotion {
  /** Tracks kept inside the face box and in the ring around it. */
  faceTracks: number;
  ringTracks: number;
  /**
   * Median distance, in face-box widths, between where the face's features went and where the
   * ring's homography sends them: about 0 for a flat picture. `null` when too few features could
   * be tracked to tell.
   */
  residual: number | null;
  /** Median displacement of the face's features, in face-box widths (how much the face moved at all). */
  faceShift: number | null;
  /**
   * Median horizontal part of the residual, signed (positive: the face moved to the frame's right
   * of where its surroundings' homography sends it, as when the person turns to their left), in
   * face-box widths; `null` with the residual.
   */
  drift: number | null;
  /**
   * How far one plane is from explaining the face and its surroundings together: one homography
   * is fitted (RANSAC) on the tracks of the face and of the ring at once, and this is the larger of
   * the two groups' median distances from it, in face-box widths. A flat picture moves as one plane
   * (about 0, whichever group dominates the fit); a turning head leaves the face or its surroundings
   * far from any single plane. Unlike {@link residual} it does not extrapolate the ring's motion into
   * the face, so a ring whose tracks sit on one side of the face does not inflate it. `null` with the
   * residual.
   */
  onePlane: number | null;
}

/** The face box is analysed at this width (features are tracked on an antialiased copy). */
const WORKING_FACE_WIDTH = 160;
/** The ring around the face box, as a share of the box's width on each side. */
export const RING_SHARE = 0.35;
/**
 * The face's own features: the middle of the face box (eyes, nose, mouth, cheeks), as a share of
 * the box's width and height. The box's edges also hold hair and background, which stay put
 * while the face turns.
 */
const CORE = { width: 0.6, height: 0.7 };
/** Tracks needed in each of the face and the ring before the residual is measured. */
const MIN_TRACKS = 12;
/** A track is kept when tracking it back lands within this many working pixels of its start. */
const MAX_ROUND_TRIP = 1;

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * Tracks corner features from `first` to `last` (pyramidal Lucas–Kanade, kept only when tracking
 * back returns to the start) inside the face box of the first frame and in a ring of
 * {@link RING_SHARE} box widths around it, fits a homography on the ring's tracks (RANSAC) and
 * measures how far the face's tracks land from where it sends them.
 */
export async function planarMotion(
  first: RgbImage,
  last: RgbImage,
  face: FaceBox,
): Promise<PlanarMotion> {
  const { cv } = await loadOpenCv();
  return withMats((track) => {
    const scale = Math.min(1, WORKING_FACE_WIDTH / face.width);
    const gray = (image: RgbImage) => {
      const rgb = track(new cv.Mat(image.height, image.width, cv.CV_8UC3));
      rgb.data.set(image.data);
      const out = track(new cv.Mat());
      cv.cvtColor(rgb, out, cv.COLOR_RGB2GRAY);
      const small = track(new cv.Mat());
      cv.resize(out, small, new cv.Size(0, 0), scale, scale, cv.INTER_AREA);
      return small;
    };
    const g0 = gray(first);
    let g1 = gray(last);
    // Frames of one capture share a size; a last frame sent at another size is compared at the
    // first one's, so that a resized frame cannot opt out of the measurement.
    if (g0.cols !== g1.cols || g0.rows !== g1.rows) {
      const same = track(new cv.Mat());
      cv.resize(g1, same, new cv.Size(g0.cols, g0.rows), 0, 0, cv.INTER_AREA);
      g1 = same;
    }
    const box = {
      x: face.x * scale,
      y: face.y * scale,
      width: face.width * scale,
      height: face.height * scale,
    };
    const margin = box.width * RING_SHARE;
    const region = {
      x0: Math.max(0, Math.floor(box.x - margin)),
      y0: Math.max(0, Math.floor(box.y - margin)),
      x1: Math.min(g0.cols, Math.ceil(box.x + box.width + margin)),
      y1: Math.min(g0.rows, Math.ceil(box.y + box.height + margin)),
    };
    const mask = track(cv.Mat.zeros(g0.rows, g0.cols, cv.CV_8UC1));
    cv.rectangle(
      mask,
      new cv.Point(region.x0, region.y0),
      new cv.Point(region.x1 - 1, region.y1 - 1),
      new cv.Scalar(255),
      -1,
    );
    const corners = track(new cv.Mat());
    cv.goodFeaturesToTrack(g0, corners, 600, 0.005, 3, mask, 5);
    const forward = track(new cv.Mat());
    const back = track(new cv.Mat());
    const status = track(new cv.Mat());
    const backStatus = track(new cv.Mat());
    const error = track(new cv.Mat());
    const backError = track(new cv.Mat());
    const window = new cv.Size(21, 21);
    const criteria = new cv.TermCriteria(cv.TermCriteria_EPS | cv.TermCriteria_COUNT, 30, 0.01);
    if (corners.rows === 0)
      return {
        faceTracks: 0,
        ringTracks: 0,
        residual: null,
        faceShift: null,
        drift: null,
        onePlane: null,
      };
    cv.calcOpticalFlowPyrLK(g0, g1, corners, forward, status, error, window, 4, criteria);
    cv.calcOpticalFlowPyrLK(g1, g0, forward, back, backStatus, backError, window, 4, criteria);
    const faceFrom: number[] = [];
    const faceTo: number[] = [];
    const ringFrom: number[] = [];
    const ringTo: number[] = [];
    for (let i = 0; i < corners.rows; i++) {
      if (!status.data[i] || !backStatus.data[i]) continue;
      const [x, y] = [corners.data32F[i * 2]!, corners.data32F[i * 2 + 1]!];
      const [tx, ty] = [forward.data32F[i * 2]!, forward.data32F[i * 2 + 1]!];
      const [bx, by] = [back.data32F[i * 2]!, back.data32F[i * 2 + 1]!];
      if (Math.hypot(bx - x, by - y) > MAX_ROUND_TRIP) continue;
      const inBox = x >= box.x && x <= box.x + box.width && y >= box.y && y <= box.y + box.height;
      const central =
        Math.abs(x - (box.x + box.width / 2)) <= (box.width * CORE.width) / 2 &&
        Math.abs(y - (box.y + box.height / 2)) <= (box.height * CORE.height) / 2;
      if (central) {
        faceFrom.push(x, y);
        faceTo.push(tx, ty);
      } else if (!inBox) {
        ringFrom.push(x, y);
        ringTo.push(tx, ty);
      }
    }
    const faceTracks = faceFrom.length / 2;
    const ringTracks = ringFrom.length / 2;
    const shifts: number[] = [];
    for (let i = 0; i < faceTracks; i++)
      shifts.push(
        Math.hypot(faceTo[i * 2]! - faceFrom[i * 2]!, faceTo[i * 2 + 1]! - faceFrom[i * 2 + 1]!) /
          box.width,
      );
    const faceShift = median(shifts);
    if (faceTracks < MIN_TRACKS || ringTracks < MIN_TRACKS)
      return { faceTracks, ringTracks, residual: null, faceShift, drift: null, onePlane: null };
    const src = track(cv.matFromArray(ringTracks, 1, cv.CV_32FC2, ringFrom));
    const dst = track(cv.matFromArray(ringTracks, 1, cv.CV_32FC2, ringTo));
    const homography = track(cv.findHomography(src, dst, cv.RANSAC, 1.5));
    if (homography.empty())
      return { faceTracks, ringTracks, residual: null, faceShift, drift: null, onePlane: null };
    const facePoints = track(cv.matFromArray(faceTracks, 1, cv.CV_32FC2, faceFrom));
    const mapped = track(new cv.Mat());
    cv.perspectiveTransform(facePoints, mapped, homography);
    const residuals: number[] = [];
    const drifts: number[] = [];
    for (let i = 0; i < faceTracks; i++) {
      drifts.push((faceTo[i * 2]! - mapped.data32F[i * 2]!) / box.width);
      residuals.push(
        Math.hypot(
          mapped.data32F[i * 2]! - faceTo[i * 2]!,
          mapped.data32F[i * 2 + 1]! - faceTo[i * 2 + 1]!,
        ) / box.width,
      );
    }
    return {
      faceTracks,
      ringTracks,
      residual: median(residuals),
      faceShift,
      drift: median(drifts),
      onePlane: onePlaneDistance(cv, track, [ringFrom, ringTo], [faceFrom, faceTo], box.width),
    };
  });
}

/**
 * The larger of the median distances (in `unit`s) of the ring's and the face's tracks from the one
 * homography fitted on both together (see {@link PlanarMotion.onePlane}); `null` when none fits.
 */
function onePlaneDistance(
  cv: Awaited<ReturnType<typeof loadOpenCv>>['cv'],
  track: <T extends { delete(): void }>(mat: T) => T,
  [ringFrom, ringTo]: [number[], number[]],
  [faceFrom, faceTo]: [number[], number[]],
  unit: number,
): number | null {
  const count = (ringFrom.length + faceFrom.length) / 2;
  const src = track(cv.matFromArray(count, 1, cv.CV_32FC2, [...ringFrom, ...faceFrom]));
  const dst = track(cv.matFromArray(count, 1, cv.CV_32FC2, [...ringTo, ...faceTo]));
  const homography = track(cv.findHomography(src, dst, cv.RANSAC, 1.5));
  if (homography.empty()) return null;
  const mapped = track(new cv.Mat());
  cv.perspectiveTransform(src, mapped, homography);
  const distances = (from: number, to: number[]) =>
    Array.from(
      { length: to.length / 2 },
      (_, i) =>
        Math.hypot(
          mapped.data32F[(from + i) * 2]! - to[i * 2]!,
          mapped.data32F[(from + i) * 2 + 1]! - to[i * 2 + 1]!,
        ) / unit,
    );
  const ring = median(distances(0, ringTo));
  const face = median(distances(ringFrom.length / 2, faceTo));
  return ring === null || face === null ? null : Math.max(ring, face);
}
