// Web Test Runner: the plugin's tests in Debian's headless Chromium (no browser download).
// - Native tests run Capacitor's real JavaScript bridge with the phone's side replaced by a double
//   at the bridge boundary (test/support/native-bridge-double.ts).
// - The element's flow API calls go to the scripted double of @idv/verify's own tests
//   (`@idv/verify/testing/flow-api-double`, compiled by its build), reused here.
// - Chromium's built-in fake camera serves the web flow the events are compared with.
// - The Ionic demo's web build (demo/ionic-app/dist) is served from the same root.
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { chromiumForTests } from '@idv/test-kit/wtr';
import { flowApiDouble } from '@idv/verify/testing/flow-api-double';

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
  browsers: [chromiumForTests({ profilePrefix: 'idv-capacitor-wtr-' })],
};
