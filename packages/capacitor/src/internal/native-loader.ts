/**
 * The one place that decides whether native capture applies: only inside a native Capacitor app
 * (`Capacitor.isNativePlatform()`). Elsewhere the native source's module, and with it
 * `@capacitor/camera` and `@capacitor/geolocation`, is never loaded.
 */
import { Capacitor } from '@capacitor/core';
import type { CaptureSource } from '@idv/verify/capture-source.js';

let native: Promise<CaptureSource> | undefined;

/** True inside a native app (Android, iOS), false on the web. */
export function isNative(): boolean {
  return Capacitor.isNativePlatform();
}

/**
 * The native capture source (one per app), or `undefined` on the web. For apps that place
 * `<idv-verify>` themselves and want the native camera on one element only.
 *
 * @example
 * const source = await loadNativeCaptureSource();
 * if (source) document.querySelector('idv-verify')!.captureSource = source;
 */
export function loadNativeCaptureSource(): Promise<CaptureSource | undefined> {
  if (!isNative()) return Promise.resolve(undefined);
  native ??= import('../native/native-capture-source.js').then(
    (module) => new module.NativeCaptureSource(),
    (error: unknown) => {
      native = undefined;
      throw error;
    },
  );
  return native;
}
