import type * as OpenCv from '@techstark/opencv-js';

/** The OpenCV.js namespace (Emscripten build of OpenCV 4.9 from `@techstark/opencv-js`). */
export type Cv = typeof OpenCv;

let loading: Promise<{ cv: Cv }> | undefined;

/**
 * Loads OpenCV.js once per process. The Emscripten module is a thenable that resolves to itself, so
 * it is handed out wrapped in an object: awaiting it directly would never settle.
 */
export function loadOpenCv(): Promise<{ cv: Cv }> {
  loading ??= (async () => {
    const imported = (await import('@techstark/opencv-js')) as unknown as { default: Cv };
    const cv = imported.default as Cv & { onRuntimeInitialized?: () => void };
    if (typeof cv.Mat !== 'function' || typeof cv.getPerspectiveTransform !== 'function') {
      await new Promise<void>((resolve) => {
        cv.onRuntimeInitialized = resolve;
      });
    }
    return { cv };
  })();
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
