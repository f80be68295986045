// The package imports cleanly without a window (server-side rendering, Node test environments):
// nothing touches `window`, `document` or `customElements` at module level.
import { test } from 'node:test';
import assert from 'node:assert/strict';

test('imports in Node without a window and exposes the element and its events', async () => {
  assert.equal(typeof globalThis.window, 'undefined');
  const verify = await import('../dist/index.js');
  assert.equal(typeof verify.IdvVerify, 'function');
  assert.equal(verify.IdvCompleteEvent.eventName, 'idv-complete');
  const event = new verify.IdvErrorEvent({
    code: 'CAMERA_UNAVAILABLE',
    message: 'x',
    recoverable: true,
  });
  assert.deepEqual([event.type, event.bubbles, event.composed], ['idv-error', true, true]);
  assert.equal(new verify.IdvRequestCancelEvent({ step: 'front' }).cancelable, true);
  assert.deepEqual([...verify.supportedLanguages], ['en', 'es', 'pt', 'fr']);
  await import('../dist/capture-source.js');
  await import('../dist/define.js');
});
