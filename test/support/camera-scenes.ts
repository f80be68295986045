/**
 * What the fake camera films: a document lying on a table (a generated document photo, held
 * almost still), and a face that looks at the camera, turns its head to one side and to the
 * other, and blinks (a generated portrait, turned by a depth warp, its eyes closed by painted
 * lids), so it passes whichever liveness challenge the element draws.
 */
import sharp from 'sharp';
import { closeEyes, type EyeGeometry } from './closed-eyes.js';
import { turnHead, turnedPoint, type FaceGeometry } from './head-turn.js';
import { y4mVideo, type RgbFrame } from '@idv/analysis/testing';

export type { EyeGeometry } from './closed-eyes.js';
export type { FaceGeometry } from './head-turn.js';

/** Frame size of the document video: 4:3 like the generated photos, enough pixels for the OCR. */
const DOCUMENT_SIZE = { width: 1280, height: 960 };
/** Frame size of the selfie video: a phone's front camera held upright (3:4). */
const SELFIE_SIZE = { width: 480, height: 640 };
/** Frame rate of the selfie video. */
const SELFIE_FPS = 10;

/**
 * A camera's auto-exposure keeps white card stock below clipping (about 235 of 255); the generated
 * documents are pure white, which the element's glare measure (share of saturated 4×4 blocks)
 * would take for glare.
 */
const DOCUMENT_EXPOSURE = 0.92;

async function rgbCover(
  image: Buffer,
  size: { width: number; height: number },
  exposure = 1,
): Promise<RgbFrame> {
  const { data, info } = await sharp(image)
    .linear(exposure, 0)
    .resize(size.width, size.height, { fit: 'cover' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Shifts a frame right by `dx` pixels (the left column repeats): a hand is never perfectly still. */
function shifted(frame: RgbFrame, dx: number): RgbFrame {
  if (dx === 0) return frame;
  const data = Buffer.alloc(frame.data.length);
  const row = frame.width * 3;
  for (let y = 0; y < frame.height; y += 1) {
    const start = y * row;
    frame.data.copy(data, start + dx * 3, start, start + row - dx * 3);
    for (let x = 0; x < dx; x += 1) frame.data.copy(data, start + x * 3, start, start + 3);
  }
  return { ...frame, data };
}

/** A y4m video of a document photo held in front of the camera (1280×960, 10 fps, 1 px sway). */
export async function documentVideo(photo: Buffer): Promise<Buffer> {
  const frame = await rgbCover(photo, DOCUMENT_SIZE, DOCUMENT_EXPOSURE);
  return y4mVideo([frame, frame, shifted(frame, 1), shifted(frame, 1)], 10);
}

/** Where the face and its eyes are in a portrait, in the portrait's pixels. */
export interface PortraitGeometry {
  face: FaceGeometry;
  eyes: readonly EyeGeometry[];
}

/** What one frame of the selfie video shows: the head's turn and how shut the eyes are. */
export interface SelfiePose {
  /** Degrees of the warp; positive: the nose moves to the right of the frame (the person turns to their left). */
  turn: number;
  /** 0 open, 1 closed. */
  closure: number;
}

/**
 * The head's turns (degrees of the warp, positive to the person's left): where the face looks
 * straight at the camera (a portrait whose subject looks a little aside needs a small turn), where
 * it has turned to its left and to its right, and where it blinks.
 */
export interface HeadTurns {
  frontal: number;
  left: number;
  right: number;
  blinking: number;
}

/**
 * One loop of the selfie video, a pose per frame at 10 fps (6.4 s): frontal for 1.2 s (more than
 * the element's 0.8 s of alignment), a turn to the person's left and back, frontal, a turn to the
 * right and back, frontal, a blink (eyes closed for 0.4 s), frontal. Every action comes once in
 * any 6.4 s, so at least once in the element's 12 s challenge window, whichever it asks for.
 */
export function selfieScript(turns: HeadTurns): SelfiePose[] {
  const hold = (turn: number, frames: number, closure = 0) =>
    Array.from({ length: frames }, () => ({ turn, closure }));
  const ramp = (from: number, to: number, frames: number) =>
    Array.from({ length: frames }, (_, i) => ({
      turn: from + ((to - from) * (i + 1)) / frames,
      closure: 0,
    }));
  const { frontal, left, right, blinking } = turns;
  return [
    ...hold(frontal, 12),
    ...ramp(frontal, left, 4),
    ...hold(left, 6),
    ...ramp(left, frontal, 4),
    ...hold(frontal, 8),
    ...ramp(frontal, right, 4),
    ...hold(right, 6),
    ...ramp(right, frontal, 4),
    ...hold(frontal, 8),
    ...hold(blinking, 1, 0.5),
    ...hold(blinking, 4, 1),
    ...hold(blinking, 1, 0.5),
    ...hold(frontal, 2),
  ];
}

/** The portrait cropped to the selfie frame around its face, its geometry moved along. */
async function selfieFrame(
  portrait: Buffer,
  geometry: PortraitGeometry,
): Promise<{ frame: RgbFrame; face: FaceGeometry; eyes: EyeGeometry[] }> {
  const { data, info } = await sharp(portrait)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { face } = geometry;
  const top = Math.round(
    Math.min(Math.max(0, face.centerY - SELFIE_SIZE.height / 2), info.height - SELFIE_SIZE.height),
  );
  const left = Math.round(
    Math.min(Math.max(0, face.centerX - SELFIE_SIZE.width / 2), info.width - SELFIE_SIZE.width),
  );
  const crop = await sharp(data, { raw: info })
    .extract({ left, top, ...SELFIE_SIZE })
    .raw()
    .toBuffer();
  const moved = ({ x, y }: { x: number; y: number }) => ({ x: x - left, y: y - top });
  return {
    frame: { data: crop, ...SELFIE_SIZE },
    face: { ...face, centerX: face.centerX - left, centerY: face.centerY - top },
    eyes: geometry.eyes.map((eye) => ({
      ...eye,
      outer: moved(eye.outer),
      inner: moved(eye.inner),
    })),
  };
}

/** The frames of {@link selfieVideo}, one per pose of `script`. */
export async function selfieFrames(
  portrait: Buffer,
  geometry: PortraitGeometry,
  script: readonly SelfiePose[],
): Promise<RgbFrame[]> {
  const { frame, face, eyes } = await selfieFrame(portrait, geometry);
  // The lids are painted on the turned face, where its eyes have moved to.
  const render = ({ turn, closure }: SelfiePose): RgbFrame =>
    closeEyes(
      turnHead(frame, face, turn),
      eyes.map((eye) => ({
        ...eye,
        outer: turnedPoint(face, turn, eye.outer),
        inner: turnedPoint(face, turn, eye.inner),
      })),
      closure,
    );
  const cache = new Map<string, RgbFrame>();
  return script.map((pose) => {
    const key = `${Math.round(pose.turn * 10)}:${pose.closure}`;
    let rendered = cache.get(key);
    if (!rendered) {
      rendered = render(pose);
      cache.set(key, rendered);
    }
    return rendered;
  });
}

/**
 * A y4m selfie video (480×640, 10 fps, {@link selfieScript} in a loop, 12 MB) of a portrait that
 * looks at the camera, turns its head to its left and back, to its right and back, and blinks:
 * whichever challenge the element draws, the face does it within a loop.
 */
export async function selfieVideo(
  portrait: Buffer,
  geometry: PortraitGeometry,
  turns: HeadTurns,
): Promise<Buffer> {
  return y4mVideo(await selfieFrames(portrait, geometry, selfieScript(turns)), SELFIE_FPS);
}
