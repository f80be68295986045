import { describe, expect, it } from 'vitest';
import { canonicalOrigin, CorsPolicy } from './cors.js';

describe('CorsPolicy', () => {
  const policy = new CorsPolicy(['https://App.Example.com:443', 'http://localhost:3000/']);

  it('stores canonical origins (default ports dropped, host lower-cased)', () => {
    expect(policy.origins).toEqual(['https://app.example.com', 'http://localhost:3000']);
  });

  it('allows exact scheme, host and port only', () => {
    expect(policy.responseHeaders('https://app.example.com')).toEqual({
      'access-control-allow-origin': 'https://app.example.com',
      'access-control-allow-credentials': 'true',
      'access-control-expose-headers': 'ETag',
    });
    for (const other of [
      'https://app.example.com:444',
      'http://app.example.com',
      'https://sub.app.example.com',
      'https://APP.example.com',
      undefined,
    ]) {
      expect(policy.responseHeaders(other), String(other)).toEqual({});
    }
  });

  it('answers preflights for GET only, echoing a well-formed header list', () => {
    expect(policy.preflightHeaders('http://localhost:3000', 'GET', 'x-a, X-B')).toMatchObject({
      'access-control-allow-methods': 'GET, OPTIONS',
      'access-control-allow-headers': 'x-a, X-B',
    });
    expect(policy.preflightHeaders('http://localhost:3000', 'POST', undefined)).toEqual({});
    expect(
      policy.preflightHeaders('http://localhost:3000', 'GET', 'x-a\r\nset-cookie: 1'),
    ).not.toHaveProperty('access-control-allow-headers');
  });

  it('refuses configured entries that are not bare origins', () => {
    for (const bad of [
      'app.example.com',
      'https://a.example/path',
      'ftp://a.example',
      'https://u:p@a.example',
      '*',
    ]) {
      expect(() => canonicalOrigin(bad), bad).toThrow(/Invalid allowed origin/);
    }
  });
});
