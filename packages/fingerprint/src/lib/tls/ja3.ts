import { createHash } from 'node:crypto';
import type { TlsClientHelloMessage } from 'read-tls-client-hello';
import { isGrease } from './grease.js';

/** The TLS part of a connection fingerprint. */
export interface TlsFingerprint {
  /** Full JA3 string: `version,ciphers,extensions,groups,pointFormats`, each list `-`-joined. */
  ja3: string;
  /** MD5 (hex) of `ja3`. */
  ja3Hash: string;
  /** Whether any GREASE value appeared in the ClientHello. */
  greased: boolean;
}

const SUPPORTED_GROUPS = 0x000a;
const EC_POINT_FORMATS = 0x000b;
const SUPPORTED_VERSIONS = 0x002b;
const KEY_SHARE = 0x0033;
const SIGNATURE_ALGORITHMS = 0x000d;

/**
 * Builds the JA3 fingerprint of a parsed ClientHello: the handshake's legacy version, then
 * cipher suites, extension types, supported groups and EC point formats, in the order sent, with
 * GREASE values (RFC 8701) removed from every list.
 */
export function buildTlsFingerprint(hello: TlsClientHelloMessage): TlsFingerprint {
  const extensionIds = hello.extensions.map((extension) => extension.id);
  const groups = numberList(extensionData(hello, SUPPORTED_GROUPS)?.groups);
  const pointFormats = numberList(extensionData(hello, EC_POINT_FORMATS)?.formats);
  const ja3 = [
    String(hello.version),
    withoutGrease(hello.cipherSuites).join('-'),
    withoutGrease(extensionIds).join('-'),
    withoutGrease(groups).join('-'),
    pointFormats.join('-'),
  ].join(',');
  return {
    ja3,
    ja3Hash: createHash('md5').update(ja3).digest('hex'),
    greased: greaseValues(hello, extensionIds, groups).some(isGrease),
  };
}

/** Every list of a ClientHello where RFC 8701 allows GREASE values. */
function greaseValues(
  hello: TlsClientHelloMessage,
  extensionIds: number[],
  groups: number[],
): number[] {
  const keyShares = extensionData(hello, KEY_SHARE)?.entries;
  return [
    ...hello.cipherSuites,
    ...extensionIds,
    ...groups,
    ...numberList(extensionData(hello, SUPPORTED_VERSIONS)?.versions),
    ...numberList(extensionData(hello, SIGNATURE_ALGORITHMS)?.algorithms),
    ...(Array.isArray(keyShares)
      ? keyShares.map((entry: { group?: unknown }) => Number(entry.group))
      : []),
  ];
}

function withoutGrease(values: number[]): number[] {
  return values.filter((value) => !isGrease(value));
}

function extensionData(
  hello: TlsClientHelloMessage,
  id: number,
): Record<string, unknown> | null | undefined {
  return hello.extensions.find((extension) => extension.id === id)?.data;
}

function numberList(value: unknown): number[] {
  return Array.isArray(value) ? value.filter((item): item is number => Number.isInteger(item)) : [];
}
