import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as TfCore from '@tensorflow/tfjs-core';
import { loadWithoutProcessHooks, requireWithoutGlobals } from './process-hygiene.js';

const require = createRequire(import.meta.url);

/** TensorFlow.js core, shared by Human and face-api (one engine, one backend per process). */
export type Tf = typeof TfCore;

/** Directory of the tfjs wasm binaries inside `@tensorflow/tfjs-backend-wasm`. */
export const TFJS_WASM_DIR = `${dirname(require.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm'))}/`;

/** Files of tfjs and of the libraries that bring their own tfjs code (Human, face-api). */
export const TFJS_ORIGIN = /[\\/](@tensorflow[\\/]|@vladmandic[\\/])/;

/**
 * tfjs-core keeps its one engine in these globals, so that every copy of the library in the
 * process (Human's, face-api's) shares it: they stay.
 */
const TFJS_GLOBALS = ['_tfGlobals', '_tfengine'];

let loading: Promise<Tf> | undefined;

/**
 * Starts tfjs on the wasm backend with its binaries read from the installed package, and teaches
 * tfjs to load `file://` model URLs from disk (Node's fetch cannot), so that Human's
 * `modelBasePath` can point at the package's own `models/` folder. Once per process, without the
 * process-wide handlers the wasm module's Emscripten start-up registers.
 */
export function loadTfjs(): Promise<Tf> {
  loading ??= loadWithoutProcessHooks(TFJS_ORIGIN, async () => {
    const tf = requireWithoutGlobals<Tf>('@tensorflow/tfjs-core', TFJS_GLOBALS);
    const wasm = requireWithoutGlobals<{ setWasmPaths(prefix: string): void }>(
      '@tensorflow/tfjs-backend-wasm',
      TFJS_GLOBALS,
    );
    wasm.setWasmPaths(TFJS_WASM_DIR);
    const fileRouter = (url: string | string[]): TfCore.io.IOHandler | null => {
      if (typeof url !== 'string' || !url.startsWith('file://')) return null;
      const modelFile = fileURLToPath(url);
      return {
        load: async () => {
          const json = JSON.parse(await readFile(modelFile, 'utf8')) as TfCore.io.ModelJSON;
          return tf.io.getModelArtifactsForJSON(json, async (manifest) => {
            const specs: TfCore.io.WeightsManifestEntry[] = [];
            const buffers: Buffer[] = [];
            for (const group of manifest) {
              specs.push(...group.weights);
              for (const path of group.paths)
                buffers.push(await readFile(join(dirname(modelFile), path)));
            }
            const all = Buffer.concat(buffers);
            return [
              specs,
              all.buffer.slice(all.byteOffset, all.byteOffset + all.byteLength) as ArrayBuffer,
            ];
          });
        },
      };
    };
    // tfjs routers answer null for URLs they do not handle; the declared type omits it.
    tf.io.registerLoadRouter(fileRouter as Parameters<Tf['io']['registerLoadRouter']>[0]);
    await tf.setBackend('wasm');
    await tf.ready();
    return tf;
  });
  return loading;
}
