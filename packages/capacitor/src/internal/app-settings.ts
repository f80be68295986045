/**
 * Opening the app's page in the system settings with no native code of our own. On iOS the web
 * view hands a top-level navigation to a URL it cannot load to `UIApplication.open`, and
 * `app-settings:` (`UIApplication.openSettingsURLString`) opens this app's settings page. On
 * Android the web view only starts `ACTION_VIEW` intents, and the app's permission page needs
 * `Settings.ACTION_APPLICATION_DETAILS_SETTINGS`: impossible without native code.
 */
import { Capacitor } from '@capacitor/core';
import { IdvVerifyError } from '../errors.js';

/** The iOS URL of this app's settings page. */
export const iosAppSettingsUrl = 'app-settings:';

/** True where `openAppSettings()` can work. */
export function canOpenAppSettings(): boolean {
  return Capacitor.getPlatform() === 'ios';
}

/** Opens the app's settings page, or throws `UNAVAILABLE` where the platform does not allow it. */
export function openAppSettings(): void {
  if (canOpenAppSettings()) {
    window.open(iosAppSettingsUrl, '_self');
    return;
  }
  throw new IdvVerifyError(
    'UNAVAILABLE',
    Capacitor.getPlatform() === 'android'
      ? 'Android apps cannot open their settings page without native code: Settings › Apps › this app › Permissions.'
      : 'A web page cannot open the browser’s settings: use the site permissions of the browser.',
  );
}
