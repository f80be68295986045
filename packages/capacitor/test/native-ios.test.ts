/**
 * The plugin inside an iOS app (the bridge's `webkit.messageHandlers.bridge` side replaced by the
 * double): the photo library's limited state, the path to the app's settings page, and the
 * settings button of the full-screen flow after a refused camera.
 */
import { expect } from '@open-wc/testing';
import { createScenario } from '@idv/verify/testing';
import { NativeBridgeDouble } from './support/native-bridge-double.js';
import { FlowScreen, overlayHost, waitFor } from './support/flow.js';

const bridge = new NativeBridgeDouble('ios');
await bridge.install();
const { IdvVerify } = await import('../dist/index.js');
const { Capacitor } = await import('@capacitor/core');

/** Records `window.open` calls: on iOS the web view hands them to the system (the edge here). */
function recordWindowOpen(): { urls: [string, string | undefined][]; restore(): void } {
  const original = window.open;
  const urls: [string, string | undefined][] = [];
  window.open = ((url?: string | URL, target?: string) => {
    urls.push([String(url), target]);
    return null;
  }) as typeof window.open;
  return { urls, restore: () => (window.open = original) };
}

afterEach(async () => {
  await IdvVerify.cancel();
  bridge.calls.length = 0;
});

describe('IdvVerify inside an iOS app', () => {
  it('runs on the iOS bridge', () => {
    expect([Capacitor.getPlatform(), Capacitor.isNativePlatform()]).to.deep.equal(['ios', true]);
  });

  it('reports a limited photo library and the location states', async () => {
    bridge.answer('Camera.checkPermissions', { camera: 'granted', photos: 'limited' });
    bridge.answer('Geolocation.checkPermissions', { location: 'prompt', coarseLocation: 'prompt' });
    expect(await IdvVerify.checkPermissions()).to.deep.equal({
      camera: 'granted',
      photos: 'limited',
      location: 'prompt',
    });
  });

  it('opens the app’s settings page through app-settings:', async () => {
    const opened = recordWindowOpen();
    try {
      await IdvVerify.openAppSettings();
    } finally {
      opened.restore();
    }
    expect(opened.urls).to.deep.equal([['app-settings:', '_self']]);
  });

  it('offers Open Settings in the flow when the camera was refused', async () => {
    bridge.on('Camera.getPhoto', (_call, reply) => reply.reject('User denied access to camera'));
    const scenario = await createScenario({ session: { type: 'ID ONLY' } });
    const outcome = IdvVerify.start({
      linkId: scenario.linkId,
      apiBase: new URL(scenario.apiBase, location.href).href,
      lang: 'es',
    }).catch((error: { code: string }) => error.code);
    const screen = await FlowScreen.open();
    await screen.acceptTerms('Empezar');
    await screen.step('front');
    await screen.click(/Hacer foto/);
    await waitFor(() => screen.overlayButtons().length > 0, 5000, 'the settings button');
    expect(screen.overlayButtons()).to.deep.equal(['Abrir Ajustes']);
    const opened = recordWindowOpen();
    try {
      overlayHost()!.shadowRoot!.querySelector<HTMLButtonElement>('.bar button')!.click();
    } finally {
      opened.restore();
    }
    expect(opened.urls).to.deep.equal([['app-settings:', '_self']]);

    // Back from Settings with the camera allowed: the button goes.
    bridge.answer('Camera.checkPermissions', { camera: 'granted', photos: 'limited' });
    bridge.answer('Geolocation.checkPermissions', { location: 'prompt', coarseLocation: 'prompt' });
    document.dispatchEvent(new Event('visibilitychange'));
    await waitFor(() => screen.overlayButtons().length === 0, 5000, 'the settings button to go');
    expect(bridge.callsTo('Camera.getPhoto')[0]!.options).to.include({
      source: 'CAMERA',
      direction: 'REAR',
    });
    await IdvVerify.cancel();
    expect(await outcome).to.equal('CANCELLED');
  });
});
