/**
 * Face detection, mesh and pose with Human (`@vladmandic/human`) on its WebAssembly backend, loaded
 * on first use from files that ship beside the worker (`./vendor/human.esm.js`, `./models/`,
 * `./tfjs/`): never a CDN. The detector (BlazeFace), the mesh and the iris model are enabled; pose
 * comes from the mesh, eye openness from the eyelid points, which the iris model refines: the
 * mesh alone barely moves its lids on a closing eye (it read 0.86–0.97 with the eyes shut, where
 * the service's own re-check, which runs the iris model, read 0.11), so no blink was ever seen.
 *
 * Live frames: the detector (about two thirds of a frame's cost) runs on every fourth frame at
 * most, or when 300 ms have passed, the face was lost or the scene changed; on the frames between,
 * the box of the previous frame's mesh tracks the face (Human's own detector cache), and the mesh
 * runs on every frame. A second face entering the view is therefore seen within four frames.
 * A call with `tracking: false` runs the detector on its frame: the blink challenge does so on
 * every frame, since the tracked crop reads the same eyes' openness differently (`SelfieSession`).
 */
import type { Config, Human } from '@vladmandic/human';
import type { DetectedFace } from './face-metrics.js';
import type { FaceFrameOptions, FrameInput } from '../../../../worker/types.js';

let loading: Promise<Human> | undefined;

/** Where the worker's companion files live (set by the worker entry from its own URL). */
export interface FaceAssetLocation {
  /** Directory of the model JSON and weight files. */
  modelBaseUrl: string;
  /** Directory of the `tfjs-backend-wasm*.wasm` binaries. */
  wasmBaseUrl: string;
}

/** Frames on which the mesh tracks the previous box without the detector (it runs on the next). */
const detectorSkipFrames = 3;
/** Longest time the mesh tracks without the detector (ms). */
const detectorSkipMs = 300;
/**
 * Human's frame-difference threshold (mean squared difference per channel over 255) under which
 * tracking is allowed at all: a hand-held camera moving a few pixels stays far below it (about 1
 * to 10), a cut to another scene far above (about 50), which runs the detector at once.
 */
const sceneChangeSensitivity = 20;

/**
 * The detector's schedule for one call. Human merges a call's settings into its configuration for
 * good, so both schedules are spelled out on every call.
 */
function detectorSchedule(tracking: boolean): Partial<Config> {
  return {
    face: {
      detector: tracking
        ? { skipFrames: detectorSkipFrames, skipTime: detectorSkipMs }
        : { skipFrames: 0, skipTime: 0 },
    },
  } as Partial<Config>;
}

function humanConfig(assets: FaceAssetLocation): Partial<Config> {
  return {
    debug: false,
    backend: 'wasm',
    modelBasePath: assets.modelBaseUrl,
    wasmPath: assets.wasmBaseUrl,
    wasmPlatformFetch: false,
    // Human's IndexedDB model cache breaks the second load in a browser profile (the mesh comes
    // back without weights and detection silently runs without landmarks); the HTTP cache serves
    // the package's files instead, and nothing is written to the host page's storage.
    cacheModels: false,
    async: true,
    warmup: 'none',
    cacheSensitivity: sceneChangeSensitivity,
    filter: { enabled: false, autoBrightness: false },
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
        skipFrames: detectorSkipFrames,
        skipTime: detectorSkipMs,
      },
      mesh: { enabled: true },
      attention: { enabled: false },
      iris: { enabled: true },
      description: { enabled: false },
      emotion: { enabled: false },
      antispoof: { enabled: false },
      liveness: { enabled: false },
    },
  } as Partial<Config>;
}

/** Loads Human and its three models once; later calls share the same instance. */
export function loadFaceDetector(assets: FaceAssetLocation): Promise<Human> {
  loading ??= (async () => {
    const { Human: HumanClass } = await import('@vladmandic/human');
    const human = new HumanClass(humanConfig(assets));
    await human.load();
    warmUp(human);
    return human;
  })();
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

/**
 * Runs each loaded model once on a blank input of its own shape, so that the first live frames do
 * not pay for the WebAssembly backend's first-run allocations (Human's own warm-up needs a
 * `data:` URL fetch, which a strict CSP may refuse).
 */
function warmUp(human: Human): void {
  const tf = human.tf as WarmUpTf;
  for (const model of Object.values(human.models.models)) {
    try {
      const input = model?.inputs[0];
      if (!model || !input?.shape) continue;
      const blank = tf.zeros(
        input.shape.map((size: number) => (size > 0 ? size : 1)),
        input.dtype,
      );
      const output = model.execute(blank);
      tf.dispose([blank, output].flat());
    } catch {
      // A warm-up failure costs the first frames some speed, nothing else.
    }
  }
}

/** The graph model's `execute`, whose input type the warm-up's blank tensor must match. */
type GraphModelExecute = NonNullable<Human['models']['models'][string]>['execute'];

/** The part of Human's bundled TensorFlow.js the warm-up uses (`human.tf` is typed `any`). */
interface WarmUpTf {
  zeros(shape: number[], dtype?: string): Parameters<GraphModelExecute>[0];
  dispose(tensors: unknown[]): void;
}

/** Detects the faces of one frame. */
export async function detectFaces(
  frame: FrameInput,
  assets: FaceAssetLocation,
  options: FaceFrameOptions = {},
): Promise<DetectedFace[]> {
  const human = await loadFaceDetector(assets);
  const result = await human.detect(
    frame as unknown as Parameters<Human['detect']>[0],
    detectorSchedule(options.tracking ?? true),
  );
  const frameAspect = frame.height > 0 ? frame.width / frame.height : 1;
  return result.face.map((face) => ({
    score: face.score,
    boxRaw: face.boxRaw as [number, number, number, number],
    meshRaw: face.meshRaw as number[][],
    rotation: face.rotation ?? null,
    frameAspect,
  }));
}
