// Vite 7 build of the demo's web assets (dist/, Capacitor's webDir). Everything is bundled from
// npm packages: no CDN. `base: './'` lets the same build run from Capacitor's local server, from a
// sub-path (the tests serve it from /demo/ionic-app/dist/) or at /v/{linkId} behind a rewrite.
//
// <idv-verify>'s capture worker is emitted by Vite as an asset (the element finds it with
// `new URL('./idv-verify.worker.js', import.meta.url)`); the face detector, its models and the
// WebAssembly binaries it loads relative to itself are copied beside it from @idv/verify's dist.
import { cp } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { defineConfig, type Plugin } from 'vite';

const require = createRequire(import.meta.url);
const verifyDist = dirname(require.resolve('@idv/verify/idv-verify.worker.js'));

/** Copies the worker's lazy assets next to the emitted worker (dist/assets/). */
function workerAssets(): Plugin {
  let outDir = 'dist';
  let assetsDir = 'assets';
  return {
    name: 'idv-worker-assets',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
      assetsDir = config.build.assetsDir;
    },
    async writeBundle() {
      for (const dir of ['vendor', 'models', 'tfjs']) {
        await cp(join(verifyDist, dir), join(outDir, assetsDir, dir), { recursive: true });
      }
    },
  };
}

export default defineConfig({
  base: './',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    // The element's bundle-splitting already keeps rarely used parts lazy.
    chunkSizeWarningLimit: 1500,
  },
  plugins: [workerAssets()],
});
