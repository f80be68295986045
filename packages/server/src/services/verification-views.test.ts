import { describe, expect, it } from 'vitest';
import {
  publicGeolocation,
  webhookGeolocation,
  type StoredGeolocation,
} from './verification-views.js';

const stored: StoredGeolocation = {
  ip: '203.0.113.7',
  latitude: '51.5074',
  longitude: '-0.1278',
  country: 'GB',
  city: 'London',
  accuracy: 35,
  source: 'gps',
  permission: 'granted',
  sample: 'best_of_session',
  capturedAt: '2026-03-10T11:59:00.000Z',
  deviceLatitude: 48.8566,
  deviceLongitude: 2.3522,
  tier: 'precise',
  policy: 'optional',
  ipDistanceKm: 343.5,
  serverIp: '198.51.100.1',
};

describe('geolocation views', () => {
  it('drops the authenticated-only fields from the public view', () => {
    const view = publicGeolocation(stored);
    expect(view).not.toHaveProperty('policy');
    expect(view).not.toHaveProperty('ipDistanceKm');
    expect(view).not.toHaveProperty('serverIp');
    expect(view).toMatchObject({
      tier: 'precise',
      permission: 'granted',
      sample: 'best_of_session',
    });
  });

  it('sends webhooks only the documented subset, omitting absent keys', () => {
    const subset = webhookGeolocation({
      ...stored,
      subdivisions: undefined,
      accuracyRadius: undefined,
    });
    expect(Object.keys(subset).sort()).toEqual(
      [
        'accuracy',
        'capturedAt',
        'city',
        'country',
        'deviceLatitude',
        'deviceLongitude',
        'ip',
        'latitude',
        'longitude',
        'source',
        'tier',
      ].sort(),
    );
    for (const hidden of [
      'permission',
      'sample',
      'policy',
      'ipDistanceKm',
      'serverIp',
      'subdivisions',
      'accuracyRadius',
    ]) {
      expect(subset).not.toHaveProperty(hidden);
    }
  });
});
