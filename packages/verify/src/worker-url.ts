/**
 * Where the capture worker lives: beside this module in `dist/` (the unbundled package and the
 * one-file bundle both sit at the root of `dist/`, next to `idv-verify.worker.js`).
 */
export function defaultWorkerUrl(): URL {
  return new URL('./idv-verify.worker.js', import.meta.url);
}
