import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../../lib/errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The verification of the `X-Flow-Session` of a flow call (set by the flow-session plugin). */
    flowVerificationId: string | null;
  }
}

/** The verification of an authenticated flow call (a route under the flow-session plugin). */
export function flowVerificationOf(request: FastifyRequest): string {
  if (request.flowVerificationId === null)
    throw new Error('route is missing the flow session hook');
  return request.flowVerificationId;
}

/**
 * Authenticates the device's `X-Flow-Session` on every route of the context it is registered in
 * (DESIGN §5): 401 when missing or unknown, and the route reads the session's verification with
 * `flowVerificationOf`. An unknown token counts as a failed authentication of the address (429
 * past the budget, correct tokens included); a missing one does not.
 */
const flowSession: FastifyPluginAsync = async (app) => {
  app.decorateRequest('flowVerificationId', null);
  app.addHook('preHandler', async (request) => {
    const header = request.headers['x-flow-session'];
    const token = typeof header === 'string' && header !== '' ? header : undefined;
    if (token !== undefined) app.services.authFailures.check(request.ip);
    try {
      request.flowVerificationId = await app.services.flowSessions.authenticate(token);
    } catch (error) {
      if (token !== undefined && error instanceof ApiError && error.statusCode === 401)
        throw await app.services.authFailures.fail(request.ip, error);
      throw error;
    }
  });
};

/** Not encapsulated: the hook applies to the routes of the context that registers it. */
export default fp(flowSession, {
  name: 'idv-flow-session',
  decorators: { fastify: ['services'] },
});
