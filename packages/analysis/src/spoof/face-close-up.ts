import type { Config, FaceResult } from '@vladmandic/human';
import { cropRgb, fitRgb, type RgbImage } from '../image/decode.js';
import { detectFaces } from '../face/detect.js';

/**
 * The close-up's side, in pixels: a face found on the detector-sized copy of a frame is measured
 * again on a crop of the full frame around it, scaled (Lanczos) to this side, so that the face
 * mesh and the iris model see the face at about 250 pixels instead of the 100-odd it spans on the
 * 256-pixel copy, where an eye is some 15 pixels wide and its lids a pixel or two apart. Measured
 * on the painted shut eyes of the liveness bench's tuning faces 2 and 6–10: 0.09–0.25 of eye width
 * on the copy, 0.08–0.16 on the close-up (the same mesh read 0.11 on a real person's shut eyes,
 * issue 19), open eyes about the same on both.
 */
export const CLOSE_UP_SIDE = 512;
/** The close-up spans this many face-box widths, centred on the box (room for the whole head). */
const CLOSE_UP_SPAN = 2;

type Points = readonly (readonly (number | undefined)[])[];

/**
 * `face` (its box in `frame`'s pixels) measured again on a close-up of `frame`: Human's pipeline runs
 * on a crop of {@link CLOSE_UP_SPAN} box widths around the box, scaled to {@link CLOSE_UP_SIDE}, and
 * the face nearest the crop's middle answers. Its mesh, eyelid and iris landmarks are mapped back to
 * `frame`'s pixels; its pose, landmarks and model scores replace the detection copy's; the box stays
 * the one found on the frame (the other signals measure around it). `face` itself when the close-up
 * shows no face.
 */
export async function measureCloseUp(
  frame: RgbImage,
  face: FaceResult,
  config: Partial<Config>,
): Promise<FaceResult> {
  const [x, y, width, height] = face.box;
  const side = Math.max(width, height) * CLOSE_UP_SPAN;
  const crop = cropRgb(frame, x + width / 2 - side / 2, y + height / 2 - side / 2, side, side);
  const left = Math.max(0, Math.round(x + width / 2 - side / 2));
  const top = Math.max(0, Math.round(y + height / 2 - side / 2));
  const closeUp = await fitRgb(crop, CLOSE_UP_SIDE);
  const scale = crop.width / closeUp.width;
  const found = await detectFaces(closeUp, config);
  const middle = [(x + width / 2 - left) / scale, (y + height / 2 - top) / scale];
  const nearest = found
    .map((candidate) => {
      const [cx, cy, cw, ch] = candidate.box;
      return {
        candidate,
        distance: Math.hypot(cx + cw / 2 - middle[0]!, cy + ch / 2 - middle[1]!),
      };
    })
    .sort((a, b) => a.distance - b.distance)[0];
  if (!nearest || nearest.distance > Math.max(width, height) / scale / 2) return face;
  const toFrame = (points: Points): number[][] =>
    points.map(([px = 0, py = 0, pz = 0]) => [left + px * scale, top + py * scale, pz]);
  const annotations = Object.fromEntries(
    Object.entries(nearest.candidate.annotations as Record<string, Points>).map(
      ([name, points]) => [name, toFrame(points)],
    ),
  ) as unknown as FaceResult['annotations'];
  return {
    ...nearest.candidate,
    box: face.box,
    boxRaw: face.boxRaw,
    mesh: toFrame(nearest.candidate.mesh) as FaceResult['mesh'],
    annotations,
  };
}
