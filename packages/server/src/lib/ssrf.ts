import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/** Why a URL may not be used as a webhook target; `undefined` when it may. */
export type UrlRefusal = string | undefined;

/**
 * IPv4-compatible IPv6 addresses (`::a.b.c.d`, `::/96`, deprecated by RFC 4291): some stacks
 * still route them to the embedded IPv4 address, so `::127.0.0.1` or `::10.0.0.5` must never pass
 * as public. ipaddr.js calls them `unicast`.
 */
const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96');

/**
 * Parses an address as written. ipaddr.js reads any `::a.b.c.d` as IPv4-mapped (`::ffff:a.b.c.d`);
 * the dotted tail is first rewritten as two hex groups so the prefix keeps its meaning.
 */
function parseAddress(address: string): ipaddr.IPv4 | ipaddr.IPv6 {
  const dotted = /^(.*:)(\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3})$/.exec(address);
  if (dotted !== null && ipaddr.IPv4.isValidFourPartDecimal(dotted[2]!)) {
    const [a, b, c, d] = ipaddr.IPv4.parse(dotted[2]!).toByteArray() as [
      number,
      number,
      number,
      number,
    ];
    return ipaddr.parse(
      `${dotted[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`,
    );
  }
  return ipaddr.parse(address);
}

/** Whether an address is public unicast (not loopback, private, link-local, multicast, reserved…). */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = parseAddress(address);
  } catch {
    return false;
  }
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    if (v6.match(IPV4_COMPATIBLE)) return false;
    if (v6.isIPv4MappedAddress()) parsed = v6.toIPv4Address();
  }
  return parsed.range() === 'unicast';
}

/** Resolves a host name to every address it has (an IP literal resolves to itself). */
async function resolveAll(hostname: string): Promise<string[]> {
  const bare =
    hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  if (isIP(bare) !== 0) return [bare];
  const results = await lookup(bare, { all: true, verbatim: true });
  return results.map((r) => r.address);
}

/**
 * Checks a webhook URL against server-side request forgery: `https` only (`http` too with
 * `allowPrivate`, IDV_WEBHOOK_ALLOW_PRIVATE, for local receivers), no credentials, and every
 * address the host resolves to must be public unless `allowPrivate`. A refusal never names the
 * addresses the host resolved to (they would map the server's internal network for the caller).
 * Delivery must check again at send time (DNS answers can change).
 */
export async function checkWebhookUrl(raw: string, allowPrivate: boolean): Promise<UrlRefusal> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'url must be an absolute http or https URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'url must use https';
  if (url.protocol !== 'https:' && !allowPrivate) return 'url must use https';
  if (url.username !== '' || url.password !== '') return 'url must not contain credentials';
  let addresses: string[];
  try {
    addresses = await resolveAll(url.hostname);
  } catch {
    return `url host ${url.hostname} does not resolve`;
  }
  if (addresses.length === 0) return `url host ${url.hostname} does not resolve`;
  if (allowPrivate) return undefined;
  return addresses.every(isPublicAddress)
    ? undefined
    : 'url host resolves to a loopback, private or reserved address; refused';
}
