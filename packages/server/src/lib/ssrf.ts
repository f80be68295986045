import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/** Why a URL may not be used as a webhook target; `undefined` when it may. */
export type UrlRefusal = string | undefined;

/** Whether an address is public unicast (not loopback, private, link-local, multicast, reserved…). */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
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
 * Checks a webhook URL against server-side request forgery: http(s) only, no credentials, and every
 * address the host resolves to must be public unless `allowPrivate` (IDV_WEBHOOK_ALLOW_PRIVATE).
 * Delivery must check again at send time (DNS answers can change).
 */
export async function checkWebhookUrl(raw: string, allowPrivate: boolean): Promise<UrlRefusal> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'url must be an absolute http or https URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'url must use http or https';
  if (url.username !== '' || url.password !== '') return 'url must not contain credentials';
  let addresses: string[];
  try {
    addresses = await resolveAll(url.hostname);
  } catch {
    return `url host ${url.hostname} does not resolve`;
  }
  if (addresses.length === 0) return `url host ${url.hostname} does not resolve`;
  if (allowPrivate) return undefined;
  const blocked = addresses.find((address) => !isPublicAddress(address));
  return blocked === undefined
    ? undefined
    : `url resolves to a loopback, private or reserved address (${blocked}); refused`;
}
