/**
 * How a native location fix was most likely obtained. The spec calls every `source` but `ip` and
 * `none` an inference; this one says `gps` only when the evidence points at a satellite fix:
 * - the fix comes from a high-accuracy request (the plugin always asks for one),
 * - the person granted the precise location (an Android 12+ "Approximate" grant never yields
 *   satellite fixes to the app),
 * - the device measured an altitude (`altitudeAccuracy` > 0: GNSS fixes carry one, Wi-Fi and cell
 *   fixes do not — iOS reports a negative vertical accuracy then, Android none),
 * - and the fix is tight (100 m or less).
 * Anything else is `wifi` up to 2 km and `cell` beyond, by accuracy alone.
 */

/** The parts of a Capacitor `Position.coords` the inference reads. */
export interface FixCoords {
  accuracy: number;
  altitudeAccuracy?: number | null | undefined;
}

/** Largest accuracy (metres) of a fix that can be called `gps`. */
export const satelliteAccuracyMetres = 100;
/** Largest accuracy (metres) of a fix that can be called `wifi`. */
export const wifiAccuracyMetres = 2000;

/** The likely source of a fix taken with a precise (`true`) or approximate-only permission. */
export function nativeFixSource(coords: FixCoords, precise: boolean): 'gps' | 'wifi' | 'cell' {
  const altitudeMeasured =
    typeof coords.altitudeAccuracy === 'number' && coords.altitudeAccuracy > 0;
  if (precise && altitudeMeasured && coords.accuracy <= satelliteAccuracyMetres) return 'gps';
  return coords.accuracy <= wifiAccuracyMetres ? 'wifi' : 'cell';
}
