// Web Test Runner: the plugin's tests in Debian's headless Chromium (no browser download), on
// @idv/test-kit's base configuration.
// - Native tests run Capacitor's real JavaScript bridge with the phone's side replaced by a double
//   at the bridge boundary (test/support/native-bridge-double.ts).
// - The element's flow API calls go to the scripted double of @idv/verify's own tests
//   (`@idv/verify/testing/flow-api-double`, compiled by its build), reused here.
// - Chromium's built-in fake camera serves the web flow the events are compared with.
// - The Ionic demo's web build (demo/ionic-app/dist) is served from the same root.
import { webTestRunnerConfig } from '@idv/test-kit/wtr';
import { flowApiDouble } from '@idv/verify/testing/flow-api-double';

export default webTestRunnerConfig({
  profilePrefix: 'idv-capacitor-wtr-',
  testTimeoutMs: 30000,
  testsFinishTimeoutMs: 110000,
  middleware: [flowApiDouble()],
});
