import { Type, type Static, type TSchema, type TUnsafe } from 'typebox';

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
export type ErrorResponse = Static<typeof ErrorResponse>;

/** The spec's link error format (409). */
export const LinkErrorResponse = Type.Object(
  {
    code: Type.Union([Type.Literal(4091), Type.Literal(4092), Type.Literal(4093)], {
      description: '4091 LinkAlreadyUsed, 4092 LinkExpired, 4093 LinkInactive',
    }),
    name: StringEnum(['LinkAlreadyUsed', 'LinkExpired', 'LinkInactive'] as const),
    description: Type.String(),
    data: Type.Object({ linkId: Type.String() }),
  },
  { title: 'LinkErrorResponse' },
);
export type LinkErrorResponse = Static<typeof LinkErrorResponse>;

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
export type OAuthErrorResponse = Static<typeof OAuthErrorResponse>;

/** Name of the response header that carries a request's id (and of the request header that may propose one). */
export const REQUEST_ID_HEADER = 'X-Request-Id';

/** What {@link RequestId} accepts: 1–128 of `A-Z a-z 0-9 . _ -`. */
export const REQUEST_ID_PATTERN = '^[A-Za-z0-9._-]{1,128}$';
const REQUEST_ID_DESCRIPTION =
  "The request's id: the caller's X-Request-Id when well formed (1–128 of A-Z a-z 0-9 . _ -), else a UUID the server made. Quote it when reporting a problem; the server's log lines of the request carry it.";

/**
 * A request id: up to 128 letters, digits, `.`, `_` or `-` (a UUID fits). The server answers one
 * on every response: the caller's own `X-Request-Id` when it is well formed, else a new UUID; it
 * is also the `reqId` of the server's log lines for that request. Error bodies keep the spec's
 * formats exactly (they have no request-id field): the header is where it is read.
 */
export const RequestId = Type.String({
  pattern: REQUEST_ID_PATTERN,
  maxLength: 128,
  description: REQUEST_ID_DESCRIPTION,
});
export type RequestId = Static<typeof RequestId>;

/** `{id}` path parameter. */
export const IdParams = Type.Object({ id: Uuid });
export type IdParams = Static<typeof IdParams>;

/** Optional paging query (`page`, `size`), read with the spec's paging rules. */
export const PagingQuery = Type.Object({
  page: Type.Optional(Type.String({ maxLength: 20 })),
  size: Type.Optional(Type.String({ maxLength: 20 })),
});
export type PagingQuery = Static<typeof PagingQuery>;

/**
 * Binary image bytes (documented as a binary string; the server sends its bytes as they are,
 * never serialized).
 */
export const ImageBytes = Type.Unsafe<Uint8Array>({
  type: 'string',
  format: 'binary',
  description: 'image bytes',
});

/** A file part of a multipart body. */
export const FilePart = Type.Unsafe<Uint8Array>({ type: 'string', format: 'binary' });

/** Answer of a DELETE: the id of what is gone. */
export const DeletedResource = Type.Object({ _id: Uuid, deleted: Type.Literal(true) });
export type DeletedResource = Static<typeof DeletedResource>;

/** The (empty) body of a `204 No Content` answer. */
export const NoContent = Type.Null();
