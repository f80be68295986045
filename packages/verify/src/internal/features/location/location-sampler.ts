/**
 * Keeps the best (tightest) device fix of the session: watches the location until a fix is precise
 * enough or the time runs out, then answers the best fix seen.
 */
import type { CaptureSource, LocationFix } from '../../../capture-source.js';
import { CaptureSourceError } from '../../../capture-source.js';
import { goodEnoughMetres as defaultGoodEnough, locationTimeoutMs } from './meta.js';

/** Options of `sampleBestFix`. */
export interface SampleOptions {
  /** Stop as soon as a fix is at least this precise (metres). */
  goodEnoughMetres?: number;
  /** Give up waiting for better fixes after this long (ms). */
  timeoutMs?: number;
  /** Aborts the sampling. */
  signal?: AbortSignal;
}

/**
 * Resolves with the best fix, or rejects with the source's `CaptureSourceError` when no fix came
 * (permission denied, unavailable, timed out without any fix).
 */
export function sampleBestFix(
  source: CaptureSource,
  options: SampleOptions = {},
): Promise<LocationFix> {
  const { goodEnoughMetres = defaultGoodEnough, timeoutMs = locationTimeoutMs, signal } = options;
  return new Promise((resolve, reject) => {
    let best: LocationFix | undefined;
    let settled = false;
    let stop: () => void = () => undefined;
    const finish = (error?: CaptureSourceError): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      stop();
      if (best) resolve(best);
      else reject(error ?? new CaptureSourceError('timeout', 'No location fix in time.'));
    };
    const timer = setTimeout(() => finish(), timeoutMs);
    signal?.addEventListener(
      'abort',
      () => finish(new CaptureSourceError('timeout', 'Location sampling aborted.')),
      {
        once: true,
      },
    );
    stop = source.watchLocation(
      (fix) => {
        if (!best || fix.accuracy < best.accuracy) best = fix;
        if (fix.accuracy <= goodEnoughMetres) finish();
      },
      (error) => finish(error),
    );
    if (settled) stop();
  });
}
