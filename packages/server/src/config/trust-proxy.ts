import { isIP } from 'node:net';
import { ConfigError, readInteger } from './readers.js';

/** `trustProxy` as Fastify takes it: off, a hop count, or proxy addresses / CIDR ranges. */
export type TrustProxy = false | number | string[];

/**
 * `IDV_TRUST_PROXY`: unset/`false`/`0` trusts no hop; a whole number N trusts N hops; a
 * comma-separated list of addresses and CIDR ranges trusts those proxies. `true` (which meant "trust
 * every hop", letting any client choose its own address) now means 1 hop, with a warning.
 */
export function readTrustProxy(value: string | undefined, warnings: string[]): TrustProxy {
  const text = value?.trim() ?? '';
  if (text === '' || ['false', 'no', 'off', '0'].includes(text.toLowerCase())) return false;
  if (['true', 'yes', 'on'].includes(text.toLowerCase())) {
    warnings.push(
      `IDV_TRUST_PROXY=${text} is deprecated: it now trusts one proxy hop (IDV_TRUST_PROXY=1), ` +
        'not every X-Forwarded-For entry; set the hop count or the proxy addresses (CIDR list)',
    );
    return 1;
  }
  if (/^\d+$/.test(text)) return readInteger('IDV_TRUST_PROXY', text, 0, 1, 32);
  const entries = text.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    const [address = '', prefix, ...rest] = entry.split('/');
    const family = isIP(address);
    const maxPrefix = family === 4 ? 32 : 128;
    const valid =
      family !== 0 &&
      rest.length === 0 &&
      (prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= maxPrefix));
    if (!valid)
      throw new ConfigError(
        `IDV_TRUST_PROXY must be false, a hop count, or a comma-separated list of proxy addresses / CIDR ranges (got "${entry}")`,
      );
    if (prefix === '0')
      throw new ConfigError(
        `IDV_TRUST_PROXY: ${entry} would trust every address; name the proxies' addresses or ranges`,
      );
  }
  return entries;
}
