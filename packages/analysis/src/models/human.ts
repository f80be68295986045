import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as HumanModule from '@vladmandic/human';
import type { Config, Human } from '@vladmandic/human';
import { loadWithoutProcessHooks, requireWithoutGlobals } from './process-hygiene.js';
import { TFJS_ORIGIN, TFJS_WASM_DIR, loadTfjs } from './tfjs.js';

const require = createRequire(import.meta.url);
// The package's exports map hides its dist files; the node-wasm build sits beside the node build.
const humanDist = dirname(require.resolve('@vladmandic/human'));

/**
 * Face pipeline settings: detector, mesh (pose, landmarks), iris (blinks), antispoof, liveness.
 * Human's `description` model (age, gender and its own embedding) is never run: face-api's nets
 * give the descriptor and a much cheaper age/gender.
 */
const HUMAN_CONFIG: Partial<Config> = {
  backend: 'wasm',
  wasmPath: TFJS_WASM_DIR,
  modelBasePath: `${pathToFileURL(join(humanDist, '..', 'models')).href}/`,
  debug: false,
  async: true,
  cacheSensitivity: 0,
  filter: { enabled: false },
  face: {
    enabled: true,
    detector: { rotation: true, maxDetected: 5, minConfidence: 0.35, return: false },
    mesh: { enabled: true },
    iris: { enabled: true },
    description: { enabled: false },
    emotion: { enabled: false },
    antispoof: { enabled: true },
    liveness: { enabled: true },
  },
  body: { enabled: false },
  hand: { enabled: false },
  object: { enabled: false },
  gesture: { enabled: false },
  segmentation: { enabled: false },
};

let loading: Promise<Human> | undefined;

/**
 * Human (`@vladmandic/human`, node-wasm build) with its models read from the package's `models/`
 * folder through a `file://` base path; loaded and warmed once per process.
 */
export function loadHuman(): Promise<Human> {
  loading ??= loadTfjs().then(() =>
    loadWithoutProcessHooks(TFJS_ORIGIN, async () => {
      const { Human: HumanClass } = requireWithoutGlobals<typeof HumanModule>(
        join(humanDist, 'human.node-wasm.js'),
      );
      const human = new HumanClass(HUMAN_CONFIG);
      await human.load();
      return human;
    }),
  );
  return loading;
}

/** Which face models a call runs. */
export interface FaceModels {
  mesh: boolean;
  iris: boolean;
  antispoof: boolean;
  liveness: boolean;
}

/**
 * Per-call settings. Human merges a call's settings into its instance settings for good, so every
 * call states every switch: a call that left one out would inherit the previous call's choice.
 */
function faceModels(models: FaceModels): Partial<Config> {
  return {
    face: {
      mesh: { enabled: models.mesh },
      iris: { enabled: models.iris },
      description: { enabled: false },
      antispoof: { enabled: models.antispoof },
      liveness: { enabled: models.liveness },
    },
  } as Partial<Config>;
}

/** Face comparison: landmarks (alignment, pose); no antispoof or liveness. */
export const COMPARE_CONFIG = faceModels({
  mesh: true,
  iris: true,
  antispoof: false,
  liveness: false,
});

/** Anti-spoofing: everything. */
export const SPOOF_CONFIG = faceModels({
  mesh: true,
  iris: true,
  antispoof: true,
  liveness: true,
});

/** Locating a document portrait: the detector alone. */
export const PORTRAIT_CONFIG = faceModels({
  mesh: false,
  iris: false,
  antispoof: false,
  liveness: false,
});
