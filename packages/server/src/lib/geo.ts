/** Accuracy grades of a location (spec: geolocation `tier`). */
export type LocationTier = 'precise' | 'approximate' | 'coarse' | 'unknown';

const EARTH_RADIUS_KM = 6371.0088;

/** Great-circle distance in kilometres between two points given in degrees (haversine formula). */
export function haversineKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const a =
    Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/**
 * The tier of a reported location, from the device's own `accuracy` (metres) alone: `precise` up to
 * 100 m, `approximate` up to 5 km, `coarse` beyond, or when only an IP-derived position exists;
 * `unknown` when there is nothing to grade. The client-declared `source` never changes the tier.
 */
export function locationTier(
  accuracyMetres: number | undefined,
  hasIpPosition: boolean,
): LocationTier {
  if (accuracyMetres !== undefined) {
    if (accuracyMetres <= 100) return 'precise';
    if (accuracyMetres <= 5000) return 'approximate';
    return 'coarse';
  }
  return hasIpPosition ? 'coarse' : 'unknown';
}
