import { expect } from '@open-wc/testing';
import { WorkerBridge } from '../dist/internal/worker-bridge/worker-bridge.js';

/** How a call settled within `ms`: its rejection, or a failure saying it still hangs. */
async function rejectionWithin(call: Promise<unknown>, ms: number): Promise<Error> {
  const hanging = new Error(`the call was still pending after ${ms} ms`);
  const outcome = await Promise.race([
    call.then(
      () => new Error('the call resolved'),
      (error: unknown) => ({ rejected: error }),
    ),
    new Promise<Error>((resolve) => setTimeout(() => resolve(hanging), ms)),
  ]);
  if (outcome instanceof Error) throw outcome;
  expect(outcome.rejected).to.be.instanceOf(Error);
  return outcome.rejected as Error;
}

function frame(): ImageBitmap {
  const canvas = new OffscreenCanvas(64, 48);
  canvas.getContext('2d')!.fillRect(0, 0, 64, 48);
  return canvas.transferToImageBitmap();
}

describe('capture worker failure', () => {
  const bridges: WorkerBridge[] = [];
  const bridgeTo = (script: string, answerTimeoutMs?: number): WorkerBridge => {
    const bridge = new WorkerBridge({ url: new URL(script, import.meta.url), answerTimeoutMs });
    bridges.push(bridge);
    return bridge;
  };
  afterEach(() => bridges.splice(0).forEach((bridge) => bridge.terminate()));

  it('rejects the call, and every later one, when the worker script throws as it loads', async () => {
    const failures: Error[] = [];
    const bridge = new WorkerBridge({
      url: new URL('./support/worker-that-throws-at-load.js', import.meta.url),
      onFailure: (error) => failures.push(error),
    });
    bridges.push(bridge);
    const sent = frame();
    const error = await rejectionWithin(bridge.analyzeDocumentFrame(sent), 5000);
    expect(error.message).to.match(/worker/i);
    expect(failures, 'the failure is reported once').to.deep.equal([error]);
    const later = frame();
    const startedAt = performance.now();
    await rejectionWithin(bridge.encodeJpeg(later), 5000);
    expect(performance.now() - startedAt, 'at once').to.be.below(100);
    expect(later.width, 'a failed bridge does not take the frame').to.equal(64);
    expect(failures).to.have.length(1);
  });

  it('rejects the call when the worker script is missing (404)', async () => {
    const bridge = bridgeTo('./support/no-such-worker.js');
    await rejectionWithin(bridge.prepareFaceDetection(), 5000);
  });

  it('rejects the pending call when the worker throws outside it, and later calls at once', async () => {
    const bridge = bridgeTo('./support/worker-that-dies.js');
    await rejectionWithin(bridge.analyzeFaceFrame(frame()), 5000);
    const startedAt = performance.now();
    await rejectionWithin(bridge.analyzeDocumentFrame(frame()), 5000);
    expect(performance.now() - startedAt, 'at once').to.be.below(100);
  });

  it('rejects the pending call when the worker dies without a word (closed, killed)', async () => {
    const bridge = bridgeTo('./support/worker-that-dies.js', 1000);
    const error = await rejectionWithin(bridge.analyzeDocumentFrame(frame()), 5000);
    expect(error.message).to.match(/did not answer/);
    const startedAt = performance.now();
    await rejectionWithin(bridge.prepareFaceDetection(), 5000);
    expect(performance.now() - startedAt, 'at once').to.be.below(100);
  });
});
