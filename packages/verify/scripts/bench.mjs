#!/usr/bin/env node
// Benchmark of the capture worker in Debian's headless Chromium: median, mean and p90 milliseconds
// per 640×480 frame for `analyzeDocumentFrame` (target ≤ 8 ms) and `analyzeFaceFrame` (target ≤ 40
// ms), measured as the full Comlink round trip (transfer + analysis + answer) after a warm-up, on
// frames that sway like a hand-held camera's. The face detector runs on every fourth frame only
// (the mesh tracks in between), so the median is a tracked frame: the mean is the cost per frame
// averaged over both kinds, the p90 close to a detector frame. Each round starts a fresh worker;
// the load average is printed before and after (the machine may be shared). Prints figures;
// asserts nothing. Frames come from scripts/make-fake-camera.mjs.
//
// Then the main thread's grab per loop iteration on Chromium's fake camera (the real
// WebCaptureSource): the former 640 px grab against the frame at the resolution to keep plus its
// 640 px analysis copy (what the loops grab since the kept frame is the analysed one).
//
// BENCH_ROUNDS (default 3), BENCH_DOCUMENT_FRAMES (200), BENCH_FACE_FRAMES (60), BENCH_GRABS (100).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import puppeteer from 'puppeteer-core';
import { chromiumPath, quietChromiumArgs } from './chromium.mjs';

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
const server = createServer((req, res) => {
  const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname));
  if (path === '/') {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(
      '<!doctype html><script type="module" src="/packages/verify/scripts/bench-page.js"></script>',
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
const userDataDir = mkdtempSync(join(tmpdir(), 'idv-bench-'));
const browser = await puppeteer.launch({
  executablePath: chromiumPath,
  headless: true,
  userDataDir,
  args: [
    ...quietChromiumArgs,
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
  ],
});
try {
  const page = await browser.newPage();
  await page.goto(origin);
  await page.waitForFunction(() => typeof window.runBench === 'function');
  const rel = (p) => `/${p.slice(root.length + 1)}`;
  const options = {
    documentUrl: rel(join(fakeCamera, 'document.png')),
    faceUrl: rel(join(fakeCamera, 'face.png')),
    workerUrl: '/packages/verify/dist/idv-verify.worker.js',
    documentCount: Number(process.env.BENCH_DOCUMENT_FRAMES ?? 200),
    faceCount: Number(process.env.BENCH_FACE_FRAMES ?? 60),
  };
  const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
  const f = (n) => n.toFixed(2).padStart(7);
  const load = () =>
    loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
  const line = (name, r, target, extra) =>
    `${name} 640x480: median ${f(r.median)} ms  mean ${f(r.mean)} ms  p90 ${f(r.p90)} ms  (${r.count} frames, target <= ${target} ms, ${extra})`;
  console.log(`machine: ${cpus().length} cores, load average before ${load()}`);
  const results = [];
  for (let round = 1; round <= rounds; round += 1) {
    const result = await page.evaluate((o) => window.runBench(o), options);
    results.push(result);
    console.log(`round ${round}`);
    console.log(
      `  ${line('analyzeDocumentFrame', result.document, 8, `ok=${result.document.ok}`)}`,
    );
    console.log(`  ${line('analyzeFaceFrame    ', result.face, 40, `faces=${result.face.faces}`)}`);
    console.log(
      `  face models load (wasm + BlazeFace + mesh + warm-up) ${result.faceModelLoadMs.toFixed(0)} ms, first face frame ${result.firstFaceFrameMs.toFixed(0)} ms`,
    );
  }
  const mid = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  console.log(`median of ${rounds} rounds`);
  for (const [name, key, target] of [
    ['analyzeDocumentFrame', 'document', 8],
    ['analyzeFaceFrame    ', 'face', 40],
  ]) {
    const pick = (stat) => mid(results.map((r) => r[key][stat]));
    console.log(
      `  ${name} 640x480: median ${f(pick('median'))} ms  mean ${f(pick('mean'))} ms  p90 ${f(pick('p90'))} ms  (target <= ${target} ms)`,
    );
  }
  const grabs = await page.evaluate(
    (count) => window.runGrabBench({ count }),
    Number(process.env.BENCH_GRABS ?? 100),
  );
  console.log('grab per loop iteration (main thread, fake camera)');
  for (const [name, r] of Object.entries(grabs)) {
    const stat = (s) => `median ${f(s.median)} ms  mean ${f(s.mean)} ms  p90 ${f(s.p90)} ms`;
    console.log(`  ${name.padEnd(8)} ${r.size} 640 px grab only:         ${stat(r.before)}`);
    console.log(`  ${name.padEnd(8)} ${r.size} kept frame + 640 px copy: ${stat(r.after)}`);
  }
  console.log(`machine: load average after ${load()}`);
} finally {
  await browser.close();
  server.close();
  rmSync(userDataDir, { recursive: true, force: true });
}
