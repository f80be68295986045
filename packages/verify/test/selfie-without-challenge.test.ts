/**
 * A selfie without a live challenge (the manual button, the platform camera) passes the service
 * only where the company set `allowUploadedSelfie` (off by default, `LIVENESS_REQUIRED` otherwise):
 * the element offers those ways only then, and otherwise runs the live challenge or sends the
 * person to another device, never a photo the service is bound to refuse.
 */
import { expect } from '@open-wc/testing';
import { TestCaptureSource } from './support/test-capture-source.js';
import { acceptTerms, mount, requestsTo, waitFor, type Mounted } from './support/element.js';
import { singleFaceFrame } from './support/images.js';
import { en } from '../dist/i18n/en.js';

/** The buttons of the screen, by their text. */
const buttons = (m: Mounted): string[] =>
  [...m.root.querySelectorAll('button')].map((b) => b.textContent?.trim() ?? '');

describe('<idv-verify> selfie without a live challenge', () => {
  it('offers no manual selfie when the face check cannot run unless the company allows it: another device instead', async () => {
    for (const allowUploadedSelfie of [false, true]) {
      const source = new TestCaptureSource({ scene: await singleFaceFrame() });
      const m = await mount(
        { session: { method: 'FACE', company: { allowUploadedSelfie } } },
        { source, workerUrl: new URL('./support/no-such-worker.js', import.meta.url) },
      );
      await acceptTerms(m);
      await m.step('selfie');
      if (!allowUploadedSelfie) {
        await waitFor(() => m.text().includes(en.faceCheckUnavailableTitle), 10000, 'the refusal');
        expect(buttons(m)).to.not.include(en.captureButton);
        expect(buttons(m)).to.include(en.handoffOtherDevice.trim());
        expect(
          source.cameras.every((c) => c.stopped),
          'camera stopped',
        ).to.equal(true);
        expect(await requestsTo(m, 'POST', '/flow/captures/selfie')).to.have.length(0);
      } else {
        const manual = await waitFor(
          () =>
            [...m.root.querySelectorAll('button')].find(
              (b) => b.textContent?.trim() === en.captureButton,
            ),
          10000,
          'the manual button',
        );
        manual.click();
        await m.step('result', 20000);
        const [selfie] = await requestsTo(m, 'POST', '/flow/captures/selfie');
        expect(JSON.parse(selfie!.form!.meta as string)).to.include({
          source: 'camera',
          challenge: null,
        });
      }
      m.el.remove();
    }
  });

  it('offers the platform camera for the selfie only where the company allows a selfie without a live challenge', async () => {
    const source = new TestCaptureSource({ scene: await singleFaceFrame(), photoOnly: true });
    const m = await mount({ session: { method: 'FACE' } }, { source });
    await acceptTerms(m);
    await m.step('selfie');
    await waitFor(() => m.text().includes(en.faceCheckUnavailableTitle), 10000, 'the refusal');
    expect(buttons(m)).to.not.include(en.captureButton);
    expect(await requestsTo(m, 'POST', '/flow/captures/selfie')).to.have.length(0);
    m.el.remove();
  });
});
