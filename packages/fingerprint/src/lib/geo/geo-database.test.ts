import { describe, expect, it } from 'vitest';
import { GeoDatabase } from './geo-database.js';
import { geoDataFromRecord } from './geo-record.js';

describe('geoDataFromRecord', () => {
  it('maps the ip-location-db (DB-IP) layout', () => {
    expect(
      geoDataFromRecord({
        country_code: 'DE',
        state1: 'Bavaria',
        state2: '',
        city: '',
        latitude: 48.1,
        longitude: 11.6,
      }),
    ).toEqual({
      latitude: 48.1,
      longitude: 11.6,
      country: 'Germany',
      countryIso: 'DE',
      city: null,
      subdivisions: ['Bavaria'],
    });
  });

  it('maps the GeoIP2 City layout, accuracy radius and subdivision codes included', () => {
    expect(
      geoDataFromRecord({
        city: { names: { en: 'London' } },
        country: { iso_code: 'GB', names: { en: 'United Kingdom' } },
        location: { latitude: 51.5, longitude: -0.1, accuracy_radius: 20 },
        subdivisions: [{ iso_code: 'ENG', names: { en: 'England' } }],
      }),
    ).toEqual({
      accuracyRadius: 20,
      latitude: 51.5,
      longitude: -0.1,
      country: 'United Kingdom',
      countryIso: 'GB',
      city: 'London',
      subdivisions: ['England'],
      subdivisionsIso: ['ENG'],
    });
  });

  it('answers an empty object for anything else', () => {
    expect(geoDataFromRecord(null)).toEqual({});
    expect(geoDataFromRecord('x')).toEqual({});
  });
});

describe('GeoDatabase (DB-IP City Lite shipped in npm)', () => {
  const geo = new GeoDatabase();

  it('places public IPv4 and IPv6 addresses', async () => {
    expect(await geo.lookup('8.8.8.8')).toMatchObject({ countryIso: 'US' });
    expect(await geo.lookup('2001:4860:4860::8888')).toMatchObject({
      countryIso: expect.any(String) as string,
    });
  });

  it('answers {} for loopback, private and malformed addresses without reading the files', async () => {
    const failures: string[] = [];
    const untouched = new GeoDatabase(['/nonexistent.mmdb'], (file) => failures.push(file));
    for (const address of ['127.0.0.1', '10.1.2.3', '192.168.0.1', '::1', 'fe80::1', 'nonsense']) {
      expect(await untouched.lookup(address), address).toEqual({});
    }
    expect(failures).toEqual([]);
    // A public address needs the file: it fails to load, is reported once, and lookups go on.
    expect(await untouched.lookup('8.8.8.8')).toEqual({});
    expect(await untouched.lookup('1.1.1.1')).toEqual({});
    expect(failures).toEqual(['/nonexistent.mmdb']);
    await expect(untouched.checkFiles()).rejects.toThrow(/not readable/);
    await expect(geo.checkFiles()).resolves.toBeUndefined();
  });

  it('keeps the databases in use when a reload fails', async () => {
    const broken = new GeoDatabase(['/nonexistent.mmdb']);
    await expect(broken.reload()).rejects.toThrow();
    const info = await geo.reload();
    expect(info.map((d) => d.ipVersion)).toEqual([4, 6]);
    expect(await geo.lookup('8.8.8.8')).toMatchObject({ countryIso: 'US' });
  });
});
