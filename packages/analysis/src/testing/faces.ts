import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { photoWindows } from './photo-window.js';
import { Random } from './random.js';

/**
 * Faces inside the sample photos that `@vladmandic/face-api` ships in its `demo/` folder (group photos).
 * The boxes were measured once with Human's detector; the photos themselves are read from the
 * installed package at run time and never committed.
 *
 * Identity ground truth: faces in the same photo are certainly different people. Faces in different
 * photos may be the same person (the photos show an overlapping group), so impostor pairs are drawn
 * within a photo ({@link impostorPairs}); a genuine pair is two captures of one face ({@link faceCapture}).
 */
const FACE_BOXES: readonly (readonly [photo: number, x: number, y: number, size: number])[] = [
  [1, 334, 316, 352],
  [1, 773, 386, 327],
  [1, 1438, 205, 279],
  [2, 281, 117, 328],
  [2, 805, 188, 353],
  [2, 1370, 112, 347],
  [3, 515, 295, 361],
  [3, 1005, 187, 367],
  [3, 1372, 244, 409],
  [4, 176, 185, 302],
  [4, 611, 64, 278],
  [4, 908, 149, 330],
  [4, 1216, 134, 305],
  [5, 279, 847, 370],
  [5, 525, 400, 308],
  [5, 727, 93, 272],
  [5, 1045, 171, 319],
  [5, 1319, 342, 395],
  [6, 177, 456, 360],
  [6, 587, 300, 384],
  [6, 1081, 280, 368],
  [6, 1402, 236, 377],
];

/** One face of the sample set. */
export interface FaceSample {
  /** Position in {@link faceSamples}. */
  index: number;
  /** Stable person id (`s<photo>-<n>`); two different ids in the same photo are different people. */
  personId: string;
  /** Which demo photo (1–6) the face comes from. */
  photo: number;
  /** Face box in the photo. */
  box: { x: number; y: number; width: number; height: number };
}

/** Number of faces in the sample set. */
export const FACE_SAMPLE_COUNT = FACE_BOXES.length;

const require = createRequire(import.meta.url);
const demoDir = join(dirname(require.resolve('@vladmandic/face-api')), '..', 'demo');
const photoCache = new Map<number, Promise<Buffer>>();

function photo(photoNumber: number): Promise<Buffer> {
  let cached = photoCache.get(photoNumber);
  if (!cached) {
    cached = readFile(join(demoDir, `sample${photoNumber}.jpg`));
    photoCache.set(photoNumber, cached);
  }
  return cached;
}

const subjectCache = new Map<number, Promise<Buffer>>();

/**
 * The demo photo of sample `index` with every other face in it blurred beyond recognition: a
 * selfie or a document portrait shows one person, and the group photos' neighbours would
 * otherwise make "two faces" of many crops.
 */
function photoOfSubject(sample: FaceSample): Promise<Buffer> {
  let cached = subjectCache.get(sample.index);
  if (!cached) {
    cached = (async () => {
      const source = await photo(sample.photo);
      const { width = 0, height = 0 } = await sharp(source).metadata();
      const others = faceSamples().filter(
        (s) => s.photo === sample.photo && s.index !== sample.index,
      );
      const patches: sharp.OverlayOptions[] = [];
      for (const other of others) {
        const grow = other.box.width * 0.25;
        const left = Math.max(0, Math.round(other.box.x - grow));
        const top = Math.max(0, Math.round(other.box.y - grow));
        const w = Math.min(width - left, Math.round(other.box.width + 2 * grow));
        const h = Math.min(height - top, Math.round(other.box.height + 2 * grow));
        const patch = await sharp(source)
          .extract({ left, top, width: w, height: h })
          .blur(Math.max(8, w / 12))
          .toBuffer();
        patches.push({ input: patch, left, top });
      }
      return sharp(source).composite(patches).jpeg({ quality: 95 }).toBuffer();
    })();
    subjectCache.set(sample.index, cached);
  }
  return cached;
}

/** The sample faces (metadata only; images come from {@link sampleFace} or {@link faceCapture}). */
export function faceSamples(): FaceSample[] {
  return FACE_BOXES.map(([photoNumber, x, y, size], index) => {
    const inPhoto = FACE_BOXES.slice(0, index).filter(([p]) => p === photoNumber).length;
    return {
      index,
      personId: `s${photoNumber}-${inPhoto}`,
      photo: photoNumber,
      box: { x, y, width: size, height: size },
    };
  });
}

function sampleAt(index: number): FaceSample {
  const sample =
    faceSamples()[((index % FACE_SAMPLE_COUNT) + FACE_SAMPLE_COUNT) % FACE_SAMPLE_COUNT];
  if (!sample) throw new RangeError(`no face sample ${index}`);
  return sample;
}

/** Options of {@link faceCapture}. */
export interface FaceCaptureOptions {
  /** Seed of the capture variation (framing, tilt, light); seed 0 is the canonical portrait. */
  seed?: number | string;
  /** Output width in pixels (height is 4/3 of it). Default 480. */
  width?: number;
  /** Face box width as a share of the output width. Default 0.62 (tight enough to leave out neighbours). */
  faceShare?: number;
}

/**
 * A head-and-shoulders capture of sample face `index` as JPEG. Different seeds give different
 * framings, tilts (±8°), light and sharpness of the same face: two seeds make a genuine pair.
 */
export async function faceCapture(
  index: number,
  options: FaceCaptureOptions = {},
): Promise<Buffer> {
  const sample = sampleAt(index);
  const random = new Random(`face:${index}:${options.seed ?? 0}`);
  const canonical = (options.seed ?? 0) === 0;
  const width = options.width ?? 480;
  const height = Math.round((width * 4) / 3);
  const faceShare = (options.faceShare ?? 0.62) * (canonical ? 1 : random.range(0.85, 1.15));
  const scale = (width * faceShare) / sample.box.width;
  const cropWidth = width / scale;
  const cropHeight = height / scale;
  const centerX =
    sample.box.x +
    sample.box.width / 2 +
    (canonical ? 0 : random.range(-0.08, 0.08) * sample.box.width);
  const centerY = sample.box.y + sample.box.height * (canonical ? 0.62 : random.range(0.55, 0.7));
  // The camera's window onto the photo; where it reaches past the photo's edges (a face near the
  // top of a group photo), the scene goes on out of focus (see `photoWindows`).
  const photoWindow = await photoWindows(await photoOfSubject(sample), `face:${index}`);
  const crop = await photoWindow.window(
    centerX - cropWidth / 2,
    centerY - cropHeight / 2,
    Math.round(cropWidth),
    Math.round(cropHeight),
  );
  let image = sharp(crop.data, { raw: crop.info }).resize(width, height);
  if (!canonical) {
    // Rotate a larger crop, then keep its centre: no filled corners (straight edges a real capture lacks).
    const tilt = random.range(-8, 8);
    const margin = Math.round(Math.max(width, height) * 0.2);
    const wideWindow = await photoWindow.window(
      centerX - cropWidth / 2 - margin / scale,
      centerY - cropHeight / 2 - margin / scale,
      Math.round(cropWidth + (2 * margin) / scale),
      Math.round(cropHeight + (2 * margin) / scale),
    );
    const wide = await sharp(wideWindow.data, { raw: wideWindow.info })
      .resize(width + 2 * margin, height + 2 * margin)
      .rotate(tilt)
      .raw()
      .toBuffer({ resolveWithObject: true });
    image = sharp(wide.data, { raw: wide.info })
      .extract({
        left: Math.round((wide.info.width - width) / 2),
        top: Math.round((wide.info.height - height) / 2),
        width,
        height,
      })
      .modulate({ brightness: random.range(0.75, 1.2), saturation: random.range(0.8, 1.1) });
    if (random.chance(0.4)) image = image.blur(random.range(0.6, 1.6));
  }
  return image.jpeg({ quality: canonical ? 92 : random.int(70, 92) }).toBuffer();
}

/** The canonical portrait of sample face `index` (what documents print), JPEG. */
export function sampleFace(index: number, width = 480): Promise<Buffer> {
  return faceCapture(index, { seed: 0, width, faceShare: 0.72 });
}

/** Pairs of sample indices that are certainly different people (same photo, different faces). */
export function impostorPairs(): [number, number][] {
  const samples = faceSamples();
  const pairs: [number, number][] = [];
  for (const a of samples)
    for (const b of samples)
      if (a.photo === b.photo && a.index < b.index) pairs.push([a.index, b.index]);
  return pairs;
}
