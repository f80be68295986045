/**
 * What a stopped capture worker leaves behind: nothing that keeps its owner alive. Comlink holds a
 * worker strongly until the worker's proxy is collected, and the worker's listeners reach that
 * proxy: unless the proxy is released, the worker, its listeners and everything behind the
 * bridge's failure handler (the whole element) stay in the page for good, one more per flow.
 * The garbage is collected over the DevTools protocol (`idv-collect-garbage`, a test command).
 */
import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { WorkerBridge } from '../dist/internal/worker-bridge/worker-bridge.js';
import { defaultWorkerUrl } from '../dist/worker-url.js';
import { acceptTerms, eventsOf, mount, waitFor } from './support/index.js';

/** Collects the page's garbage (twice: finalizers run between) and answers whether `ref` went. */
async function collected(ref: WeakRef<object>): Promise<boolean> {
  for (let round = 0; round < 3 && ref.deref() !== undefined; round += 1) {
    await executeServerCommand('idv-collect-garbage');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return ref.deref() === undefined;
}

function frame(): ImageBitmap {
  const canvas = new OffscreenCanvas(64, 48);
  canvas.getContext('2d')!.fillRect(0, 0, 64, 48);
  return canvas.transferToImageBitmap();
}

/** An owner the bridge's failure handler holds, as the element's session holds its host. */
class BridgeOwner {
  failures: Error[] = [];
}

/** Runs a job on a bridge owned by a fresh owner, stops it, and answers a weak hold on the owner. */
async function ownerOfStoppedBridge(): Promise<WeakRef<BridgeOwner>> {
  const owner = new BridgeOwner();
  const bridge = new WorkerBridge({
    url: defaultWorkerUrl(),
    onFailure: (error) => owner.failures.push(error),
  });
  const analysis = await bridge.analyzeDocumentFrame(frame());
  expect(analysis.brightness, 'the worker answered').to.be.a('number');
  bridge.terminate();
  return new WeakRef(owner);
}

/** Mounts an element, runs its document step until the worker answered, removes it. */
async function removedElementAfterItsWorkerRan(): Promise<WeakRef<HTMLElement>> {
  const m = await mount();
  await acceptTerms(m);
  await m.step('front');
  await waitFor(() => eventsOf(m, 'idv-quality').length > 0, 20000, 'an analysed frame');
  m.el.remove();
  m.events.length = 0;
  return new WeakRef(m.el);
}

describe('a stopped capture worker', () => {
  it('lets go of the bridge and of what its failure handler holds', async () => {
    const owner = await ownerOfStoppedBridge();
    expect(await collected(owner), 'the owner is collected').to.equal(true);
  });

  it('lets a removed element be collected after its flow used the worker', async () => {
    const element = await removedElementAfterItsWorkerRan();
    expect(await collected(element), 'the element is collected').to.equal(true);
  });
});
