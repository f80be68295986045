import { describe, expect, it } from 'vitest';
import { haversineKm, locationTier } from './geo.js';

describe('haversineKm', () => {
  it('measures great-circle distances', () => {
    expect(haversineKm(0, 0, 0, 0)).toBe(0);
    // A quarter of the equator.
    expect(haversineKm(0, 0, 0, 90)).toBeCloseTo((Math.PI / 2) * 6371.0088, 6);
    // Madrid to Barcelona, about 505 km.
    expect(haversineKm(40.4168, -3.7038, 41.3874, 2.1686)).toBeCloseTo(505.1, 0);
    // Antipodes never exceed half the circumference.
    expect(haversineKm(90, 0, -90, 0)).toBeCloseTo(Math.PI * 6371.0088, 6);
  });
});

describe('locationTier', () => {
  it('grades by the device accuracy alone', () => {
    expect(locationTier(0, false)).toBe('precise');
    expect(locationTier(100, true)).toBe('precise');
    expect(locationTier(101, false)).toBe('approximate');
    expect(locationTier(5000, false)).toBe('approximate');
    expect(locationTier(5000.1, false)).toBe('coarse');
    expect(locationTier(undefined, true)).toBe('coarse');
    expect(locationTier(undefined, false)).toBe('unknown');
  });
});
