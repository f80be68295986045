/**
 * Face detection, mesh and pose with Human (`@vladmandic/human`) on its WebAssembly backend, loaded
 * on first use from files that ship beside the worker (`./vendor/human.esm.js`, `./models/`,
 * `./tfjs/`): never a CDN. Only the detector (BlazeFace) and the mesh are enabled; pose comes from
 * the mesh, eye openness from the mesh's eyelid points, so the iris model is not needed.
 */
import type { Config, Human } from '@vladmandic/human';
import type { DetectedFace } from './face-metrics.js';
import type { FrameInput } from './types.js';

let loading: Promise<Human> | undefined;

/** Where the worker's companion files live (set by the worker entry from its own URL). */
export interface FaceAssetLocation {
  /** Directory of the model JSON and weight files. */
  modelBaseUrl: string;
  /** Directory of the `tfjs-backend-wasm*.wasm` binaries. */
  wasmBaseUrl: string;
}

function humanConfig(assets: FaceAssetLocation): Partial<Config> {
  return {
    debug: false,
    backend: 'wasm',
    modelBasePath: assets.modelBaseUrl,
    wasmPath: assets.wasmBaseUrl,
    wasmPlatformFetch: false,
    async: true,
    warmup: 'none',
    cacheSensitivity: 0,
    filter: { enabled: false },
    gesture: { enabled: false },
    body: { enabled: false },
    hand: { enabled: false },
    object: { enabled: false },
    segmentation: { enabled: false },
    face: {
      enabled: true,
      detector: {
        enabled: true,
        rotation: false,
        maxDetected: 3,
        minConfidence: 0.5,
        return: false,
      },
      mesh: { enabled: true },
      attention: { enabled: false },
      iris: { enabled: false },
      description: { enabled: false },
      emotion: { enabled: false },
      antispoof: { enabled: false },
      liveness: { enabled: false },
    },
  } as Partial<Config>;
}

/** Loads Human and its two models once; later calls share the same instance. */
export function loadFaceDetector(assets: FaceAssetLocation): Promise<Human> {
  loading ??= (async () => {
    const { Human: HumanClass } = await import('@vladmandic/human');
    const human = new HumanClass(humanConfig(assets));
    await human.load();
    return human;
  })();
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

/** Detects the faces of one frame. */
export async function detectFaces(
  frame: FrameInput,
  assets: FaceAssetLocation,
): Promise<DetectedFace[]> {
  const human = await loadFaceDetector(assets);
  const result = await human.detect(frame as unknown as Parameters<Human['detect']>[0]);
  return result.face.map((face) => ({
    score: face.score,
    boxRaw: face.boxRaw as [number, number, number, number],
    meshRaw: face.meshRaw as number[][],
    rotation: face.rotation ?? null,
  }));
}
