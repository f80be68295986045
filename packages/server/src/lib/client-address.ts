import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * The budget key of a client address: IPv4 as is (IPv4-mapped IPv6 too), IPv6 by its /64 prefix.
 * One subscriber usually holds a whole /64, so keying IPv6 by full address would give a single
 * client 2^64 budgets.
 *
 * @example
 * addressKey('2001:db8:1:2:aaaa::1'); // '2001:db8:1:2::/64'
 * addressKey('::ffff:203.0.113.9'); // '203.0.113.9'
 */
export function addressKey(address: string): string {
  const bare = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  if (isIP(bare) !== 6) return bare;
  // ipaddr.js normalises every IPv6 spelling (`::`, leading zeros, a zone, an IPv4 tail).
  const groups = ipaddr.IPv6.parse(bare).toNormalizedString().split(':');
  return `${groups.slice(0, 4).join(':')}::/64`;
}
