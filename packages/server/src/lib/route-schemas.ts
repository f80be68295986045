// Fastify- and OpenAPI-specific helpers of the route definitions. The wire shapes themselves live in
// `@idv/contract`; these only say how a route publishes them (statuses, security, raw bodies).
import type { SwaggerTransform } from '@fastify/swagger';
import { ErrorResponse, ImageBytes } from '@idv/contract';
import type { TSchema } from 'typebox';

/** Why any route can answer these statuses, whatever it does (see `frameworkErrorResponses`). */
const FRAMEWORK_ERRORS = {
  400: 'The body is not valid JSON (or not the documented type), or does not match the schema.',
  413: 'The body is larger than this route accepts.',
  415: 'The body has a content type this route does not accept (or none).',
  429: 'Too many requests: the rate limit of this route or client is spent (`Retry-After` says when to retry).',
  500: 'Internal server error (transient: retry with backoff). The message never describes the fault.',
} as const;

/**
 * The errors Fastify, the body parsers, the rate limiter and the error handler answer on a route
 * beyond what its handler throws, in the general format: 400, 413 and 415 for routes that read a
 * body (every method but GET and HEAD), 429 for rate-limited routes, 500 for all. The error handler adds these to every route's response schemas where the route does not
 * document the status itself, so that every answer fits the published document.
 */
export function frameworkErrorResponses(options: {
  readsBody: boolean;
  rateLimited: boolean;
}): Record<number, TSchema> {
  const statuses: (keyof typeof FRAMEWORK_ERRORS)[] = [
    ...(options.readsBody ? ([400, 413, 415] as const) : []),
    ...(options.rateLimited ? ([429] as const) : []),
    500,
  ];
  return Object.fromEntries(
    statuses.map((status) => [
      status,
      { ...ErrorResponse, description: FRAMEWORK_ERRORS[status] } as TSchema,
    ]),
  );
}

/** Response schemas of general-format errors for the given statuses. */
export function errorResponses(...statuses: number[]): Record<number, typeof ErrorResponse> {
  return Object.fromEntries(statuses.map((status) => [status, ErrorResponse]));
}

/** Security requirement of Bearer routes, for the OpenAPI document. */
export const bearerSecurity = [{ bearerAuth: [] }];

/**
 * A response of raw bytes of `contentType` (for example `image/jpeg`): documented per status, so
 * that the route's error answers keep their own type (`application/json`) in the document.
 */
export function binaryResponse(contentType: string, description: string) {
  return { description, content: { [contentType]: { schema: ImageBytes } } };
}

/**
 * Route config that documents, in the OpenAPI document only, a request body the route reads
 * itself rather than through a body schema (multipart uploads, raw bytes): `content` maps each
 * media type to its schema. Fastify does not validate it; the route's handler does.
 */
export function documentedBody(content: Record<string, TSchema>): {
  swaggerTransform: SwaggerTransform;
} {
  const body = {
    content: Object.fromEntries(
      Object.entries(content).map(([type, schema]) => [type, { schema }]),
    ),
  };
  return { swaggerTransform: ({ schema, url }) => ({ schema: { ...schema, body }, url }) };
}
