/** Permissions on the web (outside a native app), through the browser's own APIs. */
import type { IdvVerifyPermissions, PermissionStatus } from '../definitions.js';

/** Current states: the element's web source reads them from the Permissions API. */
export async function checkWebPermissions(): Promise<PermissionStatus> {
  const { WebCaptureSource } = await import('@idv/verify');
  const { camera, location } = await new WebCaptureSource().checkPermissions();
  // A file input needs no permission: the browser's picker always works.
  return { camera, photos: 'granted', location };
}

async function promptCamera(): Promise<void> {
  try {
    const stream = await navigator.mediaDevices.getUserMedia({ video: true, audio: false });
    for (const track of stream.getTracks()) track.stop();
  } catch {
    // Refused or no camera: the state read afterwards says which.
  }
}

function promptLocation(): Promise<void> {
  return new Promise((resolve) => {
    if (!('geolocation' in navigator)) return resolve();
    navigator.geolocation.getCurrentPosition(
      () => resolve(),
      () => resolve(),
      { enableHighAccuracy: false, maximumAge: Infinity, timeout: 30000 },
    );
  });
}

/** Makes the browser prompt (camera: opens and stops it; location: asks one fix), then checks. */
export async function requestWebPermissions(
  request?: IdvVerifyPermissions,
): Promise<PermissionStatus> {
  const wanted = request?.permissions ?? ['camera', 'location'];
  if (wanted.includes('camera')) await promptCamera();
  if (wanted.includes('location')) await promptLocation();
  return checkWebPermissions();
}
