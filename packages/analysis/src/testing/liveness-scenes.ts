import sharp from 'sharp';
import { closeEyes, type EyeGeometry } from './closed-eyes.js';
import { faceCapture } from './faces.js';
import { turnHead, turnedPoint, type FaceGeometry } from './head-turn.js';
import type { RgbFrame } from './y4m.js';

/**
 * Selfie frame sequences for the liveness challenge, on real faces (the face-api demo photos):
 * genuine ones (a head that turns, by the depth warp of {@link turnHead}; eyes that shut, by the
 * painted lids of {@link closeEyes}) and the replays an attacker would send with a forged "passed"
 * claim. Frames are JPEGs at a phone camera's size (3:4, upscaled from the rendering), in the order
 * the element sends them (the order filmed): the frontal frame first, then the challenge frame and,
 * after a blink, the frame with the eyes open again.
 */

/** The active challenges the element draws. */
export type LivenessChallengeKind = 'turn-left' | 'turn-right' | 'blink';

/** A selfie as the element would send it: its frames and the per-frame `meta.frames` roles. */
export interface ChallengeScene {
  kind: LivenessChallengeKind;
  frames: Buffer[];
  roles: ('frontal' | 'challenge')[];
}

/** Options of {@link genuineChallenge}. */
export interface GenuineChallengeOptions {
  /** Width of the sent frames (height 4/3 of it). Default 1200: a phone's front camera. */
  width?: number;
  /** Degrees the head turns for a turn challenge. Default 35. */
  turnDegrees?: number;
  /** Frontal frames sent before the challenge frame. Default 1. */
  frontalFrames?: number;
}

/** Where the face and its eyes are in a portrait, measured with the analysis' own face mesh. */
interface PortraitGeometry {
  face: FaceGeometry;
  eyes: EyeGeometry[];
}

/** Side of the rendered portrait (width; height 4/3 of it) before it is scaled to the camera size. */
const RENDER_WIDTH = 480;

const portraits = new Map<number, Promise<{ frame: RgbFrame; geometry: PortraitGeometry }>>();

async function raw(image: Buffer): Promise<RgbFrame> {
  const { data, info } = await sharp(image)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/**
 * Sample face `index` as a head-and-shoulders selfie, and where its face and eyes are: the head's
 * axis through the middle of the eyes and its tilt (the eyes' line), the face width from the eye corners (as the warp's head
 * model expects it), each eye's corners and lid gap from MediaPipe's mesh points.
 */
function portrait(index: number): Promise<{ frame: RgbFrame; geometry: PortraitGeometry }> {
  let cached = portraits.get(index);
  if (!cached) {
    cached = (async () => {
      const image = await faceCapture(index, { seed: 0, width: RENDER_WIDTH, faceShare: 0.45 });
      const frame = await raw(image);
      // Loaded on first use: the rest of the testing module needs no model.
      const { detectFaces } = await import('../face/detect.js');
      const { COMPARE_CONFIG } = await import('../models/human.js');
      const [face] = await detectFaces(frame, COMPARE_CONFIG);
      if (!face?.mesh || face.mesh.length < 468)
        throw new Error(`sample face ${index} has no face mesh`);
      const at = (i: number) => ({ x: face.mesh[i]![0]!, y: face.mesh[i]![1]! });
      // Mesh indices: 33/133 one eye's outer/inner corners, 263/362 the other's; 159/145 and
      // 386/374 the middles of their lids.
      const eyeLids: EyeGeometry[] = [
        {
          outer: at(33),
          inner: at(133),
          opening: Math.hypot(at(159).x - at(145).x, at(159).y - at(145).y),
        },
        {
          outer: at(263),
          inner: at(362),
          opening: Math.hypot(at(386).x - at(374).x, at(386).y - at(374).y),
        },
      ].map((eye) => ({ ...eye, opening: Math.max(eye.opening, 4) }));
      const corners = Math.hypot(at(263).x - at(33).x, at(263).y - at(33).y);
      const boxWidth = corners * 1.9;
      // The head's tilt: the line through the outer eye corners against the frame's rows. The
      // face's middle lies below the eyes along the head's own vertical axis.
      const roll = Math.atan2(at(263).y - at(33).y, at(263).x - at(33).x);
      const eyes = { x: (at(33).x + at(263).x) / 2, y: (at(33).y + at(263).y) / 2 };
      const geometry: PortraitGeometry = {
        face: {
          centerX: eyes.x - Math.sin(roll) * boxWidth * 0.17,
          centerY: eyes.y + Math.cos(roll) * boxWidth * 0.17,
          boxWidth,
          roll: (roll * 180) / Math.PI,
        },
        eyes: eyeLids,
      };
      return { frame, geometry };
    })();
    portraits.set(index, cached);
  }
  return cached;
}

/** The portrait turned by `turn` degrees with its eyes `closure` shut (0 open, 1 closed). */
function pose(
  { frame, geometry }: { frame: RgbFrame; geometry: PortraitGeometry },
  turn: number,
  closure: number,
): RgbFrame {
  const turned = turnHead(frame, geometry.face, turn);
  return closeEyes(
    turned,
    geometry.eyes.map((eye) => ({
      ...eye,
      outer: turnedPoint(geometry.face, turn, eye.outer),
      inner: turnedPoint(geometry.face, turn, eye.inner),
    })),
    closure,
  );
}

/** A rendered frame as the phone sends it: scaled to the camera's size, JPEG. */
function cameraJpeg(frame: RgbFrame, width: number, seed: number): Promise<Buffer> {
  return sharp(frame.data, { raw: { width: frame.width, height: frame.height, channels: 3 } })
    .resize(width, Math.round((width * 4) / 3), { kernel: 'lanczos3' })
    .modulate({ brightness: 1 + ((seed % 5) - 2) * 0.02 })
    .jpeg({ quality: 88 })
    .toBuffer();
}

/**
 * A live person doing challenge `kind` in front of the camera: frontal frame(s), then the frame at
 * the peak of the challenge (the head turned to the person's left or right, or the eyes shut),
 * and for a blink the frame with the eyes open again.
 * Turning to their left moves the nose to the right of the unmirrored frame (positive warp).
 */
export async function genuineChallenge(
  index: number,
  kind: LivenessChallengeKind,
  options: GenuineChallengeOptions = {},
): Promise<ChallengeScene> {
  const width = options.width ?? 1200;
  const degrees = options.turnDegrees ?? 35;
  const source = await portrait(index);
  const frontalCount = options.frontalFrames ?? 1;
  const frames: Buffer[] = [];
  for (let i = 0; i < frontalCount; i++)
    frames.push(await cameraJpeg(pose(source, i === 0 ? 0 : 2 * (i % 2 ? 1 : -1), 0), width, i));
  const peak =
    kind === 'blink'
      ? pose(source, 0, 1)
      : pose(source, kind === 'turn-left' ? degrees : -degrees, 0);
  frames.push(await cameraJpeg(peak, width, frontalCount));
  const roles: ChallengeScene['roles'] = [
    ...Array.from({ length: frontalCount }, () => 'frontal' as const),
    'challenge',
  ];
  if (kind === 'blink') {
    // The element ends a blink on the frame with the eyes open again and sends it last, as a
    // frontal frame: the service checks open, shut, open in the order filmed.
    frames.push(await cameraJpeg(pose(source, 0, 0), width, frontalCount + 1));
    roles.push('frontal');
  }
  return { kind, frames, roles };
}

/**
 * A replay that claims challenge `kind` with the same still picture in every frame (a photo held
 * in front of the camera, a document portrait, a screen or a print): what the frames show never
 * changes, whatever the device claims.
 */
export function stillReplay(
  kind: LivenessChallengeKind,
  picture: Buffer,
  frameCount = 2,
): ChallengeScene {
  return {
    kind,
    frames: Array.from({ length: frameCount }, () => picture),
    roles: Array.from({ length: frameCount }, (_, i) =>
      i === frameCount - 1 ? ('challenge' as const) : ('frontal' as const),
    ),
  };
}

/**
 * A flat picture (a print or a screen) turned about its vertical axis in front of the camera, the
 * way an attacker fakes a head turn with a photo: the whole picture is foreshortened in perspective,
 * nothing in it turns in depth.
 */
export async function tiltedPicture(picture: Buffer, degrees: number): Promise<Buffer> {
  const frame = await raw(picture);
  const { width, height } = frame;
  const out = Buffer.alloc(frame.data.length, 0);
  const angle = (degrees * Math.PI) / 180;
  const [sin, cos] = [Math.sin(angle), Math.cos(angle)];
  // A pinhole camera 1.5 picture widths away: a point u across, v down the picture (from its
  // middle) is seen at x = D·u·cos / (D + u·sin), y = D·v / (D + u·sin); inverted per pixel.
  const distance = width * 1.5;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const cx = x - width / 2;
      const u = (cx * distance) / (distance * cos - cx * sin);
      const v = ((y - height / 2) * (distance + u * sin)) / distance;
      const ix = Math.round(u + width / 2);
      const iy = Math.round(v + height / 2);
      if (ix < 0 || iy < 0 || ix >= width || iy >= height) continue;
      frame.data.copy(out, (y * width + x) * 3, (iy * width + ix) * 3, (iy * width + ix) * 3 + 3);
    }
  return sharp(out, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** Whether the analysis' face detector finds a face in `image` (for scene sanity checks). */
export async function hasFace(image: Buffer): Promise<boolean> {
  const { detectFaces } = await import('../face/detect.js');
  const { PORTRAIT_CONFIG } = await import('../models/human.js');
  return (await detectFaces(await raw(image), PORTRAIT_CONFIG)).length > 0;
}
