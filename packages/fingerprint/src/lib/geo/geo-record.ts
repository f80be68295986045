import type { GeoData } from '../../types.js';

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/**
 * Maps one record of an mmdb city database to {@link GeoData}. Two layouts are understood: the
 * ip-location-db layout (`country_code`, `state1`, `state2`, `city`, `latitude`, `longitude`) of
 * the DB-IP database shipped by default, and MaxMind's GeoIP2/GeoLite2 City layout (`country`,
 * `subdivisions`, `city`, `location`) for operators who configure their own database.
 */
export function geoDataFromRecord(record: unknown): GeoData {
  if (!isObject(record)) return {};
  return 'country_code' in record || 'state1' in record
    ? fromIpLocationDb(record)
    : fromGeoIp2(record);
}

function fromIpLocationDb(record: Record<string, unknown>): GeoData {
  const geo: GeoData = {};
  const countryIso = text(record.country_code);
  setCoordinates(geo, record.latitude, record.longitude);
  if (countryIso) {
    const country = countryName(countryIso);
    if (country) geo.country = country;
    geo.countryIso = countryIso;
  }
  geo.city = text(record.city) ?? null;
  const subdivisions = [text(record.state1), text(record.state2)].filter(isString);
  if (subdivisions.length > 0) geo.subdivisions = subdivisions;
  return geo;
}

function fromGeoIp2(record: Record<string, unknown>): GeoData {
  const geo: GeoData = {};
  const location = isObject(record.location) ? record.location : {};
  const radius = location.accuracy_radius;
  if (typeof radius === 'number' && Number.isFinite(radius)) geo.accuracyRadius = radius;
  setCoordinates(geo, location.latitude, location.longitude);
  const country = isObject(record.country) ? record.country : undefined;
  const countryIso = text(country?.iso_code);
  const countryEnglish = englishName(country) ?? (countryIso ? countryName(countryIso) : undefined);
  if (countryEnglish) geo.country = countryEnglish;
  if (countryIso) geo.countryIso = countryIso;
  geo.city = englishName(isObject(record.city) ? record.city : undefined) ?? null;
  const subdivisions = Array.isArray(record.subdivisions)
    ? record.subdivisions.filter(isObject)
    : [];
  const names = subdivisions.map(englishName).filter(isString);
  const codes = subdivisions.map((s) => text(s.iso_code)).filter(isString);
  if (names.length > 0) geo.subdivisions = names;
  if (codes.length > 0) geo.subdivisionsIso = codes;
  return geo;
}

function setCoordinates(geo: GeoData, latitude: unknown, longitude: unknown): void {
  if (typeof latitude === 'number' && typeof longitude === 'number') {
    geo.latitude = latitude;
    geo.longitude = longitude;
  }
}

function countryName(iso: string): string | undefined {
  try {
    const name = regionNames.of(iso.toUpperCase());
    return name && name !== iso.toUpperCase() ? name : undefined;
  } catch {
    return undefined;
  }
}

function englishName(entry: Record<string, unknown> | undefined): string | undefined {
  const names = entry && isObject(entry.names) ? entry.names : undefined;
  return text(names?.en);
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

function isString(value: string | undefined): value is string {
  return value !== undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
