// Runs inside Chromium for scripts/bench.mjs: times the capture worker's calls on 640×480 frames.
import { wrap, transfer } from '/node_modules/comlink/dist/esm/comlink.mjs';

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};
const percentile = (values, p) => [...values].sort((a, b) => a - b)[Math.floor(values.length * p)];

async function frames(url) {
  const image = await createImageBitmap(await (await fetch(url)).blob(), {
    resizeWidth: 640,
    resizeHeight: 480,
  });
  return () => createImageBitmap(image);
}

async function time(api, method, nextFrame, count, warmup) {
  const times = [];
  for (let i = 0; i < warmup + count; i += 1) {
    const frame = await nextFrame();
    const start = performance.now();
    const result = await api[method](transfer(frame, [frame]));
    const elapsed = performance.now() - start;
    if (i >= warmup) times.push(elapsed);
    if (i === warmup) window.lastResult = result;
  }
  return { median: median(times), p90: percentile(times, 0.9), count };
}

window.runBench = async ({ documentUrl, faceUrl, workerUrl, documentCount, faceCount }) => {
  const worker = new Worker(workerUrl, { type: 'module' });
  const api = wrap(worker);
  const loadStart = performance.now();
  await api.prepareFaceDetection();
  const faceModelLoadMs = performance.now() - loadStart;
  const documentFrame = await frames(documentUrl);
  const faceFrame = await frames(faceUrl);
  const documentResult = await time(api, 'analyzeDocumentFrame', documentFrame, documentCount, 10);
  const documentSample = window.lastResult;
  const faceResult = await time(api, 'analyzeFaceFrame', faceFrame, faceCount, 5);
  const faceSample = window.lastResult;
  worker.terminate();
  return {
    document: { ...documentResult, ok: documentSample.ok },
    face: { ...faceResult, faces: faceSample.faces },
    faceModelLoadMs,
  };
};
