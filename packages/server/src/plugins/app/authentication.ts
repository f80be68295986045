import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Errors } from '../../lib/errors.js';
import { planHasApi } from '../../services/plans.js';
import type { TokenIdentity } from '../../services/tokens.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * `onRequest` hook of Bearer routes: 401 without a header or with an expired or revoked
     * token, 403 otherwise invalid.
     */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    /** The caller of a Bearer route (set by `authenticate`). */
    identity: TokenIdentity | null;
  }
}

const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/;

/**
 * Bearer authentication (DESIGN §4: no header → 401, expired → 401, present but invalid → 403).
 * A token revoked by client secret rotation or `account revoke-tokens` is a real credential that
 * ended, as an expired one: 401 with `WWW-Authenticate: Bearer error="invalid_token"` (RFC 6750
 * §3.1), so that a client asks for a new token; forged or unknown ones stay 403.
 * Invalid tokens count as failed authentications of the client address (`AuthFailureGuard`: 429
 * past the budget); missing, expired and revoked ones do not (an integrator's token ends normally).
 */
export default fp(
  async (app) => {
    app.decorateRequest('identity', null);
    app.decorate('authenticate', async (request: FastifyRequest) => {
      const header = request.headers.authorization;
      if (header === undefined || header.trim() === '') throw Errors.missingToken();
      // An address over its failed-authentication budget is refused before any check (429).
      const failures = app.services.authFailures;
      failures.check(request.ip);
      const token = BEARER.exec(header)?.[1];
      if (token === undefined) throw await failures.fail(request.ip, Errors.invalidToken());
      const check = await app.services.tokens.check(token);
      if (check.state === 'expired') throw Errors.expiredToken();
      if (check.state === 'revoked') throw Errors.revokedToken();
      if (check.state === 'invalid') throw await failures.fail(request.ip, Errors.invalidToken());
      if (!planHasApi(check.identity.plan)) throw Errors.planRequired();
      request.identity = check.identity;
    });
  },
  { name: 'idv-authentication', dependencies: ['idv-services'] },
);

/** The identity of an authenticated request (routes behind `authenticate` only). */
export function identityOf(request: FastifyRequest): TokenIdentity {
  if (request.identity === null) throw new Error('route is missing the authenticate hook');
  return request.identity;
}
