import { createHash } from 'node:crypto';
import { expect } from 'vitest';
import type { FingerprintResponse } from '../../src/types.js';
import type { OracleConnection } from './tshark-oracle.js';

/** The 16 GREASE values RFC 8701 reserves, written out (not computed like the service does). */
const RFC8701_GREASE = new Set([
  0x0a0a, 0x1a1a, 0x2a2a, 0x3a3a, 0x4a4a, 0x5a5a, 0x6a6a, 0x7a7a, 0x8a8a, 0x9a9a, 0xaaaa, 0xbaba,
  0xcaca, 0xdada, 0xeaea, 0xfafa,
]);

/** The connection whose decrypted responses include exactly `body`. */
export function connectionServing(connections: OracleConnection[], body: string): OracleConnection {
  const matches = connections.filter((connection) => connection.responseBodies.includes(body));
  expect(matches, 'exactly one captured connection carried this response').toHaveLength(1);
  return matches[0]!;
}

/** Akamai string rebuilt from tshark's decoding of the client's frames. */
export function akamaiFromOracle(http2: NonNullable<OracleConnection['http2']>): string {
  const settings = http2.settings.map(([id, value]) => `${id}:${value}`).join(';');
  const windowUpdate = http2.windowUpdate === null ? '00' : String(http2.windowUpdate);
  const priorities =
    http2.priorities.length === 0
      ? '0'
      : http2.priorities
          .map((p) => `${p.streamId}:${p.exclusive}:${p.dependsOn}:${p.weight}`)
          .join(',');
  const pseudo = http2.pseudoHeaders.map((name) => name.slice(1, 2)).join(',');
  return `${settings}|${windowUpdate}|${priorities}|${pseudo}`;
}

/**
 * Asserts that the service's answer on a connection agrees with tshark's view of that same
 * connection: JA3 string and MD5, GREASE flag, and (on HTTP/2) the Akamai fingerprint.
 */
export function expectAgreesWithOracle(
  response: FingerprintResponse,
  connection: OracleConnection,
  protocol: 'h2' | 'http/1.1',
): void {
  const { userData } = response;
  expect(connection.ja3Full, 'tshark computed a JA3 for this connection').toBeDefined();
  expect(userData.tlsFingerprint).toBe(connection.ja3Full);
  expect(userData.tlsFingerprintHash).toBe(connection.ja3);
  const greased = connection.helloValues.some((value) => RFC8701_GREASE.has(value));
  expect(userData.tlsFingerprintSslGreased).toBe(greased ? '1' : '0');
  if (protocol === 'http/1.1') {
    expect(userData.http2Fingerprint).toBeNull();
    expect(userData.http2FingerprintHash).toBeNull();
    return;
  }
  expect(connection.http2, 'tshark decoded the HTTP/2 preface').toBeDefined();
  const expected = akamaiFromOracle(connection.http2!);
  expect(userData.http2Fingerprint).toBe(expected);
  expect(userData.http2FingerprintHash).toBe(createHash('md5').update(expected).digest('hex'));
}
