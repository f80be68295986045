// The element's browser bundles, built by the root rollup.config.mjs (input: the `tsc` output):
//   - dist/idv-verify.bundle.js: the one-file element bundle for <script type="module"> (Lit, Comlink
//     and English inlined); what only some people need (the other languages, the hand-off QR
//     encoder) loads on demand from dist/bundle-chunks/, the worker and models from beside it;
//   - dist/idv-verify.worker.js: the capture worker as its own file (Comlink inlined), which imports
//     the face detector lazily from dist/vendor/human.esm.js;
//   - dist/vendor, dist/models, dist/tfjs: Human's browser build, the two face models it uses
//     (BlazeFace, face mesh) and the tfjs WebAssembly binaries, copied from their npm packages so
//     that nothing is ever fetched from a CDN.

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

export default [
  {
    input: 'dist/index.js',
    extendEntry: true,
    output: {
      dir: 'dist',
      entryFileNames: 'idv-verify.bundle.js',
      // Lazy parts of the bundle (other languages, the hand-off QR encoder) load from beside it.
      chunkFileNames: 'bundle-chunks/[name]-[hash].js',
    },
    clean: ['dist/bundle-chunks'],
  },
  {
    input: 'dist/worker/worker.js',
    external: ['@vladmandic/human'],
    output: {
      file: 'dist/idv-verify.worker.js',
      paths: { '@vladmandic/human': './vendor/human.esm.js' },
    },
    exportConditions: false,
    copy: [
      {
        from: { package: '@vladmandic/human', path: 'dist/human.esm.js' },
        to: 'dist/vendor/human.esm.js',
      },
      ...faceModels.map((file) => ({
        from: { package: '@vladmandic/human', path: `models/${file}` },
        to: `dist/models/${file}`,
      })),
      ...wasmBinaries.map((file) => ({
        from: { package: '@tensorflow/tfjs-backend-wasm', path: `dist/${file}` },
        to: `dist/tfjs/${file}`,
      })),
    ],
  },
];
