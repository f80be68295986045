import type * as OpenCv from '@techstark/opencv-js';
import { loadWithoutProcessHooks, requireWithoutGlobals } from './process-hygiene.js';

/** The OpenCV.js namespace (Emscripten build of OpenCV 4.9 from `@techstark/opencv-js`). */
export type Cv = typeof OpenCv;

/** Files of any copy of OpenCV.js (ours, or the one `@gutenye/ocr-common` imports). */
export const OPENCV_ORIGIN = /[\\/]@techstark[\\/]opencv-js[\\/]/;

let loading: Promise<{ cv: Cv }> | undefined;

function ready(cv: Cv): boolean {
  return typeof cv.Mat === 'function' && typeof cv.getPerspectiveTransform === 'function';
}

/**
 * Loads OpenCV.js once per process, without the process-wide handlers its Emscripten start-up
 * registers. The module is a thenable that resolves to itself, so it is loaded with `require` (an
 * `import()` would await it forever) and handed out wrapped in an object. Readiness is awaited
 * through `onRuntimeInitialized`, with a poll in case it already fired.
 */
export function loadOpenCv(): Promise<{ cv: Cv }> {
  loading ??= loadWithoutProcessHooks(
    OPENCV_ORIGIN,
    () =>
      new Promise<{ cv: Cv }>((resolve) => {
        const cv = requireWithoutGlobals<Cv & { onRuntimeInitialized?: () => void }>(
          '@techstark/opencv-js',
        );
        if (ready(cv)) {
          resolve({ cv });
          return;
        }
        const poll = setInterval(() => {
          if (!ready(cv)) return;
          clearInterval(poll);
          resolve({ cv });
        }, 25);
        cv.onRuntimeInitialized = () => {
          clearInterval(poll);
          resolve({ cv });
        };
      }),
  );
  return loading;
}

/** Runs `work` and deletes every OpenCV object it registered, even when it throws (wasm heap is not garbage-collected). */
export function withMats<T>(work: (track: <M extends { delete(): void }>(mat: M) => M) => T): T {
  const owned: { delete(): void }[] = [];
  try {
    return work((mat) => {
      owned.push(mat);
      return mat;
    });
  } finally {
    for (const mat of owned) mat.delete();
  }
}
