/**
 * A plain web page (no Capacitor runtime): importing the element loads no Capacitor code at all;
 * importing the plugin loads `@capacitor/core` only, never the Camera or Geolocation plugins nor
 * the native capture source, and its flow runs with the browser's camera.
 */
import { expect } from '@open-wc/testing';
import { createScenario } from '@idv/verify/testing';
import { FlowScreen, overlayHost } from './support/flow.js';

/** Modules this page has fetched whose URL matches `pattern`. */
function loaded(pattern: RegExp): string[] {
  return performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name).pathname)
    .filter((path) => pattern.test(path));
}

const capacitorModule = /\/@capacitor\//;
const nativeModule =
  /\/@capacitor\/(camera|geolocation|synapse)\/|\/packages\/capacitor\/dist\/native\//;

describe('on a plain web page', () => {
  it('importing the element loads no Capacitor module and defines no Capacitor global', async () => {
    await import('@idv/verify');
    expect(customElements.get('idv-verify')).to.not.equal(undefined);
    expect(loaded(capacitorModule)).to.deep.equal([]);
    expect('Capacitor' in window).to.equal(false);
    // Mounting it does not change that.
    const el = document.createElement('idv-verify');
    document.body.append(el);
    await (el as unknown as { updateComplete: Promise<unknown> }).updateComplete;
    el.remove();
    expect(loaded(capacitorModule)).to.deep.equal([]);
  });

  it('the plugin stays web-only: no native source, Camera or Geolocation plugin ever loads', async () => {
    const { IdvVerify, loadNativeCaptureSource } = await import('../dist/index.js');
    expect(loaded(/\/@capacitor\/core\//)).to.have.length.greaterThan(0);
    expect(await IdvVerify.useNativeCapture()).to.deep.equal({ active: false });
    expect(await loadNativeCaptureSource()).to.equal(undefined);
    const permissions = await IdvVerify.checkPermissions();
    expect(permissions.photos).to.equal('granted');
    expect(['granted', 'prompt', 'denied']).to.include(permissions.camera);

    const scenario = await createScenario({ session: { type: 'ID ONLY' } });
    const outcome = IdvVerify.start({ linkId: scenario.linkId, apiBase: scenario.apiBase }).catch(
      (error: { code: string }) => error.code,
    );
    const screen = await FlowScreen.open();
    await screen.acceptTerms();
    await screen.step('front');
    // The browser's camera: live frames, not the native photo screen.
    expect(screen.el.captureSource).to.equal(undefined);
    await IdvVerify.cancel();
    expect(await outcome).to.equal('CANCELLED');
    expect(overlayHost()).to.equal(null);
    expect(loaded(nativeModule)).to.deep.equal([]);
    expect(
      await IdvVerify.openAppSettings().catch((error: { code: string }) => error.code),
    ).to.equal('UNAVAILABLE');
  });

  it('refuses options that name no link, two links or a bad service address', async () => {
    const { IdvVerify } = await import('../dist/index.js');
    const id = crypto.randomUUID();
    const codeOf = (options: Parameters<typeof IdvVerify.start>[0]): Promise<string> =>
      IdvVerify.start(options).then(
        () => 'resolved',
        (error: { code: string }) => error.code,
      );
    expect(await codeOf({})).to.equal('INVALID_ARGUMENT');
    expect(await codeOf({ linkUrl: 'https://verify.example/x/y' })).to.equal('INVALID_ARGUMENT');
    expect(await codeOf({ linkId: 'not-a-link' })).to.equal('INVALID_ARGUMENT');
    expect(
      await codeOf({ linkUrl: `https://verify.example/v/${id}`, linkId: crypto.randomUUID() }),
    ).to.equal('INVALID_ARGUMENT');
    expect(await codeOf({ linkId: id, apiBase: 'javascript:alert(1)' })).to.equal(
      'INVALID_ARGUMENT',
    );
    expect(overlayHost()).to.equal(null);
  });
});

describe('parseVerificationLink', () => {
  it('reads https links, hand-off tokens and app deep links', async () => {
    const { parseVerificationLink } = await import('../dist/index.js');
    const id = '3f1c2b7e-9a41-4d4e-8f0a-2b6c7d8e9f01';
    expect(parseVerificationLink(`https://verify.example.com/v/${id}`)).to.deep.equal({
      linkId: id,
      apiBase: 'https://verify.example.com/api/v1',
    });
    expect(parseVerificationLink(`https://verify.example.com/v/${id}/?handoff=t0k`)).to.deep.equal({
      linkId: id,
      apiBase: 'https://verify.example.com/api/v1',
      handoffToken: 't0k',
    });
    expect(parseVerificationLink(`myapp://verify/v/${id}`)).to.deep.equal({ linkId: id });
    expect(parseVerificationLink('https://verify.example.com/v/../../etc')).to.equal(undefined);
    expect(parseVerificationLink('not a url')).to.equal(undefined);
  });
});

describe('nativeFixSource', () => {
  it('says gps only for a precise, altitude-bearing, tight fix', async () => {
    const { nativeFixSource } = await import('../dist/native/fix-source.js');
    expect(nativeFixSource({ accuracy: 8, altitudeAccuracy: 3 }, true)).to.equal('gps');
    expect(nativeFixSource({ accuracy: 8, altitudeAccuracy: 3 }, false)).to.equal('wifi');
    expect(nativeFixSource({ accuracy: 8, altitudeAccuracy: -1 }, true)).to.equal('wifi');
    expect(nativeFixSource({ accuracy: 8, altitudeAccuracy: null }, true)).to.equal('wifi');
    expect(nativeFixSource({ accuracy: 150, altitudeAccuracy: 10 }, true)).to.equal('wifi');
    expect(nativeFixSource({ accuracy: 2500 }, true)).to.equal('cell');
  });
});
