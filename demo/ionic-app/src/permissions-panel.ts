/**
 * The permissions panel: the camera, photos and location states the plugin reports, a button to
 * ask for them, and the way to the app's settings when one was refused (a button on iOS, the path
 * in words on Android, where opening it needs native code).
 */
import { Capacitor } from '@capacitor/core';
import { IdvVerify, type IdvPermissionState, type PermissionStatus } from '@idv/capacitor';

const colors: Partial<Record<IdvPermissionState, string>> = {
  granted: 'success',
  limited: 'warning',
  denied: 'danger',
  unavailable: 'medium',
};

/** What the person can do about the states shown. */
function hintFor(status: PermissionStatus): string {
  const refused = Object.values(status).some((s) => s === 'denied');
  if (status.location === 'unavailable')
    return 'Location services are off: turn them on in the system settings.';
  if (refused && Capacitor.getPlatform() === 'android') {
    return 'Refused: allow it in Settings › Apps › IDV Demo › Permissions.';
  }
  if (refused) return 'Refused: allow it in the settings.';
  if (status.location === 'limited')
    return 'Approximate location only: precise location gives a better check.';
  return '';
}

/** Fills the panel and wires its buttons. */
export async function setUpPermissions(doc: Document): Promise<void> {
  const settings = doc.getElementById('settings')!;
  const show = (status: PermissionStatus): void => {
    for (const name of ['camera', 'photos', 'location'] as const) {
      const badge = doc.getElementById(`perm-${name}`)!;
      badge.textContent = status[name];
      badge.setAttribute('color', colors[status[name]] ?? 'primary');
    }
    doc.getElementById('perm-hint')!.textContent = hintFor(status);
    settings.hidden = !(
      Capacitor.getPlatform() === 'ios' && Object.values(status).includes('denied')
    );
  };
  const refresh = (): Promise<void> => IdvVerify.checkPermissions().then(show, () => undefined);
  doc.getElementById('ask')!.addEventListener('click', () => {
    void IdvVerify.requestPermissions().then(show, refresh);
  });
  settings.addEventListener('click', () => {
    void IdvVerify.openAppSettings().catch(() => undefined);
  });
  // Coming back from the settings app: the states may have changed.
  doc.addEventListener('visibilitychange', () => {
    if (doc.visibilityState === 'visible') void refresh();
  });
  await refresh();
}
