/**
 * `@idv/test-kit`: what the tests of several packages share. The Web Test Runner launcher is the
 * separate entry `@idv/test-kit/wtr` (it loads the runner's Chrome launcher).
 */
export {
  chromiumPath,
  fakeCameraArgs,
  type FakeCamera,
  headlessFlag,
  quietChromiumArgs,
  trustCertificateArg,
} from './chromium.js';
export { waitUntil, type Waiters } from './wait-until.js';
export {
  startWebhookReceiver,
  type ReceivedWebhook,
  type Responder,
  type WebhookReceiver,
  type WebhookReceiverOptions,
} from './webhook-receiver.js';
