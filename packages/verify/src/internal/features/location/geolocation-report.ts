/**
 * Builds the `geolocation` body of `PATCH /verifications` (spec): the device fix (when granted)
 * and the IP-derived fields from the fingerprint service's answer (when available). Derived fields
 * (`tier`, `policy`, `ipDistanceKm`, `serverIp`) are never sent.
 */
import type { FingerprintAnswer, GeolocationReport } from '../../../api/types.js';
import type { LocationFix } from '../../../capture-source.js';

/** Infers the likely source of a fix from its accuracy (all client-side guesses, as the spec says). */
export function inferFixSource(accuracyMetres: number): 'gps' | 'wifi' | 'cell' {
  if (accuracyMetres <= 100) return 'gps';
  if (accuracyMetres <= 2000) return 'wifi';
  return 'cell';
}

/** The IP-derived part of a report, from the fingerprint answer. */
export function ipFields(fingerprint: FingerprintAnswer | undefined): GeolocationReport {
  const user = fingerprint?.userData;
  if (!user) return {};
  const geo = user.geoData ?? {};
  const fields: GeolocationReport = {};
  if (typeof user.ip === 'string') fields.ip = user.ip;
  if (typeof geo.accuracyRadius === 'number') fields.accuracyRadius = geo.accuracyRadius;
  if (typeof geo.latitude === 'number') fields.latitude = String(geo.latitude);
  if (typeof geo.longitude === 'number') fields.longitude = String(geo.longitude);
  if (typeof geo.country === 'string') fields.country = geo.country;
  if (typeof geo.city === 'string') fields.city = geo.city;
  // The fingerprint service lists subdivisions (outermost first); the report carries them as text.
  if (Array.isArray(geo.subdivisions) && geo.subdivisions.length > 0)
    fields.subdivisions = geo.subdivisions.join(', ').slice(0, 200);
  return fields;
}

/** A report for a granted device fix, the best of the session. */
export function deviceFixReport(
  fix: LocationFix,
  fingerprint?: FingerprintAnswer,
): GeolocationReport {
  return {
    ...ipFields(fingerprint),
    deviceLatitude: fix.latitude,
    deviceLongitude: fix.longitude,
    accuracy: Math.round(fix.accuracy * 10) / 10,
    source: fix.source ?? inferFixSource(fix.accuracy),
    permission: 'granted',
    sample: 'best_of_session',
    capturedAt: new Date(fix.timestamp).toISOString(),
  };
}

/** A report without a device fix: IP fields when known, and the permission state. */
export function noFixReport(
  permission: 'denied' | 'prompt' | 'granted',
  fingerprint?: FingerprintAnswer,
): GeolocationReport {
  const ip = ipFields(fingerprint);
  const hasIpPosition = ip.latitude !== undefined && ip.longitude !== undefined;
  return {
    ...ip,
    source: hasIpPosition ? 'ip' : 'none',
    permission,
    capturedAt: new Date().toISOString(),
  };
}
