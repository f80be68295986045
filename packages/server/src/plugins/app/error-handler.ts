import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, LinkError, OAuthError } from '../../lib/errors.js';

/** Route config flag: validation errors of this route answer in the OAuth format. */
declare module 'fastify' {
  interface FastifyContextConfig {
    oauthErrors?: boolean;
  }
}

function generalError(reply: FastifyReply, status: number, message: string) {
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .send({ type: 'ErrorResponse', message });
}

function unknownRoute(request: FastifyRequest, reply: FastifyReply) {
  const raw = request.raw.url ?? request.url;
  const queryAt = raw.indexOf('?');
  const resource = queryAt === -1 ? raw : raw.slice(0, queryAt);
  return reply.code(404).send({ message: 'given resource is not implemented', resource });
}

/**
 * The three error formats of the spec: general `{type, message}`, link errors `{code, name,
 * description, data}`, unknown route `{message, resource}`; plus RFC 6749 bodies on the token
 * endpoint. A 5xx answer never carries the internal message: it is logged with the request id.
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setNotFoundHandler(unknownRoute);

  app.setErrorHandler((error: FastifyError | ApiError | LinkError | OAuthError, request, reply) => {
    if (error instanceof OAuthError) {
      return reply
        .code(error.statusCode)
        .headers({ ...error.headers, 'cache-control': 'no-store', pragma: 'no-cache' })
        .send({
          type: 'ErrorResponse',
          error: error.error,
          error_description: error.message,
          message: error.message,
        });
    }
    if (error instanceof LinkError) {
      return reply.code(409).send({
        code: error.linkCode,
        name: error.linkErrorName,
        description: error.description,
        data: { linkId: error.linkId },
      });
    }
    if (error instanceof ApiError) {
      reply.headers(error.headers);
      return generalError(reply, error.statusCode, error.message);
    }
    const fastifyError = error as FastifyError;
    if (fastifyError.validation !== undefined) {
      if (request.routeOptions.config.oauthErrors === true) {
        return reply.code(400).headers({ 'cache-control': 'no-store', pragma: 'no-cache' }).send({
          type: 'ErrorResponse',
          error: 'invalid_request',
          error_description: fastifyError.message,
          message: fastifyError.message,
        });
      }
      return generalError(reply, 400, fastifyError.message);
    }
    const status = typeof fastifyError.statusCode === 'number' ? fastifyError.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return status === 503
        ? generalError(reply, 503, 'service unavailable')
        : generalError(reply, 500, 'internal server error');
    }
    // 4xx raised by Fastify or a plugin (malformed JSON, body too large, unsupported media type…):
    // their messages describe the request, never the server.
    return generalError(reply, status, fastifyError.message);
  });
}
