import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/** Budgets of `GET /` (signed answers); 0 turns a budget off. */
export interface RequestLimits {
  /** Signed answers per client address per minute. */
  perAddress: number;
  /** Signed answers per connection (TLS connection; HTTP/2 streams share it) per minute. */
  perConnection: number;
}

/** The defaults: generous for a real page (one or two calls per verification), tight for a flood. */
export const DEFAULT_REQUEST_LIMITS: RequestLimits = { perAddress: 120, perConnection: 30 };

/** One fixed window. */
const WINDOW_MS = 60_000;

/** The outcome of {@link RequestLimiter.admit}. */
export type Admission = { admitted: true } | { admitted: false; retryAfterSeconds: number };

/**
 * Fixed-window counters of `GET /`, in memory (the service is one process): per client address
 * (an IPv6 client counts by its /64, which one subscriber usually holds whole) and per connection.
 * Every RSA-4096 signature costs milliseconds of CPU: these budgets keep one caller from taking
 * them all. Counters of a window are dropped when the next window starts, so memory is bounded by
 * the distinct callers of one minute.
 */
export class RequestLimiter {
  #windowStart = 0;
  #byAddress = new Map<string, number>();
  #byConnection = new WeakMap<object, number>();

  constructor(
    private readonly limits: RequestLimits,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one request of `address` on `connection` and says whether it may be answered. */
  admit(address: string, connection: object): Admission {
    const now = this.now();
    const windowStart = Math.floor(now / WINDOW_MS) * WINDOW_MS;
    if (windowStart !== this.#windowStart) {
      this.#windowStart = windowStart;
      this.#byAddress = new Map();
      this.#byConnection = new WeakMap();
    }
    const retryAfterSeconds = Math.max(1, Math.ceil((windowStart + WINDOW_MS - now) / 1000));
    const key = addressKey(address);
    const byAddress = (this.#byAddress.get(key) ?? 0) + 1;
    const byConnection = (this.#byConnection.get(connection) ?? 0) + 1;
    this.#byAddress.set(key, byAddress);
    this.#byConnection.set(connection, byConnection);
    const { perAddress, perConnection } = this.limits;
    if (
      (perAddress > 0 && byAddress > perAddress) ||
      (perConnection > 0 && byConnection > perConnection)
    )
      return { admitted: false, retryAfterSeconds };
    return { admitted: true };
  }
}

/** The counting key of an address: IPv4 as is, IPv6 by its /64 prefix. */
export function addressKey(address: string): string {
  const bare = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  if (isIP(bare) !== 6) return bare;
  // ipaddr.js normalises every IPv6 spelling (`::`, leading zeros, a zone, an IPv4 tail).
  const groups = ipaddr.IPv6.parse(bare).toNormalizedString().split(':');
  return `${groups.slice(0, 4).join(':')}::/64`;
}
