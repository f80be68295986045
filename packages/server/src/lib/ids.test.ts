import { describe, expect, it } from 'vitest';
import { timeOrderedUuid } from './ids.js';

describe('timeOrderedUuid', () => {
  it('is a version 7 UUID that sorts by time', () => {
    const first = timeOrderedUuid(1_700_000_000_000);
    const second = timeOrderedUuid(1_700_000_000_001);
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(first < second).toBe(true);
    expect(first.slice(0, 13)).toBe('018bcfe5-6800');
  });

  it('draws fresh random bits for every id, across refills of its pool', () => {
    const ids = Array.from({ length: 1000 }, () => timeOrderedUuid(1_700_000_000_000));
    expect(new Set(ids).size).toBe(1000);
    expect(new Set(ids.map((id) => id.slice(19))).size).toBe(1000);
  });
});
