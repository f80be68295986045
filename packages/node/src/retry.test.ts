import { describe, expect, it } from 'vitest';
import { backoffDelayMs, isRetryableStatus, parseRetryAfter, retryPolicy } from './retry.js';

describe('retry policy', () => {
  it('waits between half and all of 1, 2, 4, 8 s, capped at maxDelayMs', () => {
    const policy = retryPolicy();
    expect([0, 1, 2, 3, 4].map((retry) => backoffDelayMs(policy, retry, () => 0))).toEqual([
      500, 1000, 2000, 4000, 4000,
    ]);
    expect([0, 1, 2, 3, 4].map((retry) => backoffDelayMs(policy, retry, () => 1))).toEqual([
      1000, 2000, 4000, 8000, 8000,
    ]);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-11-26T12:00:00Z');
    expect(parseRetryAfter('7', now)).toBe(7);
    expect(parseRetryAfter('Thu, 26 Nov 2026 12:00:30 GMT', now)).toBe(30);
    expect(parseRetryAfter('Thu, 26 Nov 2026 11:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter('soon', now)).toBeUndefined();
  });

  it('retries 429 and 5xx but 501 (not supported: the same answer again)', () => {
    expect([429, 500, 502, 503, 504].every(isRetryableStatus)).toBe(true);
    expect([400, 401, 403, 404, 409, 410, 422, 501].some(isRetryableStatus)).toBe(false);
  });

  it('refuses negative settings', () => {
    expect(() => retryPolicy({ maxRetries: -1 })).toThrow(TypeError);
  });
});
