// Screenshot tour of every screen at a phone and a desktop viewport. Runs only when
// IDV_SCREENSHOT_DIR is set (`IDV_SCREENSHOT_DIR=/tmp/shots npx wtr --config web-test-runner.config.mjs
// --files test/screenshots.test.ts`); the pictures stay out of the repository.
import { executeServerCommand, setViewport } from '@web/test-runner-commands';
import { CaptureSourceError, TestCaptureSource } from './support/test-capture-source.js';
import { acceptTerms, mount, uploadPhoto, waitFor, type Mounted } from './support/element.js';
import { drawDocumentScene, singleFaceFrame } from './support/images.js';

const viewports = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 860 },
];

async function shot(name: string): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 300));
  await executeServerCommand('idv-screenshot', { name });
}

const company = {
  name: 'Acme Bank',
  color: '#0b6e4f',
  logoUrl: '/packages/verify/test/support/logo.svg',
};

for (const viewport of viewports) {
  describe(`screenshots ${viewport.name}`, () => {
    let pageStyle: HTMLStyleElement | undefined;

    before(async () => {
      await setViewport({ width: viewport.width, height: viewport.height });
      document.body.style.background = '#f3f5f8';
      document.body.style.margin = viewport.name === 'phone' ? '0' : '24px';
      if (viewport.name === 'phone') {
        // As the end-user app lays it out on a phone (demo/end-user-app/app.css): full height.
        pageStyle = document.createElement('style');
        pageStyle.textContent = 'idv-verify { min-height: 100vh; }';
        document.head.append(pageStyle);
      }
    });

    after(() => pageStyle?.remove());

    const name = (step: string): string => `${viewport.name}-${step}`;

    it('welcome, location, documents, review, retry, result', async () => {
      const reject = {
        kind: 'reject' as const,
        code: 'GLARE',
        message: 'Part of the document is hidden by a reflection.',
      };
      const source = new TestCaptureSource({
        scene: drawDocumentScene({ width: 1280, height: 960 }).canvas,
        fixes: [{ latitude: 40.4, longitude: -3.7, accuracy: 20, timestamp: Date.now() }],
      });
      const m: Mounted = await mount(
        {
          session: { type: 'ID ONLY', company: { ...company, locationPermission: 'optional' } },
          captures: { back: [reject] },
        },
        { source },
      );
      await m.step('welcome');
      await shot(name('01-welcome'));
      await acceptTerms(m);
      await m.step('location');
      await shot(name('02-location'));
      m.button('Share my location').click();
      await m.step('front');
      await waitFor(
        () => m.root.querySelector('.viewfinder img') || m.root.querySelector('.coach.good'),
        15000,
      );
      await shot(name('03-front-live'));
      await waitFor(() => m.root.querySelector('.viewfinder img'), 15000);
      await shot(name('04-front-review'));
      m.button('Use this photo').click();
      await m.step('back');
      await uploadPhoto(
        m,
        await drawDocumentScene({ width: 1280, height: 960 }).canvas.convertToBlob({
          type: 'image/jpeg',
        }),
      );
      m.button('Use this photo').click();
      await waitFor(() => m.text().includes('reflection'));
      await shot(name('05-back-retry'));
      m.button('Try again').click();
      await waitFor(
        () => m.root.querySelector('.viewfinder img') || m.root.querySelector('.coach'),
        15000,
      );
      await waitFor(() => m.root.querySelector('.viewfinder img'), 15000);
      m.button('Use this photo').click();
      await m.step('result');
      await shot(name('06-result-success'));
      m.el.remove();
    });

    it('selfie with the challenge', async () => {
      const source = new TestCaptureSource({ scene: await singleFaceFrame() });
      const m = await mount({ session: { method: 'FACE', company } }, { source });
      await acceptTerms(m);
      await m.step('selfie');
      await waitFor(() => m.text().includes('Now'), 20000);
      await shot(name('07-selfie-challenge'));
      m.el.remove();
    });

    it('document choice, passport page framing', async () => {
      const source = new TestCaptureSource({
        scene: drawDocumentScene({ width: 1280, height: 960 }).canvas,
      });
      const m = await mount(
        { session: { type: 'FULL FLOW', documentTypes: ['ID_CARD', 'PASSPORT'], company } },
        { source },
      );
      await acceptTerms(m);
      await m.step('document');
      await shot(name('08-document-choice'));
      m.root
        .querySelector<HTMLButtonElement>('button.choice[data-document-type=PASSPORT]')!
        .click();
      await m.step('front');
      await waitFor(() => m.root.querySelector('.coach'), 15000);
      await shot(name('09-passport-live'));
      m.el.remove();
    });

    it('hand-off, gate, camera blocked, identify, failure, expiry', async () => {
      let m = await mount({ session: { company: { ...company, handoffMode: 'suggest' } } });
      await acceptTerms(m);
      await m.step('handoff');
      await waitFor(() => m.root.querySelector('[part=qr]'));
      await shot(name('08-handoff'));
      m.el.remove();

      m = await mount({
        session: {
          company: {
            ...company,
            gateRules: { version: '1', rules: [{ id: 'r', reason: 'os_outdated', match: {} }] },
          },
        },
      });
      await acceptTerms(m);
      await m.step('gated');
      await waitFor(() => m.root.querySelector('[part=qr]'));
      await shot(name('09-gated'));
      m.el.remove();

      m = await mount(
        { session: { type: 'ID ONLY', company } },
        {
          source: new TestCaptureSource({
            kind: 'web',
            cameraError: new CaptureSourceError('permission-denied', 'denied'),
          }),
        },
      );
      await acceptTerms(m);
      await waitFor(() => m.text().includes('Camera access is blocked'));
      await shot(name('10-camera-blocked'));
      m.el.remove();

      m = await mount(
        { session: { type: 'ID ONLY', company } },
        {
          source: new TestCaptureSource({
            cameraError: new CaptureSourceError('permission-denied', 'denied'),
            canOpenSettings: true,
          }),
        },
      );
      await acceptTerms(m);
      await waitFor(() => m.text().includes('Camera access is blocked'));
      await shot(name('10b-camera-blocked-in-app'));
      m.el.remove();

      m = await mount(
        { session: { company: { ...company, locationPermission: 'required' } } },
        {
          source: new TestCaptureSource({
            locationError: new CaptureSourceError('permission-denied', 'denied'),
            canOpenSettings: true,
          }),
          attributes: { lang: 'pt' },
        },
      );
      await acceptTerms(m);
      await m.step('location');
      m.button(/Partilhar/).click();
      await waitFor(() => m.text().includes('definições do dispositivo'));
      await shot(name('10c-location-blocked-in-app-pt'));
      m.el.remove();

      m = await mount(
        { session: { method: null, requiredCaptures: [], company } },
        { attributes: { lang: 'es' } },
      );
      await acceptTerms(m).catch(() => undefined);
      await m.step('identify');
      await shot(name('11-identify-es'));
      m.el.remove();

      m = await mount({ opened: true, session: { status: 'failed', company } });
      await m.step('result');
      await shot(name('12-result-failed'));
      m.el.remove();

      m = await mount({ link: 'expired' });
      await m.step('error');
      await shot(name('13-expired'));
      m.el.remove();

      m = await mount(
        { session: { company: { ...company, plan: 'basic' } } },
        { attributes: { theme: 'dark', lang: 'fr' } },
      );
      await m.step('welcome');
      await waitFor(() => m.text().includes('souhaite'));
      await shot(name('14-welcome-dark-basic-fr'));
      m.el.remove();
    });
  });
}
