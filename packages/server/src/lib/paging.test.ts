import { describe, expect, it } from 'vitest';
import { resolvePage } from './paging.js';

describe('resolvePage', () => {
  it('serves a size above 100, absent, zero or negative as 100', () => {
    for (const size of ['101', undefined, '', '0', '-1', '-100', 5000]) {
      expect(resolvePage(size, '1')?.size, String(size)).toBe(100);
    }
    expect(resolvePage('25', '3')).toEqual({ size: 25, page: 3, offset: 50 });
  });

  it('starts pages at 1 and keeps offsets safe', () => {
    expect(resolvePage('10', '0')?.page).toBe(1);
    expect(resolvePage('10', '-4')?.page).toBe(1);
    expect(resolvePage('10', undefined)?.page).toBe(1);
    expect(Number.isSafeInteger(resolvePage('100', '99999999999999999999')!.offset)).toBe(true);
  });

  it('refuses values that are not integers', () => {
    for (const [size, page] of [
      ['abc', '1'],
      ['2.5', '1'],
      ['1e3', '1'],
      ['10', 'x'],
    ] as const) {
      expect(resolvePage(size, page)).toBeUndefined();
    }
  });
});
