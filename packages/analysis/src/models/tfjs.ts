import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as TfCore from '@tensorflow/tfjs-core';

const require = createRequire(import.meta.url);

/** TensorFlow.js core, shared by Human and face-api (one engine, one backend per process). */
export type Tf = typeof TfCore;

/** Directory of the tfjs wasm binaries inside `@tensorflow/tfjs-backend-wasm`. */
export const TFJS_WASM_DIR = `${dirname(require.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm'))}/`;

let loading: Promise<Tf> | undefined;

/**
 * Starts tfjs on the wasm backend with its binaries read from the installed package, and teaches
 * tfjs to load `file://` model URLs from disk (Node's fetch cannot), so that Human's
 * `modelBasePath` can point at the package's own `models/` folder. Once per process.
 */
export function loadTfjs(): Promise<Tf> {
  loading ??= (async () => {
    const tf = require('@tensorflow/tfjs-core') as Tf;
    const wasm = require('@tensorflow/tfjs-backend-wasm') as { setWasmPaths(prefix: string): void };
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
  })();
  return loading;
}
