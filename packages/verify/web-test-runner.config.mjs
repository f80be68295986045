// Web Test Runner: the element's tests in Debian's headless Chromium (no browser download).
// Chromium's fake camera plays a generated ID card (scripts/make-fake-camera.mjs), so the real
// WebCaptureSource, worker and auto-capture run end to end; the flow API is the scripted double of
// test/support/node/flow-api-double.ts (compiled by `npm run build`, exported as
// `@idv/verify/testing/flow-api-double`). The base configuration and the browser (headless
// Chromium) are @idv/test-kit's.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { webTestRunnerConfig } from '@idv/test-kit/wtr';
import { flowApiDouble } from '@idv/verify/testing/flow-api-double';

const here = dirname(fileURLToPath(import.meta.url));
const fakeCamera = join(here, '.test-artifacts', 'fake-camera');
if (!existsSync(join(fakeCamera, 'document.y4m'))) {
  execFileSync(process.execPath, [join(here, 'scripts', 'make-fake-camera.mjs'), fakeCamera], {
    stdio: 'inherit',
  });
}
// Generated document photos (@idv/analysis/testing) for the document-quality tests.
const testDocuments = join(here, '.test-artifacts', 'documents');
if (!existsSync(join(testDocuments, 'documents.json'))) {
  execFileSync(
    process.execPath,
    [join(here, 'scripts', 'make-test-documents.mjs'), testDocuments],
    { stdio: 'inherit' },
  );
}
// Real-face frames with the eyes open and shut, and frontal and turned heads (@idv/analysis/testing),
// for the blink and head-turn tests.
const testFaces = join(here, '.test-artifacts', 'faces');
if (!existsSync(join(testFaces, 'faces.json')) || !existsSync(join(testFaces, 'turns.json'))) {
  execFileSync(process.execPath, [join(here, 'scripts', 'make-test-faces.mjs'), testFaces], {
    stdio: 'inherit',
  });
}
const screenshotDir = process.env.IDV_SCREENSHOT_DIR;

/** Test-only headers: the CSP page is served with a strict Content-Security-Policy. */
function strictCspHeaders() {
  return async (ctx, next) => {
    await next();
    if (ctx.path.startsWith('/packages/verify/test/csp/')) {
      ctx.set(
        'Content-Security-Policy',
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' blob: data:; connect-src 'self'; " +
          "worker-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'self'",
      );
    }
  };
}

/** A `screenshot` command for the screenshot tour (only with IDV_SCREENSHOT_DIR set). */
function screenshotPlugin() {
  return {
    name: 'idv-screenshot',
    async executeCommand({ command, payload, session }) {
      if (command !== 'idv-screenshot') return undefined;
      if (!screenshotDir) return false;
      mkdirSync(screenshotDir, { recursive: true });
      const page = session.browser.getPage(session.id);
      const buffer = await page.screenshot({ fullPage: true });
      writeFileSync(join(screenshotDir, `${payload.name}.png`), buffer);
      return true;
    },
  };
}

/**
 * A `idv-collect-garbage` command: a full garbage collection of the test's page over the DevTools
 * protocol (`HeapProfiler.collectGarbage`), for the tests of what the element lets go of.
 */
function collectGarbagePlugin() {
  return {
    name: 'idv-collect-garbage',
    async executeCommand({ command, session }) {
      if (command !== 'idv-collect-garbage') return undefined;
      const page = session.browser.getPage(session.id);
      const cdp = await page.createCDPSession();
      try {
        await cdp.send('HeapProfiler.collectGarbage');
      } finally {
        await cdp.detach();
      }
      return true;
    },
  };
}

export default webTestRunnerConfig({
  profilePrefix: 'idv-wtr-',
  fakeCameraFile: join(fakeCamera, 'document.y4m'),
  files: ['test/**/*.test.ts', ...(screenshotDir ? [] : ['!test/screenshots.test.ts'])],
  testTimeoutMs: 45000,
  testsFinishTimeoutMs: 240000,
  middleware: [flowApiDouble(), strictCspHeaders()],
  plugins: [screenshotPlugin(), collectGarbagePlugin()],
});
