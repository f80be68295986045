import { expect } from '@open-wc/testing';
import { CaptureSourceError, TestCaptureSource } from './support/test-capture-source.js';
import {
  acceptTerms,
  documentJpeg,
  eventsOf,
  mount,
  requestsTo,
  sendDocument,
  uploadPhoto,
  waitFor,
  type Mounted,
} from './support/element.js';
import { singleFaceFrame } from './support/images.js';
import { en } from '../dist/i18n/en.js';

/** The camera preview of the capture screen, once it shows. */
function liveVideo(m: Mounted): Promise<HTMLVideoElement> {
  return waitFor(
    () => m.root.querySelector<HTMLVideoElement>('[part=viewfinder] video'),
    10000,
    'video',
  );
}

describe('<idv-verify> flow', () => {
  it('opens the session, brands the welcome screen and starts after the terms', async () => {
    const m = await mount({
      session: {
        company: {
          name: 'Acme Bank',
          color: '#0b6e4f',
          logoUrl: '/packages/verify/test/support/logo.svg',
        },
      },
    });
    await m.step('welcome');
    expect(eventsOf(m, 'idv-ready')[0]!.detail).to.include({
      linkId: m.scenario.linkId,
      verificationId: m.scenario.verificationId,
    });
    expect(m.text()).to.contain('Acme Bank would like to verify your identity');
    const base = m.root.querySelector<HTMLElement>('[part=base]')!;
    expect(base.style.getPropertyValue('--idv-color-primary')).to.equal('#0b6e4f');
    expect(m.root.querySelector('img.logo')!.getAttribute('src')).to.match(/logo\.svg$/);

    m.button('Start').click();
    await m.el.updateComplete;
    expect(m.text()).to.contain('Please accept the terms to continue.');
    expect(await requestsTo(m, 'POST', '/flow/terms')).to.have.length(0);

    await acceptTerms(m);
    await m.step('front');
    expect(eventsOf(m, 'idv-start')).to.have.length(1);
    const [terms] = await requestsTo(m, 'POST', '/flow/terms');
    expect(terms!.json).to.deep.equal({ accepted: true });
    expect(terms!.flowSession).to.be.a('string');
    const steps = eventsOf<{ step: string }>(m, 'idv-step-change').map((e) => e.detail.step);
    expect(steps).to.deep.equal(['loading', 'welcome', 'front']);
    const event = eventsOf(m, 'idv-start')[0]!;
    expect([event.bubbles, event.composed]).to.deep.equal([true, true]);
  });

  it('shows only the business name on the Basic plan', async () => {
    const m = await mount(
      { session: { company: { plan: 'basic', color: '#ff0000', logoUrl: '/logo.png' } } },
      {
        attributes: {
          'brand-color': '#00ff00',
          'logo-src': '/other.png',
          'business-name': 'Corner Shop',
        },
      },
    );
    await m.step('welcome');
    expect(m.text()).to.contain('Corner Shop would like to verify your identity');
    expect(m.root.querySelector('img.logo')).to.equal(null);
    expect(
      m.root
        .querySelector<HTMLElement>('[part=base]')!
        .style.getPropertyValue('--idv-color-primary'),
    ).to.equal('');
  });

  it('runs ID ONLY by upload: review, retake, send both sides, success and idv-complete', async () => {
    const m = await mount({
      session: { type: 'ID ONLY', callbackUrl: 'https://shop.example/done' },
    });
    m.el.addEventListener('idv-complete', (e) => e.preventDefault());
    await acceptTerms(m);
    await m.step('front');
    expect(m.root.querySelector('[part=progress]')!.getAttribute('aria-valuemax')).to.equal('2');
    await uploadPhoto(m, await documentJpeg());
    expect(m.text()).to.contain('Check your photo');
    m.root.querySelector<HTMLButtonElement>('[part=retake-button]')!.click();
    await waitFor(() => !m.root.querySelector('.viewfinder img'));
    await uploadPhoto(m, await documentJpeg());
    m.button('Use this photo').click();
    await sendDocument(m, 'back');
    await m.step('result');
    expect(m.text()).to.contain('You’re verified');
    const [front] = await requestsTo(m, 'POST', '/flow/captures/front');
    expect(front!.form!.image).to.have.length(1);
    const meta = JSON.parse(front!.form!.meta as string);
    expect(meta).to.include({ source: 'upload', width: 1280, height: 960, autoCaptured: false });
    expect(eventsOf(m, 'idv-capture').map((e) => e.detail)).to.deep.equal([
      { kind: 'front', source: 'upload', accepted: true, remainingRetries: 3, next: 'back' },
      { kind: 'back', source: 'upload', accepted: true, remainingRetries: 3, next: 'done' },
    ]);
    expect(eventsOf(m, 'idv-complete')[0]!.detail).to.deep.equal({
      verificationId: m.scenario.verificationId,
      status: 'success',
      callbackUrl: 'https://shop.example/done',
    });
    expect(m.root.querySelector('a.button')!.getAttribute('href')).to.equal(
      'https://shop.example/done',
    );
    await expect(m.el).to.be.accessible();
  });

  it('asks to retry with the server reason and remaining attempts, then fails when none are left', async () => {
    const reject = {
      kind: 'reject' as const,
      code: 'DOCUMENT_UNREADABLE',
      message: 'We could not read your document.',
    };
    const m = await mount({
      session: { type: 'ID ONLY', remainingRetries: { front: 2, back: 3, selfie: 3 } },
      captures: { front: [reject, reject] },
    });
    await acceptTerms(m);
    await sendDocument(m, 'front');
    await waitFor(() => m.text().includes('We could not read your document.'));
    expect(m.text()).to.contain('1 attempt left');
    expect(eventsOf(m, 'idv-capture')[0]!.detail).to.deep.include({
      accepted: false,
      remainingRetries: 1,
    });
    await expect(m.el).to.be.accessible();
    m.button('Try again').click();
    await uploadPhoto(m, await documentJpeg());
    m.button('Use this photo').click();
    await m.step('result');
    expect(m.text()).to.contain('We couldn’t verify your identity');
    expect(eventsOf<{ status: string }>(m, 'idv-complete')[0]!.detail.status).to.equal('failed');
  });

  for (const [name, link, title, eventType] of [
    ['LinkAlreadyUsed', 'bound-elsewhere', 'This link has already been used', 'idv-error'],
    ['LinkExpired', 'expired', 'This link has expired', 'idv-expired'],
    ['LinkInactive', 'inactive', 'This link is no longer active', 'idv-error'],
  ] as const) {
    it(`stops on a 409 ${name}`, async () => {
      const m = await mount({ link });
      await m.step('error');
      const [open] = await requestsTo(m, 'POST', '/flow/sessions');
      expect(open!.status).to.equal(409);
      expect(m.text()).to.contain(title);
      expect(eventsOf(m, eventType)).to.have.length(1);
      expect(m.root.querySelector('[part=error]')).to.not.equal(null);
      await expect(m.el).to.be.accessible();
    });
  }

  it('reports the best location fix with IP fields under an optional policy', async () => {
    const source = new TestCaptureSource({
      fixes: [
        { latitude: 40.4, longitude: -3.7, accuracy: 900, timestamp: Date.now() },
        { latitude: 40.41, longitude: -3.71, accuracy: 35, timestamp: Date.now() },
      ],
    });
    const m = await mount(
      {
        session: { type: 'ID ONLY', company: { locationPermission: 'optional' } },
        fingerprint: {
          ip: '203.0.113.7',
          geoData: { latitude: 40.3, longitude: -3.6, accuracyRadius: 50, country: 'Spain' },
        },
      },
      { source, fingerprint: true },
    );
    await acceptTerms(m);
    await m.step('location');
    expect(m.text()).to.contain('You can skip this step.');
    m.button('Share my location').click();
    await m.step('front');
    const [patch] = await requestsTo(m, 'PATCH', '/verifications');
    expect(patch!.json).to.deep.include({ verificationId: m.scenario.verificationId });
    const geolocation = (patch!.json as { geolocation: Record<string, unknown> }).geolocation;
    expect(geolocation).to.include({
      deviceLatitude: 40.41,
      deviceLongitude: -3.71,
      accuracy: 35,
      source: 'gps',
      permission: 'granted',
      sample: 'best_of_session',
      ip: '203.0.113.7',
      latitude: '40.3',
      country: 'Spain',
    });
    expect(eventsOf(m, 'idv-location')).to.have.length(1);
    const [fingerprint] = await requestsTo(m, 'POST', '/flow/fingerprint');
    expect(fingerprint!.raw).to.match(/^\{"userData":\{"ip":"203.0.113.7"/);
    expect(source.watching).to.equal(0);
  });

  it('fetches the fingerprint fresh with credentials, keeps its ETag, forwards the raw text', async () => {
    const calls: { url: string; init: RequestInit | undefined }[] = [];
    const realFetch = window.fetch;
    // A spy, not a stand-in: every call still goes to the browser's fetch.
    window.fetch = (input, init) => {
      calls.push({ url: input instanceof Request ? input.url : String(input), init });
      return realFetch.call(window, input, init);
    };
    try {
      const first = await mount(
        {
          session: { type: 'ID ONLY' },
          fingerprint: { ip: '203.0.113.7', geoData: { city: 'São Paulo', country: 'Brazil' } },
        },
        { fingerprint: true },
      );
      const url = first.scenario.fingerprintUrl;
      await first.step('welcome');
      await waitFor(async () => (await requestsTo(first, 'POST', '/flow/fingerprint')).length > 0);
      const [forwarded] = await requestsTo(first, 'POST', '/flow/fingerprint');
      expect(forwarded!.raw, 'the service’s bytes, not re-serialized JSON').to.equal(
        first.scenario.fingerprintBody,
      );
      const fingerprintCalls = calls.filter((call) => call.url.endsWith(url));
      expect(fingerprintCalls).to.have.length(1);
      const { credentials, cache } = fingerprintCalls[0]!.init ?? {};
      expect({ credentials, cache }).to.deep.equal({ credentials: 'include', cache: 'no-cache' });
      first.el.remove();

      // Another element on this device: the browser revalidates with the ETag it kept, and the
      // service's fresh answer is forwarded again.
      const second = await mount(
        { session: { type: 'ID ONLY' } },
        { attributes: { 'fingerprint-url': url } },
      );
      await second.step('welcome');
      await waitFor(async () => (await requestsTo(second, 'POST', '/flow/fingerprint')).length > 0);
      const [again] = await requestsTo(second, 'POST', '/flow/fingerprint');
      expect(again!.raw).to.equal(first.scenario.fingerprintBody);
      const fetches = await first.scenario.fingerprintFetches();
      expect(fetches).to.deep.equal([
        { ifNoneMatch: null, cacheControl: 'max-age=0' },
        { ifNoneMatch: first.scenario.fingerprintEtag, cacheControl: 'max-age=0' },
      ]);
    } finally {
      window.fetch = realFetch;
    }
  });

  it('goes on without a fix when the person denies an optional location', async () => {
    const source = new TestCaptureSource({
      locationError: new CaptureSourceError('permission-denied', 'denied'),
    });
    const m = await mount(
      { session: { type: 'ID ONLY', company: { locationPermission: 'optional' } } },
      { source },
    );
    await acceptTerms(m);
    await m.step('location');
    m.button('Share my location').click();
    await m.step('front');
    const [error] = await requestsTo(m, 'PATCH', '/verifications/error');
    expect(error!.json).to.include({ errorCode: 'LOCATION_PERMISSION_DENIED' });
    const [patch] = await requestsTo(m, 'PATCH', '/verifications');
    expect((patch!.json as { geolocation: object }).geolocation).to.include({
      permission: 'denied',
      source: 'none',
    });
    expect(eventsOf(m, 'idv-error')[0]!.detail).to.include({
      code: 'LOCATION_PERMISSION_DENIED',
      recoverable: true,
    });
  });

  it('stops clearly when a required location is denied', async () => {
    const source = new TestCaptureSource({
      locationError: new CaptureSourceError('permission-denied', 'denied'),
    });
    const m = await mount({ session: { company: { locationPermission: 'required' } } }, { source });
    await acceptTerms(m);
    await m.step('location');
    expect(() => m.button('Skip')).to.throw();
    m.button('Share my location').click();
    await waitFor(() => m.text().includes('Location access is blocked'));
    expect(m.button('Try again')).to.be.instanceOf(HTMLElement);
    await m.el.updateComplete;
    expect((m.el as unknown as { step: string }).step).to.equal('location');
    await expect(m.el).to.be.accessible();
  });

  it('gates a matching device and offers a hand-off QR code', async () => {
    const m = await mount({
      session: {
        company: {
          gateRules: {
            version: '3',
            rules: [
              {
                id: 'no-desktop',
                reason: 'unsupported_form_factor',
                match: { formFactor: 'desktop' },
              },
            ],
          },
        },
      },
    });
    await acceptTerms(m);
    await m.step('gated');
    await waitFor(() => m.root.querySelector('[part=qr]'));
    expect(m.text()).to.contain('This verification has to be done on another kind of device.');
    const [error] = await requestsTo(m, 'PATCH', '/verifications/error');
    expect(error!.json).to.include({ errorCode: 'DEVICE_GATED' });
    expect(eventsOf(m, 'idv-handoff')[0]!.detail).to.include({ required: true });
    expect(m.root.querySelector('[part=qr] path')!.getAttribute('d')!.length).to.be.above(500);
    await expect(m.el).to.be.accessible();
  });

  it('suggests a hand-off on desktop, follows the status poll, and can continue here', async () => {
    const m = await mount({ session: { company: { handoffMode: 'suggest' } } });
    await acceptTerms(m);
    await m.step('handoff');
    await waitFor(() => m.root.querySelector('[part=qr]'));
    expect(m.text()).to.contain('Continue on this device');
    await m.scenario.finish('success');
    await m.step('result', 8000);
    expect(m.text()).to.contain('You’re verified');
    const polls = await requestsTo(m, 'GET', /^\/verifications\/.+\/status\?/);
    expect(polls[0]!.path).to.contain(`linkId=${m.scenario.linkId}`);
    expect(polls[0]!.path).to.contain('include=operationGuid');
  });

  it('requires the hand-off on desktop when the mode is require', async () => {
    const m = await mount({ session: { company: { handoffMode: 'require' } } });
    await acceptTerms(m);
    await m.step('handoff');
    await waitFor(() => m.root.querySelector('[part=qr]'));
    expect(m.text()).to.contain('has to be completed on a phone');
    expect(() => m.button('Continue on this device')).to.throw();
  });

  it('asks the e-mail of an adaptive link without identifier, then runs the FACE branch', async () => {
    const m = await mount({
      session: { method: null, requiredCaptures: [] },
      identifyMethod: 'FACE',
    });
    await acceptTerms(m);
    await m.step('identify');
    const input = m.root.querySelector<HTMLInputElement>('input[type=email]')!;
    input.value = 'not-an-email';
    m.button('Continue').click();
    await waitFor(() => m.text().includes('Enter a valid e-mail address.'));
    input.value = 'jane@example.com';
    m.button('Continue').click();
    await m.step('selfie');
    const [identify] = await requestsTo(m, 'PATCH', '/verifications/identify');
    expect(identify!.json).to.deep.equal({
      verificationId: m.scenario.verificationId,
      email: 'jane@example.com',
    });
    expect(m.root.querySelector('[part=progress]')!.getAttribute('aria-valuemax')).to.equal('1');
  });

  it('falls back to upload and hand-off when the camera is denied, and reports it', async () => {
    const source = new TestCaptureSource({
      cameraError: new CaptureSourceError('permission-denied', 'NotAllowedError'),
    });
    const m = await mount({ session: { type: 'ID ONLY' } }, { source });
    await acceptTerms(m);
    await m.step('front');
    await waitFor(() => m.text().includes('Camera access is blocked'));
    const [error] = await requestsTo(m, 'PATCH', '/verifications/error');
    expect(error!.json).to.include({ errorCode: 'CAMERA_PERMISSION_DENIED' });
    expect(eventsOf(m, 'idv-error')[0]!.detail).to.include({
      code: 'CAMERA_PERMISSION_DENIED',
      recoverable: true,
    });
    expect(m.button(/Upload a photo instead/)).to.be.instanceOf(HTMLElement);
    m.button(/Continue on another device/).click();
    await waitFor(() => m.root.querySelector('[part=qr]'));
    await expect(m.el).to.be.accessible();
  });

  it('lets the host veto a cancel request, otherwise reports USER_CANCELLED', async () => {
    const m = await mount();
    await acceptTerms(m);
    await m.step('front');
    const veto = (e: Event): void => e.preventDefault();
    m.el.addEventListener('idv-request-cancel', veto);
    m.button('Cancel verification').click();
    await m.el.updateComplete;
    expect((m.el as unknown as { step: string }).step).to.equal('front');
    m.el.removeEventListener('idv-request-cancel', veto);
    m.button('Cancel verification').click();
    await m.step('error');
    expect(m.text()).to.contain('Verification cancelled');
    await waitFor(async () => (await requestsTo(m, 'PATCH', '/verifications/error')).length === 1);
    const [error] = await requestsTo(m, 'PATCH', '/verifications/error');
    expect(error!.json).to.include({ errorCode: 'USER_CANCELLED' });
    expect(eventsOf(m, 'idv-request-cancel')).to.have.length(2);
    expect(eventsOf(m, 'idv-request-cancel')[0]!.cancelable).to.equal(true);
  });

  it('cancel() while the session opens stays cancelled and reports once the verification is open', async () => {
    const m = await mount();
    await m.el.updateComplete; // the element has asked for its session
    expect(m.el.cancel()).to.equal(true);
    await m.step('error');
    expect(m.text()).to.contain('Verification cancelled');
    await waitFor(async () => (await requestsTo(m, 'PATCH', '/verifications/error')).length === 1);
    const [error] = await requestsTo(m, 'PATCH', '/verifications/error');
    expect(error!.json).to.include({
      verificationId: m.scenario.verificationId,
      errorCode: 'USER_CANCELLED',
    });
    expect(eventsOf(m, 'idv-ready'), 'the opened session does not start the flow').to.have.length(
      0,
    );
    expect((m.el as unknown as { step: string }).step).to.equal('error');
    expect(eventsOf<{ step: string }>(m, 'idv-request-cancel')[0]!.detail.step).to.equal('loading');
  });

  it('cancel() after the result has nothing to cancel: no request event, no report', async () => {
    const m = await mount({ opened: true, session: { status: 'success' } });
    await m.step('result');
    expect(m.el.cancel()).to.equal(true);
    await m.el.updateComplete;
    expect(m.text()).to.contain('You’re verified');
    expect(eventsOf(m, 'idv-request-cancel')).to.have.length(0);
    expect(await requestsTo(m, 'PATCH', '/verifications/error')).to.have.length(0);
  });

  it('speaks Spanish, Portuguese and French', async () => {
    for (const [lang, title] of [
      ['es', 'Acme Bank quiere verificar tu identidad'],
      ['pt', 'Acme Bank pretende verificar a sua identidade'],
      ['fr', 'Acme Bank souhaite vérifier votre identité'],
    ] as const) {
      const m = await mount({}, { attributes: { lang } });
      await m.step('welcome');
      await waitFor(() => m.text().includes(title), 3000, title);
      await expect(m.el).to.be.accessible();
    }
  });
});

describe('<idv-verify> refused permissions inside a native app', () => {
  const denied = (): CaptureSourceError =>
    new CaptureSourceError('permission-denied', 'NotAllowedError');

  it('points to the app’s settings for a refused camera and offers the source’s settings hook', async () => {
    const source = new TestCaptureSource({ cameraError: denied(), canOpenSettings: true });
    const m = await mount({ session: { type: 'ID ONLY' } }, { source });
    await acceptTerms(m);
    await waitFor(() => m.text().includes('Camera access is blocked'));
    expect(m.text()).to.contain('Allow camera access for this app in your device settings');
    expect(m.text()).to.not.contain('browser');
    m.button('Open settings').click();
    expect(source.settingsOpened).to.equal(1);
    expect(m.button('Try again')).to.be.instanceOf(HTMLElement);
    await expect(m.el).to.be.accessible();
  });

  it('points to the app’s settings for a refused required location and offers the hook', async () => {
    const source = new TestCaptureSource({ locationError: denied(), canOpenSettings: true });
    const m = await mount({ session: { company: { locationPermission: 'required' } } }, { source });
    await acceptTerms(m);
    await m.step('location');
    m.button('Share my location').click();
    await waitFor(() => m.text().includes('Location access is blocked'));
    expect(m.text()).to.contain('Allow location for this app in your device settings');
    expect(m.text()).to.not.contain('browser');
    m.button('Open settings').click();
    expect(source.settingsOpened).to.equal(1);
    await expect(m.el).to.be.accessible();
  });

  it('keeps the browser’s settings and no settings button on the web', async () => {
    const camera = new TestCaptureSource({ kind: 'web', cameraError: denied() });
    let m = await mount({ session: { type: 'ID ONLY' } }, { source: camera });
    await acceptTerms(m);
    await waitFor(() => m.text().includes('Camera access is blocked'));
    expect(m.text()).to.contain('Allow camera access for this site in your browser settings');
    expect(() => m.button('Open settings')).to.throw();
    m.el.remove();

    const location = new TestCaptureSource({ kind: 'web', locationError: denied() });
    m = await mount(
      { session: { company: { locationPermission: 'required' } } },
      { source: location },
    );
    await acceptTerms(m);
    await m.step('location');
    m.button('Share my location').click();
    await waitFor(() => m.text().includes('Location access is blocked'));
    expect(m.text()).to.contain('Allow location for this site in your browser settings');
    expect(() => m.button('Open settings')).to.throw();
  });

  it('speaks of the app in every language, with no settings button without the hook', async () => {
    for (const [lang, body, button] of [
      ['es', 'para esta app en los ajustes del dispositivo', 'Abrir ajustes'],
      ['pt', 'para esta aplicação nas definições do dispositivo', 'Abrir definições'],
      ['fr', 'pour cette application dans les réglages de l’appareil', 'Ouvrir les réglages'],
    ] as const) {
      const plain = await mount(
        { session: { type: 'ID ONLY' } },
        { source: new TestCaptureSource({ cameraError: denied() }), attributes: { lang } },
      );
      await acceptTerms(plain);
      await waitFor(() => plain.text().includes(body), 5000, `${lang} app text`);
      expect(plain.text()).to.not.match(/navegador|navigateur/);
      expect(() => plain.button(button), `${lang} without hook`).to.throw();
      plain.el.remove();

      const withHook = await mount(
        { session: { type: 'ID ONLY' } },
        {
          source: new TestCaptureSource({ cameraError: denied(), canOpenSettings: true }),
          attributes: { lang },
        },
      );
      await acceptTerms(withHook);
      await waitFor(() => withHook.text().includes(body), 5000, `${lang} app text`);
      expect(withHook.button(button), `${lang} settings button`).to.be.instanceOf(HTMLElement);
      withHook.el.remove();
    }
  });
});

describe('<idv-verify> live capture', () => {
  it('auto-captures the fake camera’s ID card with the real camera and worker, and stops the camera on removal', async () => {
    const m = await mount({ session: { type: 'ID ONLY' } });
    await acceptTerms(m);
    await m.step('front');
    const video = await liveVideo(m);
    const stream = video.srcObject as MediaStream;
    await waitFor(
      () =>
        eventsOf<{ document: { ok: boolean } }>(m, 'idv-quality').some((e) => e.detail.document.ok),
      15000,
      'a good frame',
    );
    await waitFor(() => m.root.querySelector('.viewfinder img'), 15000, 'auto capture');
    expect(stream.getVideoTracks()[0]!.readyState, 'camera released after the capture').to.equal(
      'ended',
    );
    m.button('Use this photo').click();
    await m.step('back');
    const [front] = await requestsTo(m, 'POST', '/flow/captures/front');
    const meta = JSON.parse(front!.form!.meta as string);
    expect(meta).to.include({ source: 'camera', autoCaptured: true });
    expect(meta.quality.score).to.be.above(0);
    const backVideo = await liveVideo(m);
    const backTrack = (backVideo.srcObject as MediaStream).getVideoTracks()[0]!;
    m.el.remove();
    expect(backTrack.readyState, 'camera stopped on disconnect').to.equal('ended');
  });

  it('offers the manual capture when the worker script is missing, and tells the host once', async () => {
    const m = await mount(
      { session: { type: 'ID ONLY' } },
      { workerUrl: new URL('./support/no-such-worker.js', import.meta.url) },
    );
    await acceptTerms(m);
    await m.step('front');
    await liveVideo(m);
    const manualButton = (): Promise<HTMLButtonElement> =>
      waitFor(
        () =>
          [...m.root.querySelectorAll('button')].find(
            (b) => b.textContent?.trim() === en.captureButton,
          ),
        5000,
        'the manual capture button',
      );
    (await manualButton()).click();
    await waitFor(() => m.root.querySelector('.viewfinder img'), 10000, 'the photo for review');
    m.button('Use this photo').click();
    await m.step('back');
    const [front] = await requestsTo(m, 'POST', '/flow/captures/front');
    expect(JSON.parse(front!.form!.meta as string)).to.include({
      source: 'camera',
      autoCaptured: false,
    });
    await liveVideo(m);
    await manualButton();
    const errors = eventsOf<{ code: string; recoverable: boolean }>(m, 'idv-error');
    expect(errors.map((e) => [e.detail.code, e.detail.recoverable])).to.deep.equal([
      ['WORKER_UNAVAILABLE', true],
    ]);
    const [report] = await requestsTo(m, 'PATCH', '/verifications/error');
    expect(report!.json).to.include({ errorCode: 'WORKER_UNAVAILABLE' });
    m.el.remove();
  });

  it('cancel() takes the cancel button’s path: vetoable, stops the camera, reports USER_CANCELLED', async () => {
    const m = await mount({ session: { type: 'ID ONLY' } });
    await acceptTerms(m);
    await m.step('front');
    const track = ((await liveVideo(m)).srcObject as MediaStream).getVideoTracks()[0]!;
    const veto = (e: Event): void => e.preventDefault();
    m.el.addEventListener('idv-request-cancel', veto);
    expect(m.el.cancel(), 'vetoed').to.equal(false);
    expect(track.readyState).to.equal('live');
    expect((m.el as unknown as { step: string }).step).to.equal('front');
    m.el.removeEventListener('idv-request-cancel', veto);
    expect(m.el.cancel()).to.equal(true);
    expect(track.readyState, 'camera stopped').to.equal('ended');
    await m.step('error');
    expect(m.text()).to.contain('Verification cancelled');
    await waitFor(async () => (await requestsTo(m, 'PATCH', '/verifications/error')).length === 1);
    const [error] = await requestsTo(m, 'PATCH', '/verifications/error');
    expect(error!.json).to.include({ errorCode: 'USER_CANCELLED' });
    expect(eventsOf<{ code: string }>(m, 'idv-error').map((e) => e.detail.code)).to.deep.equal([
      'USER_CANCELLED',
    ]);
    const requests = eventsOf<{ step: string }>(m, 'idv-request-cancel');
    expect(requests.map((e) => [e.detail.step, e.cancelable])).to.deep.equal([
      ['front', true],
      ['front', true],
    ]);
    expect(m.el.cancel(), 'nothing left to cancel').to.equal(true);
    expect(eventsOf(m, 'idv-request-cancel')).to.have.length(2);
  });

  it('stops the camera when the page is hidden', async () => {
    const m = await mount({ session: { type: 'ID ONLY' } });
    await acceptTerms(m);
    await m.step('front');
    const video = await liveVideo(m);
    const track = (video.srcObject as MediaStream).getVideoTracks()[0]!;
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
    expect(track.readyState).to.equal('ended');
    Object.defineProperty(document, 'visibilityState', {
      configurable: true,
      get: () => 'visible',
    });
    document.dispatchEvent(new Event('visibilitychange'));
    await waitFor(
      () => {
        const v = m.root.querySelector<HTMLVideoElement>('[part=viewfinder] video');
        return (v?.srcObject as MediaStream | null)?.getVideoTracks()[0]?.readyState === 'live';
      },
      10000,
      'camera back',
    );
    delete (document as unknown as { visibilityState?: string }).visibilityState;
  });

  it('bounds a selfie that never aligns: a hint, then the frames go as when the challenge runs out', async () => {
    const empty = new OffscreenCanvas(640, 480);
    const ctx = empty.getContext('2d')!;
    ctx.fillStyle = '#d8d4cc';
    ctx.fillRect(0, 0, 640, 480);
    const source = new TestCaptureSource({ scene: empty });
    const m = await mount({ session: { method: 'FACE' } }, { source });
    await acceptTerms(m);
    await m.step('selfie');
    const coach = (): string => m.root.querySelector('.coach')?.textContent?.trim() ?? '';
    await waitFor(() => coach() === en.faceCoach['no-face'], 20000, 'the live coaching');
    await waitFor(() => coach() === en.faceHint['no-face'], 15000, 'the hint');
    await m.step('result', 30000);
    const [selfie] = await requestsTo(m, 'POST', '/flow/captures/selfie');
    const meta = JSON.parse(selfie!.form!.meta as string);
    expect(meta.source).to.equal('camera');
    expect(meta.challenge).to.include({ passed: false, durationMs: 0 });
    expect(meta.challenge.samples).to.deep.equal([]);
    expect(meta.frames, 'no pose was measured').to.deep.equal([]);
    expect((selfie!.form!.frames as unknown[]).length).to.equal(1);
    expect(eventsOf(m, 'idv-error')).to.deep.equal([]);
    expect(source.cameras.every((c) => c.stopped)).to.equal(true);
  });

  it('takes the selfie with face coaching and the active challenge through an injected capture source', async () => {
    const source = new TestCaptureSource({ scene: await singleFaceFrame() });
    const m = await mount({ session: { method: 'FACE' } }, { source });
    await acceptTerms(m);
    await m.step('selfie');
    await waitFor(
      () => eventsOf<{ face?: { ok: boolean } }>(m, 'idv-quality').some((e) => e.detail.face?.ok),
      20000,
      'a good face',
    );
    await m.step('result', 30000);
    const [selfie] = await requestsTo(m, 'POST', '/flow/captures/selfie');
    const frames = selfie!.form!.frames as { type: string; size: number }[];
    expect(frames.length).to.be.within(1, 5);
    expect(frames.every((f) => f.type === 'image/jpeg' && f.size > 5000)).to.equal(true);
    const meta = JSON.parse(selfie!.form!.meta as string);
    expect(['turn-left', 'turn-right', 'blink']).to.include(meta.challenge.type);
    expect(meta.challenge.samples.length).to.be.above(0);
    expect(meta.frames[0].role).to.equal('frontal');
    expect(source.cameras.every((c) => c.stopped)).to.equal(true);
  });
});
