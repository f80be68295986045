#!/usr/bin/env node
// The capture bench, in Debian's headless Chromium, run twice: as is, and under Chromium's CPU
// throttling (DevTools protocol `Emulation.setCPUThrottlingRate`, rate 4, on the page and on its
// workers) as a stand-in for a mid-range phone. Prints one table, the two runs side by side:
//
//   worker   `analyzeDocumentFrame` and `analyzeFaceFrame` per 640×480 bitmap, and per 1920×1080
//            `VideoFrame` (the worker scales it to 640 px; rows left empty by a worker that does
//            not take them), (full Comlink round
//            trip after a warm-up, frames that sway like a hand-held camera's; the face detector
//            runs on every fourth frame at most, so the median is a tracked frame, the mean the
//            cost per frame, the p90 near a detector frame), and the face models' load.
//   grab     the capture loops' own grab (`grabAnalysedFrame` + release) on the real
//            WebCaptureSource over Chromium's built-in fake camera (1920×1080, 30 fps, a moving
//            test pattern), per analysed frame, wall time.
//   flow     the real `<idv-verify>` bundle against the flow API double (the tests' scripted
//            server), FULL FLOW on that camera (the pattern is no card: each side is taken with
//            the manual button once it shows, after 8 s of coaching), BENCH_FLOWS times in a row
//            (4; one page, as people one after another). The first
//            flow's document front is traced (`bench-trace.mjs`): the main thread's work per
//            analysed document frame, median / mean / p90 of the windows between two frames'
//            answers, wall time (a phone's user feels it; a loaded machine stretches it too) and
//            the thread's CPU time, with DevTools' `TaskDuration` mean over the same front as
//            before the trace; the document frames analysed per second and the longest gap
//            between two (the face models load in the worker meanwhile). The second flow counts
//            the preview's frame rate while the document is analysed
//            (`requestVideoFrameCallback` callbacks per second: a callback per video frame costs
//            the main thread, so not in the traced flow). Start → first coaching hint, camera
//            open → first coaching hint, selfie step open → face models ready (the last render
//            that says the face check is being prepared, seen by a mutation observer; 0 when
//            none does); after each flow (element removed, worker stopped, garbage collected)
//            the JS heap (`Runtime.getHeapUsage`): each flow against its start (the heap before
//            it; the first flow's start is the bundle loaded, and that flow adds its lazy chunks,
//            compiled code and what the page caches once, so the target applies from the second
//            on), and the last flow against the first (what later flows keep would be a leak);
//            heap snapshots at the start, after the first and after the third flow, compared by
//            constructor (`bench-heap.mjs`: what grew, and what was allocated since and stays,
//            with a path that holds it); and the bitmaps and video frames still open (counted by
//            wrapping `createImageBitmap` and `VideoFrame` in the page: the page's own, not the
//            worker's).
//
// Prints figures with their targets; asserts nothing. The load average is printed before and
// after each run: the machine may be shared, and a loaded machine slows every figure. Chromium's
// CPU throttling slows the renderer's workers as well as its main thread (the worker rows show it).
// BENCH_DOCUMENT_FRAMES (100), BENCH_FACE_FRAMES (40), BENCH_GRABS (60), BENCH_RATES ("1,4");
// BENCH_FLOW_ONLY=1 runs the flow alone; BENCH_DEBUG=1 prints the page's console and failures;
// BENCH_TRACE_FILE=/tmp/x.json keeps a detailed trace of the traced front per rate (x-4x.json,
// for DevTools' Performance panel; its extra categories slow the page). BENCH_FLOWS (4, at
// least 2; the snapshots need 3); BENCH_HEAP_FILE=/tmp/h keeps the heap snapshots
// (h-4x-start.heapsnapshot, h-4x-1…, h-4x-3…, for DevTools' Memory panel).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import puppeteer from 'puppeteer-core';
import { chromiumPath, fakeCameraArgs, quietChromiumArgs } from '@idv/test-kit';
import { mainThreadCategories, mainThreadPerFrame } from './bench-trace.mjs';
import { heapDiff, takeHeapSnapshot } from './bench-heap.mjs';
import { flowApiDouble } from '@idv/verify/testing/flow-api-double';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..', '..');
const fakeCamera = join(here, '..', '.test-artifacts', 'fake-camera');
if (!existsSync(join(fakeCamera, 'face.png'))) {
  execFileSync(process.execPath, [join(here, 'make-fake-camera.mjs'), fakeCamera], {
    stdio: 'inherit',
  });
}

const types = {
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.html': 'text/html',
  '.png': 'image/png',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.bin': 'application/octet-stream',
};
const double = flowApiDouble();

/** Serves the flow API double (a Koa middleware) from a plain Node server. */
async function serveDouble(req, res) {
  const url = new URL(req.url, 'http://x');
  const headers = {};
  const ctx = {
    method: req.method,
    path: url.pathname,
    url: req.url,
    querystring: url.search.slice(1),
    req,
    status: 404,
    body: undefined,
    set: (name, value) => (headers[name.toLowerCase()] = value),
    get: (name) => req.headers[name.toLowerCase()] ?? '',
  };
  await double(ctx, async () => undefined);
  let body = ctx.body;
  if (body !== undefined && body !== null && typeof body !== 'string' && !Buffer.isBuffer(body)) {
    body = JSON.stringify(body);
    headers['content-type'] ??= 'application/json; charset=utf-8';
  }
  res.writeHead(ctx.status, headers);
  res.end(body ?? '');
}

const server = createServer((req, res) => {
  const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname));
  if (path.startsWith('/double/')) {
    serveDouble(req, res).catch((error) => {
      console.error(error);
      res.writeHead(500).end();
    });
    return;
  }
  if (path === '/') {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(
      '<!doctype html><body><script type="module" src="/packages/verify/scripts/bench-page.js"></script></body>',
    );
    return;
  }
  const file = join(root, path);
  if (!file.startsWith(root) || !existsSync(file)) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
  res.end(readFileSync(file));
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${server.address().port}`;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const rel = (p) => `/${p.slice(root.length + 1)}`;
const rates = (process.env.BENCH_RATES ?? '1,4').split(',').map(Number);
const flowCount = Math.max(2, Number(process.env.BENCH_FLOWS ?? 4));
const heapFile = process.env.BENCH_HEAP_FILE;

/** One run of every measurement at CPU throttling `rate`, in a fresh browser. */
async function run(rate) {
  const userDataDir = mkdtempSync(join(tmpdir(), 'idv-bench-'));
  const browser = await puppeteer.launch({
    executablePath: chromiumPath,
    headless: true,
    userDataDir,
    args: [
      ...quietChromiumArgs,
      // A phone camera's rate (Chromium's fake camera defaults to 20 fps).
      ...fakeCameraArgs({ fps: 30 }),
    ],
  });
  const loadBefore = load();
  try {
    const page = await browser.newPage();
    if (process.env.BENCH_DEBUG) {
      page.on('console', (m) => console.error(`page: ${m.text()}`));
      page.on('pageerror', (e) => console.error(`page error: ${e.message}`));
      page.on('requestfailed', (r) => console.error(`failed: ${r.url()}`));
      page.on('response', (r) => r.status() >= 400 && console.error(`${r.status()} ${r.url()}`));
    }
    const cdp = await page.createCDPSession();
    await cdp.send('Performance.enable');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    await page.exposeFunction('benchTaskMs', async () => {
      const { metrics } = await cdp.send('Performance.getMetrics');
      return metrics.find((m) => m.name === 'TaskDuration').value * 1000;
    });
    // The first flow's document front is traced (the page starts and stops it): its main-thread
    // work per analysed frame. BENCH_TRACE_FILE keeps a detailed trace of it (`.json`, for
    // DevTools' Performance panel; the extra categories slow the page a little).
    const traceFile = process.env.BENCH_TRACE_FILE;
    let trace;
    let tracing = false;
    await page.exposeFunction('benchTrace', async (action) => {
      if (action === 'start' && !trace && !tracing) {
        tracing = true;
        const detail = ['devtools.timeline', 'v8.execute', 'disabled-by-default-v8.cpu_profiler'];
        await page.tracing.start({
          categories: traceFile ? [...mainThreadCategories, ...detail] : mainThreadCategories,
        });
      } else if (action === 'stop' && tracing) {
        tracing = false;
        trace = Buffer.from(await page.tracing.stop());
        if (traceFile) writeFileSync(`${traceFile.replace(/\.json$/, '')}-${rate}x.json`, trace);
      }
    });
    await page.goto(origin);
    await page.waitForFunction(() => typeof window.runBench === 'function');
    const heap = async () => {
      await cdp.send('HeapProfiler.collectGarbage');
      await page.evaluate(() => window.pruneBitmaps?.());
      await cdp.send('HeapProfiler.collectGarbage');
      return (await cdp.send('Runtime.getHeapUsage')).usedSize;
    };
    const flowOnly = process.env.BENCH_FLOW_ONLY;
    const worker = flowOnly
      ? undefined
      : await page.evaluate((o) => window.runBench(o), {
          documentUrl: rel(join(fakeCamera, 'document.png')),
          faceUrl: rel(join(fakeCamera, 'face.png')),
          workerUrl: '/packages/verify/dist/idv-verify.worker.js',
          documentCount: Number(process.env.BENCH_DOCUMENT_FRAMES ?? 100),
          faceCount: Number(process.env.BENCH_FACE_FRAMES ?? 40),
        });
    const grab = flowOnly
      ? undefined
      : await page.evaluate(
          (count) => window.runGrabBench({ count }),
          Number(process.env.BENCH_GRABS ?? 60),
        );
    // The flow on a fresh page: nothing of the benches above in its heap.
    await page.goto(origin);
    await page.waitForFunction(() => typeof window.runFlowBench === 'function');
    await page.evaluate(() => window.loadFlow());
    const heapStart = await heap();
    // Flows one after the other, as people one after another on one page: what the first leaves
    // behind is loaded code, lazy chunks and what the page caches once; what each later flow
    // adds would be a leak. The first flow's front is traced (main thread), the second's preview
    // counted (a callback per video frame, `requestVideoFrameCallback`, costs the main thread the
    // first one measures), the others measure nothing. Heap snapshots at the start, after the
    // first and after the third flow show what each part keeps (`bench-heap.mjs`).
    const flows = [];
    const heaps = [];
    const heapDiffs = [];
    const snapshot = (name) =>
      takeHeapSnapshot(
        cdp,
        heapFile && `${heapFile.replace(/\.heapsnapshot$/, '')}-${rate}x-${name}.heapsnapshot`,
      );
    const snapshots = flowCount >= 3 ? { start: await snapshot('start') } : undefined;
    if (snapshots) await heap();
    for (let index = 0; index < flowCount; index += 1) {
      const measure = ['main thread', 'preview'][index] ?? 'nothing';
      flows.push(await page.evaluate((m) => window.runFlowBench({ measure: m }), measure));
      await page.evaluate(() => window.removeFlow());
      await new Promise((resolve) => setTimeout(resolve, 12000)); // the worker's idle stop (10 s)
      heaps.push(await heap());
      if (snapshots && index === 0) {
        snapshots.first = await snapshot('1');
        heapDiffs.push({
          title: 'start → after the 1st flow (one-time loads)',
          lines: heapDiff(snapshots.start, snapshots.first, 10),
        });
        snapshots.start = undefined;
      }
      if (snapshots && index === 2) {
        heapDiffs.push({
          title: 'after the 1st flow → after the 3rd',
          lines: heapDiff(snapshots.first, await snapshot('3')),
        });
        snapshots.first = undefined;
      }
      // The snapshots' own garbage (the protocol's buffers) is collected before the next flow.
      await heap();
    }
    const [flow, second] = flows;
    const mainPerFrame = trace
      ? mainThreadPerFrame(
          JSON.parse(trace.toString()).traceEvents,
          'idv-bench-clock',
          flow.clock,
          flow.frontFrames,
        )
      : undefined;
    const open = await page.evaluate(() => window.openBitmaps());
    return {
      rate,
      worker,
      grab,
      flow: {
        ...flow,
        previewFps: second.previewFps,
        presentedFps: second.presentedFps,
        mainPerFrame,
        heapStart,
        heaps,
        heapDiffs,
        open,
      },
      load: `${loadBefore} → ${load()}`,
    };
  } finally {
    await browser.close();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}

try {
  console.log(`machine: ${cpus().length} cores, ${new Date().toISOString()}`);
  const runs = [];
  for (const rate of rates) runs.push(await run(rate));
  const ms = (n) => (n === undefined || n === null ? '—' : `${n.toFixed(1)} ms`);
  const stat = (s) =>
    !s ? '—' : `${s.median.toFixed(1)} / ${s.mean.toFixed(1)} / ${s.p90.toFixed(1)}`;
  const percent = (from, to) =>
    `${to >= from ? '+' : ''}${((100 * (to - from)) / from).toFixed(0)} %`;
  const rows = [
    ['CPU throttling', (r) => (r.rate === 1 ? 'none' : `${r.rate}×`), ''],
    ['load average before → after', (r) => r.load, ''],
    ['worker document frame ms (med/mean/p90)', (r) => stat(r.worker?.document), '≤ 8 | ≤ 15 med'],
    ['worker face frame ms (med/mean/p90)', (r) => stat(r.worker?.face), '≤ 40 | ≤ 60 med'],
    [
      'worker document 1920×1080 VideoFrame ms',
      (r) => stat(r.worker?.documentVideoFrame),
      '(scaled in the worker)',
    ],
    ['worker face 1920×1080 VideoFrame ms', (r) => stat(r.worker?.faceVideoFrame), ''],
    ['worker face models load', (r) => ms(r.worker?.faceModelLoadMs), ''],
    [
      'grab document 1920×1080 ms (med/mean/p90)',
      (r) => stat(r.grab?.document.grab),
      'main thread',
    ],
    ['grab selfie 1920×1080→1280 ms (med/mean/p90)', (r) => stat(r.grab?.selfie.grab), ''],
    [
      'flow main thread per analysed doc frame ms',
      (r) => `${stat(r.flow.mainPerFrame)} (${r.flow.mainPerFrame?.count ?? 0} frames)`,
      '— | ≤ 8 med',
    ],
    [
      'flow main thread CPU time per doc frame ms',
      (r) => stat(r.flow.mainPerFrame?.cpu),
      '(thread time)',
    ],
    [
      'flow main thread per doc frame, mean (TaskDuration)',
      (r) => `${ms(r.flow.mainPerFrameMs)} (${r.flow.documentFrames} frames)`,
      '(as before the trace)',
    ],
    [
      'flow doc frames analysed per s, longest gap',
      (r) => `${r.flow.analysedFps.toFixed(1)}, ${ms(r.flow.longestGapMs)}`,
      '(face models load meanwhile)',
    ],
    ['flow preview fps while analysing', (r) => r.flow.previewFps?.toFixed(1) ?? '—', '— | ≥ 24'],
    ['flow camera fps delivered', (r) => r.flow.presentedFps?.toFixed(1) ?? '—', '(30)'],
    ['flow Start → first coaching hint', (r) => ms(r.flow.startToHintMs), ''],
    ['flow camera open → first coaching hint', (r) => ms(r.flow.cameraToHintMs), '— | ≤ 1500'],
    ['flow selfie step → face models ready', (r) => ms(r.flow.selfieToModelsMs), '— | 0 (ready)'],
    ['flow selfie step → first face hint', (r) => ms(r.flow.selfieToHintMs), ''],
    [
      `flow JS heap MB: start → after each of ${flowCount} flows`,
      (r) => [r.flow.heapStart, ...r.flow.heaps].map((h) => (h / 1e6).toFixed(2)).join(' → '),
      '',
    ],
    [
      'flow JS heap, each flow against its start',
      (r) =>
        r.flow.heaps
          .map((h, i) => percent(i ? r.flow.heaps[i - 1] : r.flow.heapStart, h))
          .join(', '),
      '≤ +10 % (after the 1st)',
    ],
    [
      'flow JS heap, last flow against the 1st',
      (r) => percent(r.flow.heaps[0], r.flow.heaps.at(-1)),
      '≤ +10 %',
    ],
    [
      'flow bitmaps / video frames open after',
      (r) =>
        `${r.flow.open.bitmaps} of ${r.flow.open.bitmapsMade} / ${r.flow.open.videoFrames} of ${r.flow.open.videoFramesMade}`,
      '0 / 0',
    ],
  ];
  const width = Math.max(...rows.map(([name]) => name.length));
  const cols = rows.map(([, value]) => runs.map((r) => value(r)));
  const colWidth = Math.max(...cols.flat().map((c) => c.length));
  for (const [i, [name, , target]] of rows.entries()) {
    console.log(
      `${name.padEnd(width)}  ${cols[i].map((c) => c.padEnd(colWidth)).join('  ')}  ${target}`,
    );
  }
  console.log('targets: unthrottled | throttled 4×');
  for (const r of runs) {
    for (const { title, lines } of r.flow.heapDiffs) {
      console.log(`\nCPU throttling ${r.rate}×, ${title}: ${lines[0].slice(20)}`);
      for (const line of lines.slice(1)) console.log(line);
    }
  }
} finally {
  server.close();
}
