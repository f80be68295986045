import { describe, expect, it } from 'vitest';
import { normalizeAddress, resolveClientAddress, TrustedProxies } from './client-address.js';

describe('TrustedProxies', () => {
  it('matches addresses and CIDR ranges of both families', () => {
    const trusted = new TrustedProxies(['10.0.0.0/8', '192.0.2.7', '2001:db8::/32', '::1']);
    expect(trusted.has('10.200.3.4')).toBe(true);
    expect(trusted.has('::ffff:10.1.1.1')).toBe(true);
    expect(trusted.has('192.0.2.7')).toBe(true);
    expect(trusted.has('192.0.2.8')).toBe(false);
    expect(trusted.has('2001:db8:1::5')).toBe(true);
    expect(trusted.has('::1')).toBe(true);
    expect(trusted.has('not-an-ip')).toBe(false);
    expect(new TrustedProxies([]).has('127.0.0.1')).toBe(false);
  });

  it('refuses entries that are not addresses or ranges', () => {
    for (const bad of ['10.0.0.0/33', 'example.com', '10.0.0.0/8/1', '::/129', '1.2.3.4/x']) {
      expect(() => new TrustedProxies([bad]), bad).toThrow(/Invalid trusted proxy/);
    }
  });
});

describe('resolveClientAddress', () => {
  const trusted = new TrustedProxies(['127.0.0.1', '10.0.0.0/8']);

  it('uses the peer when it is not a trusted proxy', () => {
    expect(resolveClientAddress('198.51.100.4', '8.8.8.8', trusted)).toBe('198.51.100.4');
    expect(resolveClientAddress('::ffff:198.51.100.4', undefined, trusted)).toBe('198.51.100.4');
  });

  it('walks X-Forwarded-For from the right past trusted hops', () => {
    expect(resolveClientAddress('127.0.0.1', '1.1.1.1, 8.8.8.8, 10.0.0.2', trusted)).toBe(
      '8.8.8.8',
    );
    expect(resolveClientAddress('127.0.0.1', '[2001:db8::5]:443', trusted)).toBe('2001:db8::5');
    expect(resolveClientAddress('127.0.0.1', '203.0.113.1:8080', trusted)).toBe('203.0.113.1');
    expect(resolveClientAddress('127.0.0.1', '10.0.0.3, 10.0.0.2', trusted)).toBe('10.0.0.3');
  });

  it('stops at a malformed hop, keeping the last good address', () => {
    expect(resolveClientAddress('127.0.0.1', 'garbage, 10.0.0.9', trusted)).toBe('10.0.0.9');
    expect(resolveClientAddress('127.0.0.1', 'unknown', trusted)).toBe('127.0.0.1');
  });

  it('normalizes mapped and bracketed addresses', () => {
    expect(normalizeAddress('[::1]')).toBe('::1');
    expect(normalizeAddress('::FFFF:127.0.0.1')).toBe('127.0.0.1');
  });
});
