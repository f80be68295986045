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

/** face-api's FaceRecognitionNet (ResNet-34, 128-d descriptors) from the package's `model/` folder; once per process. */
export function loadFaceRecognition(): Promise<typeof FaceApi> {
  loading ??= loadTfjs().then(() =>
    loadWithoutProcessHooks(TFJS_ORIGIN, async () => {
      const faceapi = requireWithoutGlobals<typeof FaceApi>(
        join(faceApiDist, 'face-api.node-wasm.js'),
      );
      await faceapi.nets.faceRecognitionNet.loadFromDisk(join(faceApiDist, '..', 'model'));
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
