import { BlockList, isIP } from 'node:net';

/**
 * The proxies whose `X-Forwarded-For` is believed: addresses or CIDR ranges (`10.0.0.0/8`,
 * `::1/128`, `127.0.0.1`). Built once from configuration; throws on an entry that is neither.
 */
export class TrustedProxies {
  readonly #list = new BlockList();
  readonly size: number;

  constructor(entries: readonly string[]) {
    for (const entry of entries) this.#add(entry.trim());
    this.size = entries.length;
  }

  /** Whether `address` belongs to a trusted proxy. */
  has(address: string): boolean {
    const normalized = normalizeAddress(address);
    const family = isIP(normalized);
    if (family === 0 || this.size === 0) return false;
    return this.#list.check(normalized, family === 4 ? 'ipv4' : 'ipv6');
  }

  #add(entry: string): void {
    const [address = '', prefixText, ...extra] = entry.split('/');
    const normalized = normalizeAddress(address);
    const family = isIP(normalized);
    const maxPrefix = family === 4 ? 32 : 128;
    const prefix = prefixText === undefined ? maxPrefix : Number(prefixText);
    if (
      family === 0 ||
      extra.length > 0 ||
      !Number.isInteger(prefix) ||
      prefix < 0 ||
      prefix > maxPrefix ||
      (prefixText !== undefined && !/^\d+$/.test(prefixText))
    ) {
      throw new Error(`Invalid trusted proxy "${entry}": expected an IP address or CIDR range`);
    }
    this.#list.addSubnet(normalized, prefix, family === 4 ? 'ipv4' : 'ipv6');
  }
}

/** Strips an IPv4-mapped IPv6 prefix (`::ffff:192.0.2.1` → `192.0.2.1`) and IPv6 brackets. */
export function normalizeAddress(address: string): string {
  const unbracketed =
    address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(unbracketed);
  return mapped?.[1] ?? unbracketed;
}

/**
 * The caller's address: the peer of the connection (or the source a PROXY protocol header gave),
 * unless that peer is a trusted proxy; then `X-Forwarded-For` is walked from the right, skipping
 * trusted proxies, and the first untrusted hop is the caller. Malformed entries stop the walk at
 * the last address known good.
 */
export function resolveClientAddress(
  peerAddress: string,
  forwardedFor: string | undefined,
  trusted: TrustedProxies,
): string {
  let client = normalizeAddress(peerAddress);
  if (!forwardedFor || !trusted.has(client)) return client;
  const hops = forwardedFor.split(',').map((hop) => normalizeAddress(stripPort(hop.trim())));
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i] ?? '';
    if (isIP(hop) === 0) break;
    client = hop;
    if (!trusted.has(hop)) break;
  }
  return client;
}

/** `192.0.2.1:1234` → `192.0.2.1`; `[2001:db8::1]:443` → `2001:db8::1`; bare IPv6 unchanged. */
function stripPort(hop: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(hop);
  if (bracketed?.[1]) return bracketed[1];
  const v4WithPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(hop);
  return v4WithPort?.[1] ?? hop;
}
