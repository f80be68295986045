import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type * as FaceApi from '@vladmandic/face-api';
import type { Tensor3D } from '@tensorflow/tfjs-core';
import { loadWithoutProcessHooks, requireWithoutGlobals } from './process-hygiene.js';
import { TFJS_ORIGIN, loadTfjs } from './tfjs.js';

const require = createRequire(import.meta.url);
// Resolve the package without loading its default (tfjs-node) build: only the wasm build is required.
const faceApiDist = dirname(require.resolve('@vladmandic/face-api'));

let loading: Promise<typeof FaceApi> | undefined;

/**
 * face-api's FaceRecognitionNet (ResNet-34, 128-d descriptors) and AgeGenderNet from the package's
 * `model/` folder; once per process.
 */
export function loadFaceRecognition(): Promise<typeof FaceApi> {
  loading ??= loadTfjs().then(() =>
    loadWithoutProcessHooks(TFJS_ORIGIN, async () => {
      const faceapi = requireWithoutGlobals<typeof FaceApi>(
        join(faceApiDist, 'face-api.node-wasm.js'),
      );
      const models = join(faceApiDist, '..', 'model');
      await faceapi.nets.faceRecognitionNet.loadFromDisk(models);
      await faceapi.nets.ageGenderNet.loadFromDisk(models);
      return faceapi;
    }),
  );
  return loading;
}

/** The 128-d descriptor of an aligned 150 × 150 face chip. */
export async function faceDescriptor(chip: Tensor3D): Promise<Float32Array> {
  const faceapi = await loadFaceRecognition();
  return (await faceapi.nets.faceRecognitionNet.computeFaceDescriptor(chip)) as Float32Array;
}

/** Estimated age (years) and gender of a face, with the gender's probability (0.5–1). */
export interface AgeGender {
  age: number;
  gender: `${FaceApi.Gender}`;
  genderScore: number;
}

/**
 * Age and gender of an aligned face chip by face-api's AgeGenderNet (a small MobileNet: ~12 ms
 * where Human's `description` model took ~85 ms per face on the wasm backend).
 */
export async function faceAgeGender(chip: Tensor3D): Promise<AgeGender> {
  const faceapi = await loadFaceRecognition();
  const { age, gender, genderProbability } = (await faceapi.nets.ageGenderNet.predictAgeAndGender(
    chip,
  )) as FaceApi.AgeAndGenderPrediction;
  return { age, gender, genderScore: genderProbability };
}
