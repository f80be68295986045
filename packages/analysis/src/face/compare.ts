import type { FaceResult } from '@vladmandic/human';
import { AnalysisInputError } from '../errors.js';
import { cropRgb, decodeImage, type ImageLimits, type RgbImage } from '../image/decode.js';
import { measureQuality } from '../image/quality.js';
import { stage } from '../perf/stages.js';
import { faceAgeGender, faceDescriptor } from '../models/face-recognition.js';
import { COMPARE_CONFIG } from '../models/human.js';
import type { FaceAnalysis, FaceReport } from '../types.js';
import { alignedChip } from './align.js';
import { descriptorDistance, similarityScore } from './calibration.js';
import { detectFaces, facePose, significantFaces } from './detect.js';

/** Faces are analysed at most this large (longest side). */
export const FACE_IMAGE_SIDE = 800;
/** Smallest usable face, pixels between the box sides. */
const MIN_FACE_SIDE = 40;

/** One image's face and descriptor, or the reason there is none. */
export interface AnalysedFace {
  report: FaceReport;
  descriptor: Float32Array | null;
  face: FaceResult | null;
}

function cropQuality(image: RgbImage, face: FaceResult): number {
  const [x, y, w, h] = face.box;
  const crop = cropRgb(image, x, y, w, h);
  const { width } = crop;
  if (crop.width < 8 || crop.height < 8) return 0;
  const { blur, glare, brightness } = measureQuality(crop);
  const exposure = 1 - Math.min(1, Math.abs(brightness - 0.5) * 1.6);
  const size = Math.min(1, width / 160);
  return (
    Math.round(
      face.score *
        (1 - blur * 0.7) *
        (1 - glare) *
        (0.5 + exposure / 2) *
        (0.4 + size * 0.6) *
        1000,
    ) / 1000
  );
}

/**
 * Detects, checks and embeds the face of one image. Age and gender are read from the aligned chip
 * by face-api's AgeGenderNet (Human's `description` model cost seven times as much).
 */
export async function analyseFace(image: RgbImage, index: number): Promise<AnalysedFace> {
  const faces = significantFaces(
    await stage('face: Human', () => detectFaces(image, COMPARE_CONFIG)),
    image.width,
    image.height,
  );
  const base: FaceReport = {
    index,
    faceCount: faces.length,
    box: null,
    quality: 0,
    pose: null,
    attributes: { age: null, gender: null, genderScore: null },
    reason: null,
  };
  if (faces.length === 0)
    return { report: { ...base, reason: 'NO_FACE' }, descriptor: null, face: null };
  const face = faces[0] as FaceResult;
  const [x, y, width, height] = face.box;
  const chip = await stage('face: align', () => alignedChip(image, face));
  try {
    const ageGender = chip ? await stage('face: age/gender', () => faceAgeGender(chip)) : null;
    const report: FaceReport = {
      ...base,
      box: {
        x: Math.round(x),
        y: Math.round(y),
        width: Math.round(width),
        height: Math.round(height),
      },
      quality: await stage('face: quality', () => cropQuality(image, face)),
      pose: facePose(face),
      attributes: ageGender
        ? {
            age: Math.round(ageGender.age),
            gender: ageGender.gender,
            genderScore: Math.round(ageGender.genderScore * 100) / 100,
          }
        : base.attributes,
    };
    if (faces.length > 1)
      return { report: { ...report, reason: 'MULTIPLE_FACES' }, descriptor: null, face };
    if (Math.min(width, height) < MIN_FACE_SIDE)
      return { report: { ...report, reason: 'FACE_TOO_SMALL' }, descriptor: null, face };
    if (!chip) return { report: { ...report, reason: 'NO_FACE' }, descriptor: null, face };
    return {
      report,
      descriptor: await stage('face: descriptor', () => faceDescriptor(chip)),
      face,
    };
  } finally {
    chip?.dispose();
  }
}

/**
 * Compares every image's face with every other: a symmetric 0–100 matrix (self-pairs 100 when the
 * face is usable). An image without exactly one usable face scores 0 against all and says why.
 */
export async function compareFaceImages(
  images: Buffer[],
  limits?: ImageLimits,
): Promise<FaceAnalysis> {
  if (images.length < 2)
    throw new AnalysisInputError(
      'IDV_ERR_BAD_REQUEST',
      'Face comparison needs at least two images.',
      400,
    );
  const decoded: RgbImage[] = [];
  for (const image of images)
    decoded.push(await stage('face: decode', () => decodeImage(image, FACE_IMAGE_SIDE, limits)));
  const analysed: AnalysedFace[] = [];
  for (const [index, image] of decoded.entries()) analysed.push(await analyseFace(image, index));
  const biometric: Record<string, Record<string, number>> = {};
  for (const [i, a] of analysed.entries()) {
    const row: Record<string, number> = {};
    for (const [j, b] of analysed.entries()) {
      if (!a.descriptor || !b.descriptor) row[String(j)] = 0;
      else
        row[String(j)] =
          i === j ? 100 : similarityScore(descriptorDistance(a.descriptor, b.descriptor));
    }
    biometric[String(i)] = row;
  }
  return { biometric, faces: analysed.map((a) => a.report) };
}
