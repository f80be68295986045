import type { SwaggerTransform } from '@fastify/swagger';
import { Type, type TSchema, type TUnsafe } from 'typebox';

/** A string restricted to `values`, typed as their union (`{type: 'string', enum}` for clear errors). */
export function StringEnum<const T extends readonly string[]>(
  values: T,
  options: Record<string, unknown> = {},
): TUnsafe<T[number]> {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });
}

/** `schema` or null. */
export function Nullable<T extends TSchema>(schema: T) {
  return Type.Union([schema, Type.Null()]);
}

export const Uuid = Type.String({ format: 'uuid', description: 'UUID' });
export const DateTime = Type.String({ format: 'date-time' });

/** The spec's general error format. */
export const ErrorResponse = Type.Object(
  { type: Type.Literal('ErrorResponse'), message: Type.String() },
  { description: 'General error format', title: 'ErrorResponse' },
);

/** The spec's link error format (409). */
export const LinkErrorResponse = Type.Object(
  {
    code: Type.Integer({
      description: '4091 LinkAlreadyUsed, 4092 LinkExpired, 4093 LinkInactive',
    }),
    name: Type.String(),
    description: Type.String(),
    data: Type.Object({ linkId: Type.String() }),
  },
  { title: 'LinkErrorResponse' },
);

/** Title of {@link OAuthErrorResponse}: how the error handler knows a route publishes that format. */
export const OAUTH_ERROR_TITLE = 'OAuthErrorResponse';

/** RFC 6749 §5.2 error of the token endpoint, plus `message`. */
export const OAuthErrorResponse = Type.Object(
  {
    type: Type.Literal('ErrorResponse'),
    error: Type.String(),
    error_description: Type.String(),
    message: Type.String(),
  },
  { title: OAUTH_ERROR_TITLE },
);

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

/** `{id}` path parameter. */
export const IdParams = Type.Object({ id: Uuid });

/** Optional paging query (`page`, `size`), read with the spec's paging rules. */
export const PagingQuery = Type.Object({
  page: Type.Optional(Type.String({ maxLength: 20 })),
  size: Type.Optional(Type.String({ maxLength: 20 })),
});

/** Security requirement of Bearer routes, for the OpenAPI document. */
export const bearerSecurity = [{ bearerAuth: [] }];

/** Binary image bytes (documented as a binary string; a Buffer is sent as is, never serialized). */
export const ImageBytes = Type.Unsafe<Buffer>({
  type: 'string',
  format: 'binary',
  description: 'image bytes',
});

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

/** A file part of a multipart body. */
export const FilePart = Type.Unsafe<Buffer>({ type: 'string', format: 'binary' });
