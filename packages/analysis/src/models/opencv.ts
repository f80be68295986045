import { createRequire } from 'node:module';
import type * as OpenCv from '@techstark/opencv-js';

const require = createRequire(import.meta.url);

/** The OpenCV.js namespace (Emscripten build of OpenCV 4.9 from `@techstark/opencv-js`). */
export type Cv = typeof OpenCv;

let loading: Promise<{ cv: Cv }> | undefined;

function ready(cv: Cv): boolean {
  return typeof cv.Mat === 'function' && typeof cv.getPerspectiveTransform === 'function';
}

/**
 * Loads OpenCV.js once per process. The Emscripten module is a thenable that resolves to itself, so
 * it is loaded with `require` (an `import()` would await it forever) and handed out wrapped in an
 * object. Readiness is awaited through `onRuntimeInitialized`, with a poll in case it already fired.
 */
export function loadOpenCv(): Promise<{ cv: Cv }> {
  loading ??= new Promise<{ cv: Cv }>((resolve) => {
    const cv = require('@techstark/opencv-js') as Cv & { onRuntimeInitialized?: () => void };
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
  });
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
