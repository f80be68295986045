/**
 * Permission states from the official Camera and Geolocation plugins, in the plugin's terms
 * (`PermissionStatus`) and in the element's (`DevicePermission`).
 */
import { Camera, type CameraPermissionType } from '@capacitor/camera';
import { Geolocation, type PermissionStatus as GeolocationStatus } from '@capacitor/geolocation';
import type { DevicePermission } from '@idv/verify/capture-source.js';
import type {
  IdvPermissionState,
  IdvPermissionType,
  IdvVerifyPermissions,
  PermissionStatus,
} from '../definitions.js';

/** Error code of `@capacitor/geolocation` when the device's location services are off. */
const locationServicesDisabled = 'OS-PLUG-GLOC-0007';

/**
 * One location state from both aliases: precise granted → `granted`; approximate only (Android
 * 12+ lets the person choose) → `limited`; else the precise alias's state.
 */
export function locationState(status: GeolocationStatus): IdvPermissionState {
  if (status.location === 'granted') return 'granted';
  if (status.coarseLocation === 'granted') return 'limited';
  return status.location;
}

/** `unavailable` when location services are off (the plugin throws then), else rethrows. */
function servicesOff(error: unknown): IdvPermissionState {
  if ((error as { code?: unknown } | null)?.code === locationServicesDisabled) return 'unavailable';
  throw error;
}

/** The location state, `unavailable` when location services are off. */
export async function checkLocation(): Promise<IdvPermissionState> {
  return Geolocation.checkPermissions().then(locationState, servicesOff);
}

/** Asks for the precise location (Android also offers the approximate one). */
export async function requestLocation(): Promise<IdvPermissionState> {
  return Geolocation.requestPermissions({ permissions: ['location'] }).then(
    locationState,
    servicesOff,
  );
}

/** Current states, without prompting. */
export async function checkNativePermissions(): Promise<PermissionStatus> {
  const [camera, location] = await Promise.all([Camera.checkPermissions(), checkLocation()]);
  return { camera: camera.camera, photos: camera.photos, location };
}

/** Asks for `permissions` (default camera and location), then answers every state. */
export async function requestNativePermissions(
  request?: IdvVerifyPermissions,
): Promise<PermissionStatus> {
  const wanted: IdvPermissionType[] = request?.permissions ?? ['camera', 'location'];
  const cameraTypes = wanted.filter((p): p is CameraPermissionType => p !== 'location');
  const [camera, location] = await Promise.all([
    cameraTypes.length > 0
      ? Camera.requestPermissions({ permissions: cameraTypes })
      : Camera.checkPermissions(),
    wanted.includes('location') ? requestLocation() : checkLocation(),
  ]);
  return { camera: camera.camera, photos: camera.photos, location };
}

/** The element's view of a state: whatever lets it work is `granted`, undecided is `prompt`. */
export function devicePermission(state: IdvPermissionState): DevicePermission {
  switch (state) {
    case 'granted':
    case 'limited':
      return 'granted';
    case 'denied':
      return 'denied';
    case 'unavailable':
      return 'unavailable';
    default:
      return 'prompt';
  }
}
