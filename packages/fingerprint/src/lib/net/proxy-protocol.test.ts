import { describe, expect, it } from 'vitest';
import { parseProxyHeader, PROXY_V2_SIGNATURE } from './proxy-protocol.js';

function v2(command: number, family: number, addresses: Buffer): Buffer {
  const header = Buffer.concat([PROXY_V2_SIGNATURE, Buffer.from([0x20 | command, family, 0, 0])]);
  header.writeUInt16BE(addresses.length, 14);
  return Buffer.concat([header, addresses]);
}

describe('parseProxyHeader', () => {
  it('parses v1 TCP4, TCP6 and UNKNOWN, reporting the header length', () => {
    const line = 'PROXY TCP4 192.0.2.10 198.51.100.1 56324 443\r\n';
    expect(parseProxyHeader(Buffer.from(`${line}\x16\x03\x01`))).toEqual({
      state: 'complete',
      headerLength: line.length,
      source: { address: '192.0.2.10', port: 56324 },
    });
    expect(parseProxyHeader(Buffer.from('PROXY TCP6 2001:db8::7 ::1 1 2\r\n'))).toMatchObject({
      source: { address: '2001:db8::7', port: 1 },
    });
    expect(parseProxyHeader(Buffer.from('PROXY UNKNOWN whatever\r\n'))).toMatchObject({
      state: 'complete',
      source: null,
    });
  });

  it('waits for more bytes, and refuses malformed or oversized v1 lines', () => {
    expect(parseProxyHeader(Buffer.from('PROXY TCP4 192.0.2.10')).state).toBe('incomplete');
    expect(parseProxyHeader(Buffer.from('PRO')).state).toBe('incomplete');
    for (const bad of [
      'PROXY TCP4 192.0.2.10 198.51.100.1 56324\r\n',
      'PROXY TCP4 2001:db8::1 198.51.100.1 1 2\r\n',
      'PROXY TCP4 192.0.2.10 198.51.100.1 65536 2\r\n',
      'PROXY UDP4 192.0.2.10 198.51.100.1 1 2\r\n',
      `PROXY TCP4 ${'1'.repeat(120)}`,
      'HELLO\r\n',
    ]) {
      expect(parseProxyHeader(Buffer.from(bad)).state, bad).toBe('invalid');
    }
  });

  it('parses v2 PROXY over IPv4 and IPv6 (with TLVs), LOCAL, and an IPv4-mapped source', () => {
    const v4 = Buffer.from([
      203, 0, 113, 5, 10, 0, 0, 1, 0x1f, 0x90, 0x01, 0xbb, 0x04, 0x00, 0x01, 0x00,
    ]);
    const parsed = parseProxyHeader(Buffer.concat([v2(0x1, 0x11, v4), Buffer.from([0x16])]));
    expect(parsed).toEqual({
      state: 'complete',
      headerLength: 32,
      source: { address: '203.0.113.5', port: 8080 },
    });

    const v6 = Buffer.alloc(36);
    Buffer.from('20010db8000000000000000000000042', 'hex').copy(v6, 0);
    v6.writeUInt16BE(443, 32);
    expect(parseProxyHeader(v2(0x1, 0x21, v6))).toMatchObject({
      source: { address: '2001:db8::42', port: 443 },
    });

    const mapped = Buffer.alloc(36);
    Buffer.from('00000000000000000000ffffc0000201', 'hex').copy(mapped, 0);
    expect(parseProxyHeader(v2(0x1, 0x21, mapped))).toMatchObject({
      source: { address: '192.0.2.1' },
    });

    expect(parseProxyHeader(v2(0x0, 0x00, Buffer.alloc(0)))).toEqual({
      state: 'complete',
      headerLength: 16,
      source: null,
    });
  });

  it('refuses bad v2 versions, commands, short addresses and oversized headers', () => {
    const good = v2(0x1, 0x11, Buffer.alloc(12));
    const badVersion = Buffer.from(good);
    badVersion[12] = 0x11;
    expect(parseProxyHeader(badVersion).state).toBe('invalid');
    expect(parseProxyHeader(v2(0x2, 0x11, Buffer.alloc(12))).state).toBe('invalid');
    expect(parseProxyHeader(v2(0x1, 0x11, Buffer.alloc(4))).state).toBe('invalid');
    const huge = Buffer.from(good.subarray(0, 16));
    huge.writeUInt16BE(0xffff, 14);
    expect(parseProxyHeader(huge).state).toBe('invalid');
    expect(parseProxyHeader(good.subarray(0, 20)).state).toBe('incomplete');
  });
});
