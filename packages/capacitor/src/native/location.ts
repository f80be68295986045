/**
 * Watching the device location through `@capacitor/geolocation`: permission first (asked when
 * still undecided), then a high-accuracy watch whose fixes carry the device's own accuracy and an
 * honest source (`fix-source.ts`).
 */
import { Geolocation, type PositionOptions } from '@capacitor/geolocation';
import type { LocationFix } from '@idv/verify/capture-source.js';
import { CaptureSourceError } from '@idv/verify/capture-source.js';
import { nativeFixSource } from './fix-source.js';
import { checkLocation, requestLocation } from './permissions.js';

/**
 * Options of the watch: satellite-grade fixes, never a cached one, and (Android) an update every
 * second, so the element's best-of-session sampling sees several fixes in its ten seconds.
 * `interval` is read by `@capacitor/geolocation` 8 (which otherwise waits `timeout` between
 * updates) and ignored by 7.
 */
export const watchOptions: PositionOptions & { interval: number } = {
  enableHighAccuracy: true,
  maximumAge: 0,
  timeout: 15000,
  minimumUpdateInterval: 1000,
  interval: 1000,
};

/** Error codes of `@capacitor/geolocation` (the same on Android and iOS). */
const deniedCodes = new Set(['OS-PLUG-GLOC-0003', 'OS-PLUG-GLOC-0008']);
const timeoutCode = 'OS-PLUG-GLOC-0010';

/** The capture source error of a failed location call. */
export function locationError(error: unknown): CaptureSourceError {
  if (error instanceof CaptureSourceError) return error;
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  const text = typeof message === 'string' && message ? message : 'Location unavailable.';
  if (typeof code === 'string' && deniedCodes.has(code)) {
    return new CaptureSourceError('permission-denied', text);
  }
  if (code === timeoutCode) return new CaptureSourceError('timeout', text);
  return new CaptureSourceError('unavailable', text);
}

/** Resolves true for a precise permission, false for an approximate one; throws otherwise. */
async function locationPermission(): Promise<boolean> {
  let state = await checkLocation();
  if (state === 'prompt' || state === 'prompt-with-rationale') state = await requestLocation();
  if (state === 'granted' || state === 'limited') return state === 'granted';
  if (state === 'unavailable') {
    throw new CaptureSourceError('unavailable', 'Location services are turned off.');
  }
  throw new CaptureSourceError('permission-denied', 'Location permission was denied.');
}

/**
 * Watches the location (the `CaptureSource.watchLocation` contract): `onFix` for every fix,
 * `onError` once on failure; the returned function stops the watch, also one still starting.
 */
export function watchNativeLocation(
  onFix: (fix: LocationFix) => void,
  onError: (error: CaptureSourceError) => void,
): () => void {
  let stopped = false;
  let failed = false;
  let watchId: string | undefined;
  const clear = (id: string): void => {
    Geolocation.clearWatch({ id }).catch(() => undefined);
  };
  const fail = (error: unknown): void => {
    if (stopped || failed) return;
    failed = true;
    onError(locationError(error));
  };
  const start = async (): Promise<void> => {
    const precise = await locationPermission();
    if (stopped) return;
    const id = await Geolocation.watchPosition(watchOptions, (position, error) => {
      if (stopped || failed) return;
      if (error || !position) {
        fail(error);
        return;
      }
      const { latitude, longitude, accuracy } = position.coords;
      onFix({
        latitude,
        longitude,
        accuracy,
        timestamp: position.timestamp,
        source: nativeFixSource(position.coords, precise),
      });
    });
    if (stopped) clear(id);
    else watchId = id;
  };
  start().catch(fail);
  return () => {
    stopped = true;
    if (watchId !== undefined) clear(watchId);
    watchId = undefined;
  };
}
