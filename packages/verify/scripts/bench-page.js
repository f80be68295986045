// Runs inside Chromium for scripts/bench.mjs: times the capture worker's calls on 640×480 frames.
import { wrap, transfer } from '/node_modules/comlink/dist/esm/comlink.mjs';
import { WebCaptureSource } from '/packages/verify/dist/web-capture-source.js';
import { grabAnalysedFrame } from '/packages/verify/dist/internal/controllers/analysed-frame.js';

const sorted = (values) => [...values].sort((a, b) => a - b);
const median = (values) => sorted(values)[Math.floor(values.length / 2)];
const percentile = (values, p) => sorted(values)[Math.floor(values.length * p)];
const mean = (values) => values.reduce((sum, v) => sum + v, 0) / values.length;

/**
 * Frames of a hand-held camera: the still image drawn with a slow sway of up to 12 × 6 px, so
 * that every frame differs from the one before (a tracker cannot feed on identical frames).
 */
async function frames(url) {
  const image = await createImageBitmap(await (await fetch(url)).blob(), {
    resizeWidth: 640,
    resizeHeight: 480,
  });
  const canvas = new OffscreenCanvas(640, 480);
  const context = canvas.getContext('2d');
  let index = 0;
  return () => {
    index += 1;
    context.fillStyle = '#d8d4cc';
    context.fillRect(0, 0, 640, 480);
    context.drawImage(
      image,
      Math.round(12 * Math.sin(index / 5)),
      Math.round(6 * Math.cos(index / 7)),
    );
    return createImageBitmap(canvas);
  };
}

async function time(api, method, nextFrame, count, warmup) {
  const times = [];
  let result;
  for (let i = 0; i < warmup + count; i += 1) {
    const frame = await nextFrame();
    const start = performance.now();
    result = await api[method](transfer(frame, [frame]));
    const elapsed = performance.now() - start;
    if (i >= warmup) times.push(elapsed);
  }
  return {
    median: median(times),
    mean: mean(times),
    p90: percentile(times, 0.9),
    count,
    last: result,
  };
}

window.runBench = async ({ documentUrl, faceUrl, workerUrl, documentCount, faceCount }) => {
  const worker = new Worker(workerUrl, { type: 'module' });
  const api = wrap(worker);
  const loadStart = performance.now();
  await api.prepareFaceDetection();
  const faceModelLoadMs = performance.now() - loadStart;
  const faceFrame = await frames(faceUrl);
  // The first face frame after the models loaded: what the person waits for on the selfie screen.
  const firstFace = await time(api, 'analyzeFaceFrame', faceFrame, 1, 0);
  const documentResult = await time(
    api,
    'analyzeDocumentFrame',
    await frames(documentUrl),
    documentCount,
    10,
  );
  const faceResult = await time(api, 'analyzeFaceFrame', faceFrame, faceCount, 5);
  worker.terminate();
  return {
    document: { ...documentResult, ok: documentResult.last.ok, last: undefined },
    face: { ...faceResult, faces: faceResult.last.faces, last: undefined },
    faceModelLoadMs,
    firstFaceFrameMs: firstFace.median,
  };
};

/** Times `grab` (which answers the bitmaps it made) on an open camera, closing what it made. */
async function timeGrab(camera, grab, count, warmup) {
  const times = [];
  for (let i = 0; i < warmup + count; i += 1) {
    await new Promise((resolve) => requestAnimationFrame(resolve));
    const start = performance.now();
    const bitmaps = await grab(camera);
    const elapsed = performance.now() - start;
    for (const bitmap of bitmaps) bitmap.close();
    if (i >= warmup) times.push(elapsed);
  }
  return { median: median(times), mean: mean(times), p90: percentile(times, 0.9), count };
}

/**
 * The main thread's share of one capture-loop iteration on Chromium's fake camera through the real
 * `WebCaptureSource`: the former grab (a 640 px frame for the worker only) against the current one
 * (the frame at the resolution to keep, plus its 640 px copy for the worker), for the selfie
 * camera (1280×720, kept at 1280) and the document camera (1920×1080, kept at full size).
 */
window.runGrabBench = async ({ count }) => {
  const source = new WebCaptureSource();
  const results = {};
  for (const [name, facing, keepWidth] of [
    ['selfie', 'user', 1280],
    ['document', 'environment', undefined],
  ]) {
    const camera = await source.openCamera({ facing });
    try {
      const size = `${camera.width}x${camera.height}`;
      const before = await timeGrab(
        camera,
        async (c) => [await c.grabFrame({ width: 640 })],
        count,
        10,
      );
      const after = await timeGrab(
        camera,
        async (c) => {
          const frame = await grabAnalysedFrame(c, keepWidth);
          return [frame.full, frame.forAnalysis];
        },
        count,
        10,
      );
      results[name] = { size, before, after };
    } finally {
      camera.stop();
    }
  }
  return results;
};
