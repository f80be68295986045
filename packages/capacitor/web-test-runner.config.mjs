// Web Test Runner: the plugin's tests in Debian's headless Chromium (no browser download).
// - Native tests run Capacitor's real JavaScript bridge with the phone's side replaced by a double
//   at the bridge boundary (test/support/native-bridge-double.ts).
// - The element's flow API calls go to the scripted double of @idv/verify's own tests
//   (packages/verify/test/support/node/flow-api-double.ts, compiled by its build), reused here.
// - Chromium's built-in fake camera serves the web flow the events are compared with.
// - The Ionic demo's web build (demo/ionic-app/dist) is served from the same root.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromeLauncher } from '@web/test-runner-chrome';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { flowApiDouble } from '../verify/.test-artifacts/support/test/support/node/flow-api-double.js';

const userDataDir = mkdtempSync(join(tmpdir(), 'idv-capacitor-wtr-'));
process.on('exit', () => rmSync(userDataDir, { recursive: true, force: true }));

export default {
  rootDir: '../..',
  files: ['test/**/*.test.ts'],
  nodeResolve: { exportConditions: ['browser', 'production'] },
  // One page at a time: a background tab gets no animation frames and reports itself hidden.
  concurrency: 1,
  testFramework: { config: { timeout: 30000 } },
  testsFinishTimeout: 110000,
  middleware: [flowApiDouble()],
  plugins: [esbuildPlugin({ ts: true, target: 'es2022' })],
  browsers: [
    chromeLauncher({
      launchOptions: {
        executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
        headless: true,
        userDataDir,
        args: [
          '--no-sandbox',
          '--disable-gpu',
          '--no-first-run',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
          '--use-fake-ui-for-media-stream',
          '--use-fake-device-for-media-stream',
        ],
      },
    }),
  ],
};
