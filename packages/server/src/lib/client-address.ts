import { isIP } from 'node:net';

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
  return `${ipv6Groups(bare).slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of an IPv6 address, lower-case hex without leading zeros. */
function ipv6Groups(address: string): string[] {
  const [head = '', tail] = address.toLowerCase().split('%', 1)[0]!.split('::');
  const split = (part: string) => (part === '' ? [] : part.split(':'));
  const left = split(head);
  const right = tail === undefined ? [] : split(tail);
  // An embedded IPv4 tail stands for the last two groups.
  const last = right.length > 0 ? right : left;
  const dotted = last.at(-1);
  if (dotted?.includes('.')) {
    const bytes = dotted.split('.').map(Number);
    last.splice(
      -1,
      1,
      ((bytes[0]! << 8) | bytes[1]!).toString(16),
      ((bytes[2]! << 8) | bytes[3]!).toString(16),
    );
  }
  const missing = Math.max(0, 8 - left.length - right.length);
  return [...left, ...Array<string>(missing).fill('0'), ...right].map((group) =>
    parseInt(group, 16).toString(16),
  );
}
