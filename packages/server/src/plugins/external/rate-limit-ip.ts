import type { FastifyInstance, FastifyRequest } from 'fastify';
import { addressKey } from '../../lib/client-address.js';
import { Errors } from '../../lib/errors.js';

/**
 * A second budget for a route, per client address (IPv6 by /64), beside the one its
 * `config.rateLimit` sets (@fastify/rate-limit takes one key per route). Counted in the database
 * like every limit, so it holds across processes; skipped with `IDV_RATE_LIMITS=off`. Use as a
 * `preHandler`; beyond `max` hits in `windowMs` it answers 429 with `Retry-After`.
 */
export function perAddressLimit(
  app: FastifyInstance,
  name: string,
  max: number,
  windowMs = 60_000,
): (request: FastifyRequest) => Promise<void> {
  return async (request) => {
    if (!app.config.rateLimits) return;
    const state = await app.services.rateCounter.hit(
      `${name}:ip:${addressKey(request.ip)}`,
      windowMs,
      max,
    );
    if (state.current > max) throw Errors.tooManyRequests(Math.max(1, Math.ceil(state.ttl / 1000)));
  };
}
