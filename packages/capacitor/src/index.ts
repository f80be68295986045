/**
 * `@idv/capacitor`: the `<idv-verify>` flow in Ionic/Capacitor apps, with the phone's camera and
 * location. Importing it loads `@capacitor/core` only; the element, the native capture source and
 * the official Camera and Geolocation plugins load when first needed, the latter two only inside a
 * native app.
 */
import { registerPlugin } from '@capacitor/core';
import type { IdvVerifyPlugin } from './definitions.js';

const implementation = (): Promise<IdvVerifyPlugin> =>
  import('./web.js').then((module) => new module.IdvVerifyWeb());

/**
 * The plugin. It has no native part, so its TypeScript implementation is registered for every
 * platform (a web-only registration would make Capacitor report it unimplemented on Android and
 * iOS).
 */
export const IdvVerify = registerPlugin<IdvVerifyPlugin>('IdvVerify', {
  web: implementation,
  android: implementation,
  ios: implementation,
});

export * from './definitions.js';
export { IdvVerifyError } from './errors.js';
export { parseVerificationLink, type VerificationLink } from './internal/link.js';
export { loadNativeCaptureSource } from './internal/native-loader.js';
