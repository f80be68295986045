import { isIP } from 'node:net';

/** The 12-octet signature that opens a PROXY protocol v2 header. */
export const PROXY_V2_SIGNATURE = Buffer.from([
  0x0d, 0x0a, 0x0d, 0x0a, 0x00, 0x0d, 0x0a, 0x51, 0x55, 0x49, 0x54, 0x0a,
]);
const V1_PREFIX = Buffer.from('PROXY ', 'latin1');
/** A v1 header is at most 107 octets, CRLF included. */
const V1_MAX_LENGTH = 107;
/** Largest v2 header accepted (addresses plus TLVs); real balancers send far less. */
export const V2_MAX_LENGTH = 16 + 4096;

/** The original client of a proxied connection; absent for `LOCAL` / `UNKNOWN` headers. */
export interface ProxiedSource {
  address: string;
  port: number;
}

/** Result of parsing the start of a connection that must carry a PROXY protocol header. */
export type ProxyHeaderParse =
  | { state: 'incomplete' }
  | { state: 'invalid'; reason: string }
  | { state: 'complete'; headerLength: number; source: ProxiedSource | null };

/**
 * Parses a PROXY protocol header (v1 text or v2 binary, as HAProxy's specification defines them)
 * from the first bytes of a connection. `headerLength` is how many bytes the header occupies, so
 * the rest can be handed on untouched.
 */
export function parseProxyHeader(bytes: Buffer): ProxyHeaderParse {
  if (startsWith(bytes, PROXY_V2_SIGNATURE)) return parseV2(bytes);
  if (startsWith(bytes, V1_PREFIX)) return parseV1(bytes);
  return { state: 'invalid', reason: 'no PROXY protocol header' };
}

function parseV1(bytes: Buffer): ProxyHeaderParse {
  const end = bytes.indexOf('\r\n', 0, 'latin1');
  if (end < 0) {
    return bytes.length >= V1_MAX_LENGTH
      ? { state: 'invalid', reason: 'v1 header too long' }
      : { state: 'incomplete' };
  }
  if (end + 2 > V1_MAX_LENGTH) return { state: 'invalid', reason: 'v1 header too long' };
  const parts = bytes.subarray(0, end).toString('latin1').split(' ');
  const headerLength = end + 2;
  if (parts[1] === 'UNKNOWN') return { state: 'complete', headerLength, source: null };
  if (parts.length !== 6) return { state: 'invalid', reason: 'malformed v1 header' };
  const [, family, sourceAddress = '', destinationAddress = '', sourcePort = '', destPort = ''] =
    parts;
  const expected = family === 'TCP4' ? 4 : family === 'TCP6' ? 6 : 0;
  if (
    expected === 0 ||
    isIP(sourceAddress) !== expected ||
    isIP(destinationAddress) !== expected ||
    !isPort(sourcePort) ||
    !isPort(destPort)
  ) {
    return { state: 'invalid', reason: 'malformed v1 header' };
  }
  return {
    state: 'complete',
    headerLength,
    source: { address: sourceAddress, port: Number(sourcePort) },
  };
}

function parseV2(bytes: Buffer): ProxyHeaderParse {
  if (bytes.length < 16) return { state: 'incomplete' };
  const versionCommand = bytes[12] ?? 0;
  const familyTransport = bytes[13] ?? 0;
  const length = bytes.readUInt16BE(14);
  const headerLength = 16 + length;
  if (versionCommand >> 4 !== 2) return { state: 'invalid', reason: 'unsupported v2 version' };
  if (headerLength > V2_MAX_LENGTH) return { state: 'invalid', reason: 'v2 header too long' };
  if (bytes.length < headerLength) return { state: 'incomplete' };
  const command = versionCommand & 0x0f;
  if (command === 0x0) return { state: 'complete', headerLength, source: null };
  if (command !== 0x1) return { state: 'invalid', reason: 'unsupported v2 command' };
  const family = familyTransport >> 4;
  const body = bytes.subarray(16, headerLength);
  if (family === 0x1 && body.length >= 12) {
    const address = Array.from(body.subarray(0, 4)).join('.');
    return { state: 'complete', headerLength, source: { address, port: body.readUInt16BE(8) } };
  }
  if (family === 0x2 && body.length >= 36) {
    return {
      state: 'complete',
      headerLength,
      source: { address: ipv6Text(body.subarray(0, 16)), port: body.readUInt16BE(32) },
    };
  }
  if (family === 0x0 || family === 0x3) return { state: 'complete', headerLength, source: null };
  return { state: 'invalid', reason: 'malformed v2 addresses' };
}

function startsWith(bytes: Buffer, prefix: Buffer): boolean {
  const n = Math.min(bytes.length, prefix.length);
  return bytes.subarray(0, n).equals(prefix.subarray(0, n)) && bytes.length > 0;
}

function isPort(text: string): boolean {
  return /^(0|[1-9]\d{0,4})$/.test(text) && Number(text) <= 65535;
}

/** Text of a 16-octet IPv6 address; IPv4-mapped addresses come out as plain IPv4. */
function ipv6Text(octets: Buffer): string {
  if (octets.subarray(0, 10).every((b) => b === 0) && octets.readUInt16BE(10) === 0xffff) {
    return Array.from(octets.subarray(12, 16)).join('.');
  }
  const groups: string[] = [];
  for (let i = 0; i < 16; i += 2) groups.push(octets.readUInt16BE(i).toString(16));
  return compressIpv6(groups);
}

/** Canonical text of an IPv6 address given as eight hex groups (RFC 5952 zero compression). */
function compressIpv6(groups: string[]): string {
  let bestStart = -1;
  let bestLength = 0;
  for (let i = 0; i < groups.length;) {
    if (groups[i] !== '0') {
      i++;
      continue;
    }
    let j = i;
    while (j < groups.length && groups[j] === '0') j++;
    if (j - i > bestLength && j - i > 1) {
      bestStart = i;
      bestLength = j - i;
    }
    i = j;
  }
  if (bestStart < 0) return groups.join(':');
  const head = groups.slice(0, bestStart).join(':');
  const tail = groups.slice(bestStart + bestLength).join(':');
  return `${head}::${tail}`;
}
