/**
 * The plugin inside an Android app: Capacitor's real bridge, the phone's native side replaced by
 * a double at the bridge boundary. Checks the exact calls and options sent to the Camera and
 * Geolocation plugins, the permission states, cancellation, and that the element fires the same
 * events as on the web.
 */
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import {
  acceptTerms,
  createScenario,
  mount,
  uploadPhoto,
  type RecordedRequest,
  type ScenarioHandle,
} from '@idv/verify/testing';
import { NativeBridgeDouble, type BridgeCall } from './support/native-bridge-double.js';
import {
  base64Of,
  documentJpeg,
  FlowScreen,
  idvEvents,
  overlayHost,
  recordDocumentEvents,
  waitFor,
  type Recorded,
} from './support/flow.js';

const bridge = new NativeBridgeDouble('android');
await bridge.install();
// Loaded after the bridge, as in an app: @capacitor/core then sees the native runtime.
const { IdvVerify, IdvVerifyError } = await import('../dist/index.js');
const { getDefaultCaptureSource } = await import('@idv/verify');

const photo = await documentJpeg(1280, 960);
const photoBase64 = await base64Of(photo);

/** Scripts the camera: every `getPhoto` answers the test photo, as Base64. */
function cameraTakesPhotos(): void {
  bridge.answer('Camera.getPhoto', { base64String: photoBase64, format: 'jpeg', saved: false });
  bridge.answer('Camera.checkPermissions', { camera: 'granted', photos: 'granted' });
}

/** One fix the phone delivers. */
interface Fix {
  latitude: number;
  accuracy: number;
  altitudeAccuracy?: number;
}

/** Scripts the location permission and the fixes a watch delivers (each after the previous). */
function locationGives(
  permission: { location: string; coarseLocation: string },
  fixes: Fix[],
  afterRequest = permission,
): void {
  bridge.answer('Geolocation.checkPermissions', permission);
  bridge.answer('Geolocation.requestPermissions', afterRequest);
  bridge.on('Geolocation.watchPosition', (_call, reply) => {
    fixes.forEach((fix, i) =>
      setTimeout(
        () =>
          reply.resolve({
            timestamp: Date.now(),
            coords: {
              longitude: -3.7038,
              altitude: fix.altitudeAccuracy ? 650 : 0,
              altitudeAccuracy: fix.altitudeAccuracy,
              speed: null,
              heading: null,
              ...fix,
            },
          }),
        20 + i * 30,
      ),
    );
  });
  bridge.answer('Geolocation.clearWatch', undefined);
}

const absolute = (scenario: ScenarioHandle): string =>
  new URL(scenario.apiBase, location.href).href;
const linkUrl = (scenario: ScenarioHandle): string =>
  `https://verify.example.test/v/${scenario.linkId}`;

async function requestsTo(
  scenario: ScenarioHandle,
  method: string,
  path: string,
): Promise<RecordedRequest[]> {
  return (await scenario.requests()).filter((r) => r.method === method && r.path === path);
}

/** The first such request, once the element has sent it (error reports are sent in the background). */
async function firstRequestTo(
  scenario: ScenarioHandle,
  method: string,
  path: string,
): Promise<RecordedRequest> {
  return waitFor(
    async () => (await requestsTo(scenario, method, path))[0],
    5000,
    `${method} ${path}`,
  );
}

/** Records the events the plugin's listeners receive. */
async function listenToPlugin(): Promise<Recorded[]> {
  const received: Recorded[] = [];
  for (const name of idvEvents) {
    await IdvVerify.addListener(name as 'idv-ready', (detail: unknown) =>
      received.push({ type: name, detail, defaultPrevented: false }),
    );
  }
  return received;
}

/** Event types and details with the scenario's random identifiers replaced by placeholders. */
function normalized(events: Recorded[], scenario: ScenarioHandle): unknown[] {
  const ids = JSON.stringify(events.map((e) => ({ type: e.type, detail: e.detail })));
  return JSON.parse(
    ids
      .replaceAll(scenario.verificationId, '<verification>')
      .replaceAll(scenario.linkId, '<link>')
      .replace(/"operationGuid":"[^"]+"/g, '"operationGuid":"<guid>"'),
  ) as unknown[];
}

/** The code of the error a promise rejects with (handled at once, so never unhandled). */
function rejection(promise: Promise<unknown>): Promise<string | undefined> {
  return promise.then(
    () => undefined,
    (error: { code?: string }) => error.code,
  );
}

const photoOptions = {
  document: {
    source: 'CAMERA',
    resultType: 'base64',
    direction: 'REAR',
    quality: 92,
    width: 2560,
    height: 2560,
    correctOrientation: true,
    saveToGallery: false,
    allowEditing: false,
    presentationStyle: 'fullscreen',
  },
};

afterEach(async () => {
  await IdvVerify.cancel();
  await IdvVerify.removeAllListeners();
  bridge.calls.length = 0;
});

describe('IdvVerify inside an Android app', () => {
  it('runs the document flow with the native camera and GPS, resolving {verificationId, status}', async () => {
    cameraTakesPhotos();
    locationGives(
      { location: 'prompt', coarseLocation: 'prompt' },
      [
        { latitude: 40.41, accuracy: 900 },
        { latitude: 40.4178, accuracy: 12, altitudeAccuracy: 4 },
      ],
      { location: 'granted', coarseLocation: 'granted' },
    );
    // The selfie runs live in the web view's camera (its own test below).
    const scenario = await createScenario({
      session: { type: 'ID ONLY', company: { locationPermission: 'optional' } },
    });
    const dom = recordDocumentEvents();
    const plugin = await listenToPlugin();
    const started = IdvVerify.start({
      linkUrl: linkUrl(scenario),
      apiBase: absolute(scenario),
      closeDelay: 0,
    });
    const screen = await FlowScreen.open();
    await screen.acceptTerms();
    await screen.step('location');
    await screen.click('Share my location');

    for (const side of ['front', 'back'] as const) {
      await screen.step(side);
      expect(screen.text()).to.contain('Upload a photo instead');
      await screen.click(/Take photo/);
      await waitFor(() => screen.root.querySelector('.viewfinder img'), 5000, 'review');
      await screen.click('Use this photo');
    }

    const result = await started;
    expect(result).to.deep.equal({ verificationId: scenario.verificationId, status: 'success' });
    expect(overlayHost()).to.equal(null);
    dom.stop();

    // Exact calls to the native plugins, in order.
    const sequence = bridge.calls.map((c) => `${c.pluginId}.${c.methodName}`);
    expect(sequence).to.deep.equal([
      'Geolocation.checkPermissions',
      'Geolocation.requestPermissions',
      'Geolocation.watchPosition',
      'Geolocation.clearWatch',
      'Camera.getPhoto',
      'Camera.getPhoto',
    ]);
    expect(bridge.callsTo('Geolocation.requestPermissions')[0]!.options).to.deep.equal({
      permissions: ['location'],
    });
    const watch = bridge.callsTo('Geolocation.watchPosition')[0]!;
    expect(watch.options).to.deep.equal({
      enableHighAccuracy: true,
      maximumAge: 0,
      timeout: 15000,
      minimumUpdateInterval: 1000,
      interval: 1000,
    });
    expect(bridge.callsTo('Geolocation.clearWatch')[0]!.options).to.deep.equal({
      id: watch.callbackId,
    });
    const photos = bridge.callsTo('Camera.getPhoto').map((c: BridgeCall) => c.options);
    expect(photos).to.deep.equal([photoOptions.document, photoOptions.document]);

    // What the service received: the best fix, honestly sourced, and native captures.
    const [patch] = await requestsTo(scenario, 'PATCH', '/verifications');
    expect(patch!.json).to.deep.include({ verificationId: scenario.verificationId });
    const geolocation = (patch!.json as { geolocation: Record<string, unknown> }).geolocation;
    expect(geolocation).to.deep.include({
      deviceLatitude: 40.4178,
      deviceLongitude: -3.7038,
      accuracy: 12,
      source: 'gps',
      permission: 'granted',
      sample: 'best_of_session',
    });
    for (const side of ['front', 'back']) {
      const [capture] = await requestsTo(scenario, 'POST', `/flow/captures/${side}`);
      expect(capture!.form!.image).to.deep.equal([
        // Byte for byte the photo the native camera answered.
        { type: 'image/jpeg', size: photo.size, name: `${side}.jpg`, base64: photoBase64 },
      ]);
      expect(JSON.parse(capture!.form!.meta as string)).to.deep.equal({
        source: 'native',
        quality: null,
        width: 1280,
        height: 960,
        autoCaptured: false,
      });
    }

    // The plugin's listeners got every event of the element, in order, with the same details.
    expect(plugin.map((e) => [e.type, e.detail])).to.deep.equal(
      dom.events.map((e) => [e.type, e.detail]),
    );
    expect(dom.events.map((e) => e.type)).to.include.members([
      'idv-ready',
      'idv-start',
      'idv-location',
      'idv-capture',
      'idv-complete',
    ]);
    // The link's callbackUrl redirect is prevented inside the app.
    expect(dom.events.find((e) => e.type === 'idv-complete')!.defaultPrevented).to.equal(true);
  });

  it('runs the selfie’s live challenge in the web view’s camera, the camera permission asked through the Camera plugin first', async () => {
    bridge.answer('Camera.checkPermissions', { camera: 'prompt', photos: 'prompt' });
    bridge.answer('Camera.requestPermissions', { camera: 'granted', photos: 'prompt' });
    const scenario = await createScenario({ session: { method: 'FACE' } });
    const code = rejection(
      IdvVerify.start({ linkId: scenario.linkId, apiBase: absolute(scenario), closeDelay: 0 }),
    );
    const screen = await FlowScreen.open();
    await screen.acceptTerms();
    await screen.step('selfie');
    const video = await waitFor(
      () => screen.root.querySelector<HTMLVideoElement>('[part=viewfinder] video'),
      10000,
      'the live camera',
    );
    const track = (video.srcObject as MediaStream).getVideoTracks()[0]!;
    expect(track.readyState).to.equal('live');
    expect(screen.text()).to.not.contain('Take photo');
    expect(bridge.calls.map((c) => `${c.pluginId}.${c.methodName}`)).to.deep.equal([
      'Camera.checkPermissions',
      'Camera.requestPermissions',
    ]);
    expect(bridge.callsTo('Camera.requestPermissions')[0]!.options).to.deep.equal({
      permissions: ['camera'],
    });
    await IdvVerify.cancel();
    expect(await code).to.equal('CANCELLED');
    expect(track.readyState, 'camera stopped').to.equal('ended');
  });

  it('opens no web view camera for the selfie when the app’s camera permission is denied', async () => {
    bridge.answer('Camera.checkPermissions', { camera: 'denied', photos: 'denied' });
    const scenario = await createScenario({ session: { method: 'FACE' } });
    const code = rejection(
      IdvVerify.start({ linkId: scenario.linkId, apiBase: absolute(scenario), closeDelay: 0 }),
    );
    const screen = await FlowScreen.open();
    await screen.acceptTerms();
    await screen.step('selfie');
    const report = await firstRequestTo(scenario, 'PATCH', '/verifications/error');
    expect(report.json).to.deep.include({ errorCode: 'CAMERA_PERMISSION_DENIED' });
    expect(screen.root.querySelector('[part=viewfinder] video')).to.equal(null);
    expect(bridge.calls.map((c) => `${c.pluginId}.${c.methodName}`)).to.deep.equal([
      'Camera.checkPermissions',
    ]);
    await IdvVerify.cancel();
    expect(await code).to.equal('CANCELLED');
  });

  it('fires the same events as the element on the web', async () => {
    // The web flow: the element on its own, with the browser's camera (Chromium's fake one) and
    // the person uploading both sides.
    const web = await mount({ session: { type: 'ID ONLY' } });
    await acceptTerms(web);
    for (const side of ['front', 'back'] as const) {
      await web.step(side);
      await uploadPhoto(web, photo);
      web.button('Use this photo').click();
    }
    await web.step('result');
    const webEvents = web.events
      .filter((e) => e.type !== 'idv-quality')
      .map((e) => ({ type: e.type, detail: e.detail, defaultPrevented: false }));
    web.el.remove();

    // The same flow through the plugin, uploading both sides from the phone's photo library.
    cameraTakesPhotos();
    const scenario = await createScenario({ session: { type: 'ID ONLY' } });
    const plugin = await listenToPlugin();
    const started = IdvVerify.start({
      linkId: scenario.linkId,
      apiBase: absolute(scenario),
      closeDelay: 0,
    });
    const screen = await FlowScreen.open();
    await screen.acceptTerms();
    for (const side of ['front', 'back'] as const) {
      await screen.step(side);
      await screen.click(/Upload a photo instead/);
      await waitFor(() => screen.root.querySelector('.viewfinder img'), 5000, 'review');
      await screen.click('Use this photo');
    }
    await started;

    expect(bridge.callsTo('Camera.getPhoto').map((c) => c.options)).to.deep.equal([
      { ...photoOptions.document, source: 'PHOTOS' },
      { ...photoOptions.document, source: 'PHOTOS' },
    ]);
    const [front] = await requestsTo(scenario, 'POST', '/flow/captures/front');
    expect(JSON.parse(front!.form!.meta as string)).to.include({ source: 'upload' });
    expect(normalized(plugin, scenario)).to.deep.equal(normalized(webEvents, web.scenario));
    expect(
      plugin.map((e) =>
        e.type === 'idv-step-change' ? (e.detail as { step: string }).step : e.type,
      ),
    ).to.deep.equal([
      'loading',
      'idv-ready',
      'welcome',
      'idv-start',
      'front',
      'idv-capture',
      'back',
      'idv-capture',
      'processing',
      'result',
      'idv-complete',
    ]);
  });

  it('stays on the photo screen when the person closes the camera, and cancels on request', async () => {
    bridge.on('Camera.getPhoto', (_call, reply) => reply.reject('User cancelled photos app'));
    const scenario = await createScenario({ session: { type: 'ID ONLY' } });
    const dom = recordDocumentEvents();
    const started = IdvVerify.start({
      linkUrl: linkUrl(scenario),
      apiBase: absolute(scenario),
      closeDelay: 0,
    });
    const outcome = started.then(
      () => null,
      (e: unknown) => e,
    );
    const screen = await FlowScreen.open();
    await screen.acceptTerms();
    await screen.step('front');
    await screen.click(/Take photo/);
    await waitFor(() => bridge.callsTo('Camera.getPhoto').length === 1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.text()).to.contain('Take photo');
    expect(dom.events.filter((e) => e.type === 'idv-error')).to.have.length(0);
    expect(await requestsTo(scenario, 'PATCH', '/verifications/error')).to.have.length(0);

    // The flow's own cancel button: the element reports USER_CANCELLED and start() rejects.
    await screen.click('Cancel verification');
    const error = await outcome;
    expect(error).to.be.instanceOf(IdvVerifyError);
    expect((error as InstanceType<typeof IdvVerifyError>).code).to.equal('CANCELLED');
    expect(overlayHost()).to.equal(null);
    const report = await firstRequestTo(scenario, 'PATCH', '/verifications/error');
    expect(report.json).to.deep.include({ errorCode: 'USER_CANCELLED' });
    dom.stop();
  });

  it('shows the camera-denied fallback, with no settings button Android cannot honour', async () => {
    bridge.on('Camera.getPhoto', (_call, reply) => reply.reject('User denied access to camera'));
    const scenario = await createScenario({ session: { type: 'ID ONLY' } });
    const code = rejection(
      IdvVerify.start({ linkId: scenario.linkId, apiBase: absolute(scenario), closeDelay: 0 }),
    );
    const screen = await FlowScreen.open();
    await screen.acceptTerms();
    await screen.step('front');
    await screen.click(/Take photo/);
    await waitFor(
      () =>
        screen.text().includes('Upload a photo instead') &&
        screen.root.querySelector('.hero.warning'),
    );
    const report = await firstRequestTo(scenario, 'PATCH', '/verifications/error');
    expect(report.json).to.deep.include({ errorCode: 'CAMERA_PERMISSION_DENIED' });
    expect(screen.overlayButtons()).to.deep.equal([]);
    await IdvVerify.cancel();
    expect(await code).to.equal('CANCELLED');
  });

  it('leaves on Escape and rejects a second start while one runs', async () => {
    const scenario = await createScenario({ session: { type: 'ID ONLY' } });
    const code = rejection(
      IdvVerify.start({ linkId: scenario.linkId, apiBase: absolute(scenario) }),
    );
    const screen = await FlowScreen.open();
    await screen.step('welcome');
    expect(
      await rejection(IdvVerify.start({ linkId: scenario.linkId, apiBase: absolute(scenario) })),
    ).to.equal('ALREADY_RUNNING');
    await sendKeys({ press: 'Escape' });
    expect(await code).to.equal('CANCELLED');
    expect(overlayHost()).to.equal(null);
    const report = await firstRequestTo(scenario, 'PATCH', '/verifications/error');
    expect(report.json, 'Escape leaves by the element’s cancel path').to.deep.include({
      errorCode: 'USER_CANCELLED',
    });
  });

  it('reports USER_CANCELLED when the app cancels, with the plugin’s listeners told', async () => {
    const scenario = await createScenario({ session: { type: 'ID ONLY' } });
    const plugin = await listenToPlugin();
    const code = rejection(
      IdvVerify.start({ linkId: scenario.linkId, apiBase: absolute(scenario) }),
    );
    const screen = await FlowScreen.open();
    await screen.step('welcome');
    await IdvVerify.cancel();
    expect(await code).to.equal('CANCELLED');
    expect(overlayHost()).to.equal(null);
    const report = await firstRequestTo(scenario, 'PATCH', '/verifications/error');
    expect(report.json).to.deep.include({
      verificationId: scenario.verificationId,
      errorCode: 'USER_CANCELLED',
    });
    expect(plugin.map((e) => e.type)).to.include.members(['idv-request-cancel', 'idv-error']);
    expect(plugin.find((e) => e.type === 'idv-error')!.detail).to.deep.include({
      code: 'USER_CANCELLED',
    });
  });

  it('rejects with EXPIRED on an expired link', async () => {
    const scenario = await createScenario({
      openError: {
        status: 409,
        body: { code: 4092, name: 'LinkExpired', description: 'expired', data: { linkId: 'x' } },
      },
    });
    const code = await rejection(
      IdvVerify.start({ linkId: scenario.linkId, apiBase: absolute(scenario), closeDelay: 0 }),
    );
    expect(code).to.equal('EXPIRED');
  });

  it('refuses a linkId without an apiBase inside the app', async () => {
    expect(await rejection(IdvVerify.start({ linkId: crypto.randomUUID() }))).to.equal(
      'INVALID_ARGUMENT',
    );
    expect(overlayHost()).to.equal(null);
  });

  it('never reports gps from an approximate-only permission', async () => {
    cameraTakesPhotos();
    locationGives({ location: 'denied', coarseLocation: 'granted' }, [
      { latitude: 40.41, accuracy: 1800 },
      { latitude: 40.42, accuracy: 30, altitudeAccuracy: 3 },
    ]);
    const scenario = await createScenario({
      session: { type: 'ID ONLY', company: { locationPermission: 'required' } },
    });
    const code = rejection(
      IdvVerify.start({ linkId: scenario.linkId, apiBase: absolute(scenario), closeDelay: 0 }),
    );
    const screen = await FlowScreen.open();
    await screen.acceptTerms();
    await screen.step('location');
    await screen.click('Share my location');
    await screen.step('front');
    // Limited (approximate) is a grant: no second prompt.
    expect(bridge.callsTo('Geolocation.requestPermissions')).to.have.length(0);
    const [patch] = await requestsTo(scenario, 'PATCH', '/verifications');
    expect((patch!.json as { geolocation: object }).geolocation).to.deep.include({
      accuracy: 30,
      source: 'wifi',
      permission: 'granted',
    });
    await IdvVerify.cancel();
    expect(await code).to.equal('CANCELLED');
  });

  it('stops on a denied location under a required policy without starting a watch', async () => {
    locationGives({ location: 'denied', coarseLocation: 'denied' }, []);
    const scenario = await createScenario({
      session: { type: 'ID ONLY', company: { locationPermission: 'required' } },
    });
    const dom = recordDocumentEvents();
    const code = rejection(
      IdvVerify.start({ linkId: scenario.linkId, apiBase: absolute(scenario) }),
    );
    const screen = await FlowScreen.open();
    await screen.acceptTerms();
    await screen.step('location');
    await screen.click('Share my location');
    await waitFor(() => dom.events.some((e) => e.type === 'idv-error'));
    expect(dom.events.find((e) => e.type === 'idv-error')!.detail).to.deep.include({
      code: 'LOCATION_PERMISSION_DENIED',
    });
    expect(bridge.callsTo('Geolocation.watchPosition')).to.have.length(0);
    dom.stop();
    await IdvVerify.cancel();
    expect(await code).to.equal('CANCELLED');
  });
});

describe('IdvVerify permissions on Android', () => {
  it('reads the camera, photos and location states, approximate-only as limited', async () => {
    bridge.answer('Camera.checkPermissions', {
      camera: 'prompt-with-rationale',
      photos: 'granted',
    });
    bridge.answer('Geolocation.checkPermissions', {
      location: 'denied',
      coarseLocation: 'granted',
    });
    expect(await IdvVerify.checkPermissions()).to.deep.equal({
      camera: 'prompt-with-rationale',
      photos: 'granted',
      location: 'limited',
    });
    expect(bridge.calls.map((c) => [`${c.pluginId}.${c.methodName}`, c.options])).to.deep.equal([
      ['Camera.checkPermissions', {}],
      ['Geolocation.checkPermissions', {}],
    ]);
  });

  it('says unavailable when location services are off', async () => {
    bridge.answer('Camera.checkPermissions', { camera: 'denied', photos: 'prompt' });
    bridge.on('Geolocation.checkPermissions', (_call, reply) =>
      reply.reject('Location services are not enabled.', 'OS-PLUG-GLOC-0007'),
    );
    expect(await IdvVerify.checkPermissions()).to.deep.equal({
      camera: 'denied',
      photos: 'prompt',
      location: 'unavailable',
    });
  });

  it('asks for camera and location by default, and only for what is named otherwise', async () => {
    bridge.answer('Camera.requestPermissions', { camera: 'granted', photos: 'prompt' });
    bridge.answer('Camera.checkPermissions', { camera: 'granted', photos: 'prompt' });
    bridge.answer('Geolocation.requestPermissions', {
      location: 'granted',
      coarseLocation: 'granted',
    });
    bridge.answer('Geolocation.checkPermissions', { location: 'prompt', coarseLocation: 'prompt' });
    expect(await IdvVerify.requestPermissions()).to.deep.equal({
      camera: 'granted',
      photos: 'prompt',
      location: 'granted',
    });
    expect(bridge.calls.map((c) => [`${c.pluginId}.${c.methodName}`, c.options])).to.deep.equal([
      ['Camera.requestPermissions', { permissions: ['camera'] }],
      ['Geolocation.requestPermissions', { permissions: ['location'] }],
    ]);
    bridge.calls.length = 0;
    expect(await IdvVerify.requestPermissions({ permissions: ['photos'] })).to.deep.include({
      location: 'prompt',
    });
    expect(bridge.calls.map((c) => [`${c.pluginId}.${c.methodName}`, c.options])).to.deep.equal([
      ['Camera.requestPermissions', { permissions: ['photos'] }],
      ['Geolocation.checkPermissions', {}],
    ]);
  });

  it('cannot open the app settings on Android', async () => {
    expect(await rejection(IdvVerify.openAppSettings())).to.equal('UNAVAILABLE');
  });

  it('makes the native source the default of every element on request', async () => {
    expect(await IdvVerify.useNativeCapture()).to.deep.equal({ active: true });
    const source = getDefaultCaptureSource();
    expect([source.kind, source.liveFrames]).to.deep.equal(['native', false]);
    const { setDefaultCaptureSource } = await import('@idv/verify');
    setDefaultCaptureSource(undefined);
  });
});
