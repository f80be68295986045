/** What the element reads of its platform seam to pick its words and buttons. */
import type { CaptureSource } from '../../capture-source.js';

/** True inside a native app: permissions live in the app's settings, not the browser's. */
export function isInApp(source: CaptureSource): boolean {
  return source.kind === 'native';
}

/** True when the capture source can open the app's page in the device settings. */
export function canOpenSettings(source: CaptureSource): boolean {
  return typeof source.openSettings === 'function';
}
