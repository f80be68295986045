// Runs inside Chromium for scripts/bench.mjs: times the capture worker's calls on 640×480 frames,
// the capture loops' grab on the fake camera, and a whole `<idv-verify>` flow.
import { wrap, transfer } from '/node_modules/comlink/dist/esm/comlink.mjs';
import { WebCaptureSource } from '/packages/verify/dist/web-capture-source.js';
import * as analysedFrame from '/packages/verify/dist/internal/capture/analysed-frame.js';

// What the capture loops call to take a frame for analysis (before `holdAnalysedFrame`, the grab).
const holdAnalysedFrame = analysedFrame.holdAnalysedFrame ?? analysedFrame.grabAnalysedFrame;
const { releaseAnalysedFrame } = analysedFrame;

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

/** The frames of `frames(url)` drawn at 1920×1080 as `VideoFrame`s, as a phone camera gives them. */
async function videoFrames(url) {
  const next = await frames(url);
  const canvas = new OffscreenCanvas(1920, 1080);
  const context = canvas.getContext('2d');
  let timestamp = 0;
  return async () => {
    const bitmap = await next();
    context.drawImage(bitmap, 240, 0, 1440, 1080);
    bitmap.close();
    timestamp += 33333;
    return new VideoFrame(canvas, { timestamp });
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
  // A camera's frames: 1920×1080 VideoFrames, scaled by a worker that takes them.
  let documentVideoFrame;
  let faceVideoFrame;
  try {
    documentVideoFrame = await time(
      api,
      'analyzeDocumentFrame',
      await videoFrames(documentUrl),
      documentCount,
      10,
    );
    faceVideoFrame = await time(api, 'analyzeFaceFrame', await videoFrames(faceUrl), faceCount, 5);
    // A worker that cannot read them answers as for an empty frame: no figures then.
    if (!(documentVideoFrame.last.brightness > 0)) documentVideoFrame = undefined;
    if (!(faceVideoFrame.last.faces > 0)) faceVideoFrame = undefined;
  } catch {
    // A worker without VideoFrame input (before it took them): the rows stay empty.
  }
  worker.terminate();
  return {
    document: { ...documentResult, ok: documentResult.last.ok, last: undefined },
    face: { ...faceResult, faces: faceResult.last.faces, last: undefined },
    faceModelLoadMs,
    firstFaceFrameMs: firstFace.median,
    documentVideoFrame: documentVideoFrame && { ...documentVideoFrame, last: undefined },
    faceVideoFrame: faceVideoFrame && { ...faceVideoFrame, last: undefined },
  };
};

/** Times the capture loops' grab (and the release of what it made) on an open camera. */
async function timeGrab(camera, keepWidth, count, warmup) {
  const times = [];
  for (let i = 0; i < warmup + count; i += 1) {
    await new Promise((resolve) => requestAnimationFrame(resolve));
    const start = performance.now();
    const frame = await holdAnalysedFrame(camera, keepWidth);
    const elapsed = performance.now() - start;
    releaseAnalysedFrame(frame);
    if (i >= warmup) times.push(elapsed);
  }
  return { median: median(times), mean: mean(times), p90: percentile(times, 0.9), count };
}

/**
 * The main thread's share of one capture-loop iteration on Chromium's fake camera through the real
 * `WebCaptureSource`: `holdAnalysedFrame` as the loops call it, for the document (kept at full
 * size) and the selfie (kept 1280 px wide).
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
      results[name] = {
        size: `${camera.width}x${camera.height}`,
        grab: await timeGrab(camera, keepWidth, count, 10),
      };
    } finally {
      camera.stop();
    }
  }
  return results;
};

/**
 * Every bitmap and video frame the page made since `loadFlow()`, held weakly (the count must not
 * keep them alive): one the page dropped without closing and the collector took is counted no more
 * (its pixels went with it), one still reachable and open is.
 */
const made = { bitmaps: 0, videoFrames: 0, refs: [] };

/** Loads the element bundle and wraps `createImageBitmap` and `VideoFrame` to count the flow's. */
window.loadFlow = async () => {
  await import('/packages/verify/dist/idv-verify.bundle.js');
  const create = window.createImageBitmap;
  window.createImageBitmap = async function (...args) {
    const bitmap = await create.apply(this, args);
    made.bitmaps += 1;
    made.refs.push(new WeakRef(bitmap));
    return bitmap;
  };
  if (typeof window.VideoFrame === 'function') {
    const Base = window.VideoFrame;
    window.VideoFrame = class extends Base {
      constructor(...args) {
        super(...args);
        made.videoFrames += 1;
        made.refs.push(new WeakRef(this));
      }
      clone() {
        const copy = super.clone();
        made.videoFrames += 1;
        made.refs.push(new WeakRef(copy));
        return copy;
      }
    };
  }
};

/**
 * Forgets the references to what the collector took (call after a collection): the bench's own
 * list must not grow the heap it measures.
 */
window.pruneBitmaps = () => {
  made.refs = made.refs.filter((r) => r.deref() !== undefined);
};

/** Bitmaps still holding pixels (neither closed nor transferred), and video frames not closed. */
window.openBitmaps = () => {
  const alive = made.refs.map((r) => r.deref()).filter(Boolean);
  return {
    bitmapsMade: made.bitmaps,
    bitmaps: alive.filter((b) => !('format' in b) && b.width > 0).length,
    videoFramesMade: made.videoFrames,
    videoFrames: alive.filter((f) => 'format' in f && f.format !== null).length,
  };
};

let flowElement;

/** Removes the flow's element (what a page does once the flow is over). */
window.removeFlow = () => {
  flowElement?.remove();
  flowElement = undefined;
};

const until = async (test, what, timeoutMs = 60000, everyMs = 20) => {
  const start = performance.now();
  for (;;) {
    const value = test();
    if (value) return value;
    if (performance.now() - start > timeoutMs) throw new Error(`bench: timed out on ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
};

/**
 * A whole FULL FLOW of the element bundle on the fake camera against the flow API double: Start,
 * front and back auto-captured and sent, the selfie (no face in this camera: it runs to its
 * alignment limit and is sent), the result. `measure`: 'main thread' (the front step traced) or
 * 'preview' (its video's frames counted).
 */
window.runFlowBench = async ({ measure }) => {
  const scenario = await (
    await fetch('/double/scenarios', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    })
  ).json();
  const el = document.createElement('idv-verify');
  flowElement = el;
  el.setAttribute('api-base', scenario.apiBase);
  el.setAttribute('link-id', scenario.linkId);
  const steps = [];
  const quality = [];
  let step = '';
  // The selfie screen says it prepares the face check until the models are loaded: ready at the
  // last sight of that line before the first face analysis (at once when it never shows), seen by
  // a mutation observer over the selfie step (every render, not a polling sample).
  const models = { observer: undefined, at: undefined };
  const preparing = () => root.textContent.includes('Preparing the face check');
  const watchModels = () => {
    if (preparing()) models.at = performance.now();
    if (quality.some((q) => q.kind === 'selfie')) models.observer?.disconnect();
  };
  el.addEventListener('idv-step-change', (e) => {
    step = e.detail.step;
    steps.push({ step, at: performance.now() });
    if (step === 'selfie' && !models.observer) {
      models.observer = new MutationObserver(watchModels);
      models.observer.observe(root, { childList: true, subtree: true, characterData: true });
      watchModels();
    }
  });
  // Main-thread busy time (DevTools TaskDuration) at the first analysed front frame and when the
  // front's loop ends (the photo to review, or the manual button).
  const task = { first: undefined, last: undefined, frames: 0 };
  el.addEventListener('idv-quality', (e) => {
    quality.push({ kind: e.detail.kind, at: performance.now() });
    if (e.detail.kind !== 'front') return;
    task.frames += 1;
    if (task.frames === 1) void window.benchTaskMs().then((ms) => (task.first = { ms, frames: 1 }));
  });
  document.body.append(el);
  const root = el.shadowRoot;
  await until(() => step === 'welcome', 'welcome');
  await el.updateComplete;
  root.querySelector('input[type=checkbox]').click();
  await el.updateComplete;
  // The trace's clock and the page's: one mark read in both (no mark per frame, which would cost
  // the main thread it measures).
  let clock;
  if (measure === 'main thread') {
    await window.benchTrace('start');
    clock = performance.mark('idv-bench-clock').startTime;
  }
  const startAt = performance.now();
  root.querySelector('.actions button').click();
  // The preview: callbacks of its video while the front is analysed.
  const video = await until(() => root.querySelector('video'), 'camera preview');
  const cameraAt = performance.now();
  const preview = { callbacks: 0, first: undefined, last: undefined };
  // One callback per video frame costs the main thread: only in the flow that measures the preview.
  const onFrame = (now, meta) => {
    if (step !== 'front' || !video.isConnected) return;
    if (task.frames > 0) {
      preview.callbacks += 1;
      preview.first ??= { now, presented: meta.presentedFrames };
      preview.last = { now, presented: meta.presentedFrames };
    }
    video.requestVideoFrameCallback(onFrame);
  };
  if (measure === 'preview') video.requestVideoFrameCallback(onFrame);
  // Auto-capture when the camera shows a card the analysis accepts, else the manual button.
  const button = (label) =>
    [...root.querySelectorAll('button')].find((b) => b.textContent.includes(label));
  const usePhoto = async () => {
    const review = await until(
      () => button('Use this photo') ?? button('Take photo'),
      `review (steps ${steps.map((s) => s.step)})`,
    );
    if (review.textContent.includes('Take photo')) review.click();
    (await until(() => button('Use this photo'), 'review')).click();
  };
  // Polled seldom: the document step's main thread is measured meanwhile, and a search of the
  // buttons is work of the bench's, not the element's.
  const frontDone = until(
    () => button('Use this photo') ?? button('Take photo'),
    'front',
    60000,
    250,
  ).then(async () => {
    const frames = task.frames;
    task.last = { ms: await window.benchTaskMs(), frames };
    // The front's loop goes on until the photo is taken: its frames after this are not traced.
    task.tracedUntil = performance.now();
    if (measure === 'main thread') await window.benchTrace('stop');
  });
  await frontDone;
  await usePhoto();
  await until(() => step === 'back', 'back');
  await usePhoto();
  await until(() => step === 'selfie', 'selfie');
  const selfieAt = steps.find((s) => s.step === 'selfie').at;
  await until(() => quality.some((q) => q.kind === 'selfie'), 'first face hint');
  models.observer.disconnect();
  const modelsAt = models.at ?? selfieAt;
  const selfieHintAt = quality.find((q) => q.kind === 'selfie').at;
  await until(() => step === 'result', 'result', 120000);
  const firstHint = quality.find((q) => q.kind === 'front').at;
  const seconds = preview.first ? (preview.last.now - preview.first.now) / 1000 : 0;
  const front = quality.filter((q) => q.kind === 'front').map((q) => q.at);
  const gaps = front.slice(1).map((at, i) => at - front[i]);
  return {
    analysedFps: (1000 * gaps.length) / (front.at(-1) - front[0]),
    longestGapMs: Math.max(...gaps),
    documentFrames: task.last.frames - task.first.frames,
    mainPerFrameMs: (task.last.ms - task.first.ms) / (task.last.frames - task.first.frames),
    previewFps: seconds ? (preview.callbacks - 1) / seconds : undefined,
    presentedFps: seconds
      ? (preview.last.presented - preview.first.presented) / seconds
      : undefined,
    clock,
    frontFrames: front.filter((at) => at < task.tracedUntil),
    startToHintMs: firstHint - startAt,
    cameraToHintMs: firstHint - cameraAt,
    selfieToModelsMs: modelsAt - selfieAt,
    selfieToHintMs: selfieHintAt - selfieAt,
  };
};
