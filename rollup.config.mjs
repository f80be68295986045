// Rollup builds of the browser packages (run from a package directory with `rollup -c ../../rollup.config.mjs`).
//
// @idv/verify (input: the `tsc` output in packages/verify/dist):
//   - dist/idv-verify.bundle.js: the one-file element bundle for <script type="module"> (Lit, Comlink
//     and English inlined); what only some people need (the other languages, the hand-off QR
//     encoder) loads on demand from dist/bundle-chunks/, the worker and models from beside it;
//   - dist/idv-verify.worker.js: the capture worker as its own file (Comlink inlined), which imports
//     the face detector lazily from dist/vendor/human.esm.js;
//   - dist/vendor, dist/models, dist/tfjs: Human's browser build, the two face models it uses
//     (BlazeFace, face mesh) and the tfjs WebAssembly binaries, copied from their npm packages so
//     that nothing is ever fetched from a CDN.
import { cp, mkdir, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import nodeResolve from '@rollup/plugin-node-resolve';
import terser from '@rollup/plugin-terser';

const root = dirname(fileURLToPath(import.meta.url));
const verify = join(root, 'packages/verify');
const require = createRequire(join(verify, 'package.json'));

/** Removes the lazy chunks of an earlier build (their names carry content hashes). */
function cleanChunks(dir) {
  return {
    name: 'idv-clean-chunks',
    async buildStart() {
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Copies files from installed packages into the package's dist/ once the bundle is written. */
function copyAssets(copies) {
  return {
    name: 'idv-copy-assets',
    async writeBundle() {
      for (const { from, to } of copies) {
        await mkdir(dirname(to), { recursive: true });
        await cp(from, to, { recursive: true });
      }
    },
  };
}

/** Root directory of an installed package (found through its main entry: some hide package.json). */
const packageRoot = (name) => {
  let dir = dirname(require.resolve(name));
  while (!dir.endsWith(join('node_modules', ...name.split('/')))) dir = dirname(dir);
  return dir;
};
const humanRoot = packageRoot('@vladmandic/human');
const tfjsWasmDir = join(packageRoot('@tensorflow/tfjs-backend-wasm'), 'dist');
// The iris model refines the mesh's eyelid points: without it the lids barely follow a closing eye.
const faceModels = [
  'blazeface.json',
  'blazeface.bin',
  'facemesh.json',
  'facemesh.bin',
  'iris.json',
  'iris.bin',
];
const wasmBinaries = ['tfjs-backend-wasm.wasm', 'tfjs-backend-wasm-simd.wasm'];

const minify = () => terser({ ecma: 2022, module: true, format: { comments: false } });

export default [
  {
    input: join(verify, 'dist/index.js'),
    // Lets the lazy chunks import shared code (Lit) from the bundle itself instead of a facade chunk.
    preserveEntrySignatures: 'allow-extension',
    output: {
      dir: join(verify, 'dist'),
      entryFileNames: 'idv-verify.bundle.js',
      // Lazy parts of the bundle (other languages, the hand-off QR encoder) load from beside it.
      chunkFileNames: 'bundle-chunks/[name]-[hash].js',
      format: 'es',
      sourcemap: true,
    },
    onwarn(warning, warn) {
      // TypeScript's decorator helper reads `this` at module level; harmless in ES modules.
      if (warning.code !== 'THIS_IS_UNDEFINED') warn(warning);
    },
    plugins: [
      cleanChunks(join(verify, 'dist/bundle-chunks')),
      nodeResolve({ browser: true, exportConditions: ['browser', 'production'] }),
      minify(),
    ],
  },
  {
    input: join(verify, 'dist/worker/worker.js'),
    external: ['@vladmandic/human'],
    output: {
      file: join(verify, 'dist/idv-verify.worker.js'),
      format: 'es',
      sourcemap: true,
      paths: { '@vladmandic/human': './vendor/human.esm.js' },
    },
    plugins: [
      nodeResolve({ browser: true }),
      minify(),
      copyAssets([
        {
          from: join(humanRoot, 'dist/human.esm.js'),
          to: join(verify, 'dist/vendor/human.esm.js'),
        },
        ...faceModels.map((file) => ({
          from: join(humanRoot, 'models', file),
          to: join(verify, 'dist/models', file),
        })),
        ...wasmBinaries.map((file) => ({
          from: join(tfjsWasmDir, file),
          to: join(verify, 'dist/tfjs', file),
        })),
      ]),
    ],
  },
];
