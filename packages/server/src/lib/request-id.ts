import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { REQUEST_ID_HEADER, REQUEST_ID_PATTERN } from '@idv/contract';
import type { FastifyInstance } from 'fastify';

/** The contract's request-id pattern (`RequestId`): 1–128 of `A-Z a-z 0-9 . _ -`. */
const WELL_FORMED = new RegExp(REQUEST_ID_PATTERN);

/**
 * The id of a request (Fastify `genReqId`): the caller's `X-Request-Id` when it is well formed
 * (the contract's `RequestId`: 1–128 safe characters), so that the caller's and the server's logs
 * share it; otherwise a new UUID. Anything else the caller sent (too long, spaces, quotes, control
 * characters, a repeated header) is never echoed nor logged as an id.
 */
export function requestIdOf(request: Pick<IncomingMessage, 'headers'>): string {
  const proposed = request.headers['x-request-id'];
  return typeof proposed === 'string' && WELL_FORMED.test(proposed) ? proposed : randomUUID();
}

/**
 * Answers every request's id in `X-Request-Id` (the contract's `REQUEST_ID_HEADER`). Added to the
 * root instance before any plugin, so its hook runs first and the header is on every answer,
 * errors of later hooks (authentication, rate limits), unknown routes and bad bodies included.
 */
export function installRequestIdHeader(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}
