import { createHash } from 'node:crypto';
import type { TlsClientHelloMessage } from 'read-tls-client-hello';
import { describe, expect, it } from 'vitest';
import { isGrease } from './grease.js';
import { buildTlsFingerprint } from './ja3.js';

function hello(overrides: Partial<TlsClientHelloMessage>): TlsClientHelloMessage {
  return {
    version: 0x0303,
    random: Buffer.alloc(32),
    sessionId: Buffer.alloc(0),
    cipherSuites: [],
    compressionMethods: [0],
    extensions: [],
    ...overrides,
  };
}

describe('isGrease', () => {
  it('accepts exactly the 16 RFC 8701 values', () => {
    const grease = [];
    for (let value = 0; value <= 0xffff; value++) if (isGrease(value)) grease.push(value);
    expect(grease).toEqual([
      0x0a0a, 0x1a1a, 0x2a2a, 0x3a3a, 0x4a4a, 0x5a5a, 0x6a6a, 0x7a7a, 0x8a8a, 0x9a9a, 0xaaaa,
      0xbaba, 0xcaca, 0xdada, 0xeaea, 0xfafa,
    ]);
    expect(isGrease(0x0a1a)).toBe(false); // passes the looser (v & 0x0f0f) === 0x0a0a test
  });
});

describe('buildTlsFingerprint', () => {
  it('builds version,ciphers,extensions,groups,formats with GREASE removed, in wire order', () => {
    const fingerprint = buildTlsFingerprint(
      hello({
        cipherSuites: [0x2a2a, 0x1301, 0x0a1a, 0xc02b],
        extensions: [
          { id: 0xdada, data: null },
          { id: 0x0000, data: { serverName: 'localhost' } },
          { id: 0x000a, data: { groups: [0x4a4a, 0x001d, 0x0017] } },
          { id: 0x000b, data: { formats: [0] } },
          { id: 0x0a1a, data: null },
          { id: 0x002b, data: { versions: [0x7a7a, 0x0304] } },
        ],
      }),
    );
    expect(fingerprint.ja3).toBe('771,4865-2586-49195,0-10-11-2586-43,29-23,0');
    expect(fingerprint.ja3Hash).toBe(createHash('md5').update(fingerprint.ja3).digest('hex'));
    expect(fingerprint.greased).toBe(true);
  });

  it('leaves groups and formats empty when the extensions are absent, and greased false', () => {
    const fingerprint = buildTlsFingerprint(
      hello({ version: 0x0301, cipherSuites: [0x002f], extensions: [{ id: 0xff01, data: {} }] }),
    );
    expect(fingerprint.ja3).toBe('769,47,65281,,');
    expect(fingerprint.greased).toBe(false);
  });

  it('sees GREASE in supported_versions and key_share as well', () => {
    const onlyVersions = hello({
      extensions: [{ id: 0x002b, data: { versions: [0x3a3a, 0x0304] } }],
    });
    const onlyKeyShare = hello({
      extensions: [{ id: 0x0033, data: { entries: [{ group: 0x6a6a, keyExchangeLength: 1 }] } }],
    });
    expect(buildTlsFingerprint(onlyVersions).greased).toBe(true);
    expect(buildTlsFingerprint(onlyKeyShare).greased).toBe(true);
  });
});
