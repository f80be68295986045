import { describe, expect, it } from 'vitest';
import { checkWebhookUrl, isPublicAddress } from './ssrf.js';

describe('isPublicAddress', () => {
  it('accepts public unicast and refuses everything an attacker could aim at inside', () => {
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111'])
      expect(isPublicAddress(address), address).toBe(true);
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.0.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '255.255.255.255',
      '224.0.0.1',
      '::1',
      '::',
      'fe80::1',
      'fc00::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      'not-an-ip',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });
});

describe('checkWebhookUrl', () => {
  it('resolves host names before deciding, and allows private targets only when configured', async () => {
    expect(await checkWebhookUrl('https://localhost:3000/hook', false)).toMatch(/loopback/);
    expect(await checkWebhookUrl('http://localhost:3000/hook', true)).toBeUndefined();
    expect(await checkWebhookUrl('https://93.184.216.34/hook', false)).toBeUndefined();
    expect(await checkWebhookUrl('https://does-not-exist.invalid/hook', false)).toMatch(
      /does not resolve/,
    );
    expect(await checkWebhookUrl('gopher://93.184.216.34/', false)).toMatch(/https/);
  });
});

/** Issue 19, "Data hygiene": the SSRF guard's holes. */
describe('webhook URL refusals', () => {
  it('refuses IPv4-compatible IPv6 addresses (::/96), which reach the embedded IPv4 address', async () => {
    for (const address of [
      '::127.0.0.1',
      '::7f00:1',
      '::10.0.0.5',
      '::169.254.169.254',
      '::8.8.8.8',
    ])
      expect(isPublicAddress(address), address).toBe(false);
    expect(await checkWebhookUrl('https://[::127.0.0.1]/hook', false)).toMatch(/refused/);
    expect(await checkWebhookUrl('https://[::a9fe:a9fe]/latest/meta-data', false)).toMatch(
      /refused/,
    );
    // A public IPv6 address that merely starts with zeros elsewhere is not in ::/96.
    expect(isPublicAddress('2001:4860:4860::8888')).toBe(true);
  });

  it('accepts only https unless private targets are allowed', async () => {
    expect(await checkWebhookUrl('http://93.184.216.34/hook', false)).toBe('url must use https');
    expect(await checkWebhookUrl('https://93.184.216.34/hook', false)).toBeUndefined();
    expect(await checkWebhookUrl('http://127.0.0.1:9/hook', true)).toBeUndefined();
  });

  it('never names the internal addresses a host resolved to', async () => {
    const refusal = await checkWebhookUrl('https://localhost:3000/hook', false);
    expect(refusal).toBe('url host resolves to a loopback, private or reserved address; refused');
    expect(refusal).not.toMatch(/127\.0\.0\.1|::1/);
  });
});
