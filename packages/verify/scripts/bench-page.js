// Runs inside Chromium for scripts/bench.mjs: times the capture worker's calls on 640×480 frames.
import { wrap, transfer } from '/node_modules/comlink/dist/esm/comlink.mjs';

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
