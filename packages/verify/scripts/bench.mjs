#!/usr/bin/env node
// Benchmark of the capture worker in Debian's headless Chromium: median and p90 milliseconds per
// 640×480 frame for `analyzeDocumentFrame` (target ≤ 8 ms) and `analyzeFaceFrame` (target ≤ 40 ms),
// measured as the full Comlink round trip (transfer + analysis + answer) after a warm-up. Prints
// figures; asserts nothing. Frames come from scripts/make-fake-camera.mjs.
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
  args: quietChromiumArgs,
});
try {
  const page = await browser.newPage();
  await page.goto(origin);
  await page.waitForFunction(() => typeof window.runBench === 'function');
  const rel = (p) => `/${p.slice(root.length + 1)}`;
  const result = await page.evaluate((options) => window.runBench(options), {
    documentUrl: rel(join(fakeCamera, 'document.png')),
    faceUrl: rel(join(fakeCamera, 'face.png')),
    workerUrl: '/packages/verify/dist/idv-verify.worker.js',
    documentCount: Number(process.env.BENCH_DOCUMENT_FRAMES ?? 200),
    faceCount: Number(process.env.BENCH_FACE_FRAMES ?? 60),
  });
  const f = (n) => n.toFixed(2).padStart(7);
  console.log(
    `machine: ${cpus().length} cores, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log(
    `analyzeDocumentFrame 640x480: median ${f(result.document.median)} ms  p90 ${f(result.document.p90)} ms  (${result.document.count} frames, target <= 8 ms, ok=${result.document.ok})`,
  );
  console.log(
    `analyzeFaceFrame     640x480: median ${f(result.face.median)} ms  p90 ${f(result.face.p90)} ms  (${result.face.count} frames, target <= 40 ms, faces=${result.face.faces})`,
  );
  console.log(
    `face models first load (wasm + BlazeFace + mesh): ${result.faceModelLoadMs.toFixed(0)} ms`,
  );
} finally {
  await browser.close();
  server.close();
  rmSync(userDataDir, { recursive: true, force: true });
}
