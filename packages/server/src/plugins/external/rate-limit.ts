import rateLimit from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { addressKey } from '../../lib/client-address.js';
import { Errors } from '../../lib/errors.js';
import { databaseRateLimitStore } from '../../storage/rate-limit-store.js';

/** Default API budget per client (DESIGN §4). */
export const API_REQUESTS_PER_MINUTE = 1000;

/** The budget key of a request: its company when authenticated, else its address (IPv6 by /64). */
export function clientKey(request: FastifyRequest): string {
  return request.identity !== null
    ? `company:${request.identity.companyId}`
    : `ip:${addressKey(request.ip)}`;
}

/**
 * Rate limits (DESIGN §4) counted in the database, so they hold across processes. Runs in
 * `preHandler`, after authentication, so the budget is per client. `IDV_RATE_LIMITS=off` skips it.
 * A route sets its own budget with `config.rateLimit`.
 */
export default fp(
  async (app) => {
    if (!app.config.rateLimits) {
      app.log.info('rate limits are off (IDV_RATE_LIMITS=off)');
      return;
    }
    await app.register(rateLimit, {
      global: true,
      hook: 'preHandler',
      max: API_REQUESTS_PER_MINUTE,
      timeWindow: 60_000,
      keyGenerator: clientKey,
      store: databaseRateLimitStore(app.services.rateCounter),
      errorResponseBuilder: (_request, context) =>
        Errors.tooManyRequests(Math.max(1, Math.ceil(context.ttl / 1000))),
    });
  },
  { name: 'idv-rate-limit', dependencies: ['idv-services', 'idv-authentication'] },
);
