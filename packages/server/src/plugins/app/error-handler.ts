import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteOptions,
} from 'fastify';
import { ApiError, LinkError, OAuthError } from '../../lib/errors.js';
import { OAUTH_ERROR_TITLE } from '@idv/contract';
import { frameworkErrorResponses } from '../../lib/route-schemas.js';

function unknownRoute(request: FastifyRequest, reply: FastifyReply) {
  const raw = request.raw.url ?? request.url;
  const queryAt = raw.indexOf('?');
  const resource = queryAt === -1 ? raw : raw.slice(0, queryAt);
  return reply.code(404).send({ message: 'given resource is not implemented', resource });
}

/** The response schema a route publishes for `status` (exact code, then `4xx`-style range). */
function documentedSchema(request: FastifyRequest, status: number): unknown {
  const responses = (request.routeOptions.schema?.response ?? {}) as Record<string, unknown>;
  return responses[String(status)] ?? responses[`${String(status)[0]}xx`];
}

/** Whether the route publishes its `status` errors as RFC 6749 bodies (the token endpoint). */
function documentsOAuthErrors(request: FastifyRequest, status: number): boolean {
  const schema = documentedSchema(request, status) as { title?: unknown } | undefined;
  return schema !== undefined && schema.title === OAUTH_ERROR_TITLE;
}

/** An error the request caused, described for the caller: never the server's internals. */
interface Described {
  status: number;
  message: string;
  headers: Record<string, string>;
  /** The RFC 6749 `error` code, when the failure has its own (an `OAuthError`). */
  oauthError?: OAuthError['error'];
}

function describe(error: FastifyError | ApiError | OAuthError): Described {
  if (error instanceof OAuthError)
    return {
      status: error.statusCode,
      message: error.message,
      headers: error.headers,
      oauthError: error.error,
    };
  if (error instanceof ApiError)
    return { status: error.statusCode, message: error.message, headers: error.headers };
  const fastifyError = error as FastifyError;
  if (fastifyError.validation !== undefined)
    return { status: 400, message: fastifyError.message, headers: {} };
  const status = typeof fastifyError.statusCode === 'number' ? fastifyError.statusCode : 500;
  if (status >= 500)
    return {
      status: status === 503 ? 503 : 500,
      message: status === 503 ? 'service unavailable' : 'internal server error',
      headers: {},
    };
  // 4xx raised by Fastify or a plugin (malformed JSON, body too large, unsupported media type…):
  // their messages describe the request, never the server.
  return { status, message: fastifyError.message, headers: {} };
}

/**
 * Documents, on every route with response schemas, the errors that Fastify, the parsers, the rate
 * limiter and the error handler can answer there without the route's handler (400/413/415 when
 * it reads a body, 429, 500), where the route does not document the status itself. Their answers
 * then fit the route's published schemas, and the OpenAPI document lists them.
 */
function documentFrameworkErrors(route: RouteOptions): void {
  const schema = route.schema;
  if (schema?.response === undefined || schema.hide === true) return;
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  const readsBody = methods.some((method) => method !== 'GET' && method !== 'HEAD');
  const rateLimited = (route.config as { rateLimit?: unknown } | undefined)?.rateLimit !== false;
  route.schema = {
    ...schema,
    response: {
      ...frameworkErrorResponses({ readsBody, rateLimited }),
      ...(schema.response as Record<string, unknown>),
    },
  };
}

/**
 * The three error formats of the spec: general `{type, message}`, link errors `{code, name,
 * description, data}`, unknown route `{message, resource}`; plus RFC 6749 bodies
 * `{type, error, error_description, message}` wherever a route documents that format for the
 * status (the token endpoint), whatever raised the error (the handler, validation, the JSON
 * parser). Every answer thus fits the route's published response schema. A 5xx answer never
 * carries the internal message: it is logged with the request id.
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setNotFoundHandler(unknownRoute);
  app.addHook('onRoute', documentFrameworkErrors);

  app.setErrorHandler((error: FastifyError | ApiError | LinkError | OAuthError, request, reply) => {
    if (error instanceof LinkError) {
      return reply.code(409).send({
        code: error.linkCode,
        name: error.linkErrorName,
        description: error.description,
        data: { linkId: error.linkId },
      });
    }
    const described = describe(error);
    if (described.status >= 500 && !(error instanceof ApiError))
      request.log.error({ err: error }, 'request failed');
    reply.code(described.status).headers(described.headers);
    if (described.oauthError !== undefined || documentsOAuthErrors(request, described.status)) {
      return reply.headers({ 'cache-control': 'no-store', pragma: 'no-cache' }).send({
        type: 'ErrorResponse',
        error:
          described.oauthError ?? (described.status === 401 ? 'invalid_client' : 'invalid_request'),
        error_description: described.message,
        message: described.message,
      });
    }
    return reply
      .type('application/json; charset=utf-8')
      .send({ type: 'ErrorResponse', message: described.message });
  });
}
