import { REQUEST_ID_HEADER, RequestId } from '@idv/contract';

/** Where the request-id header is declared once in the document. */
const HEADER_REF = `#/components/headers/${REQUEST_ID_HEADER}`;

/** The parts of the generated document this transform reads and writes. */
interface DocumentWithResponses {
  paths?: Record<string, Record<string, { responses?: Record<string, { headers?: object }> }>>;
  components?: { headers?: Record<string, object> };
}

/**
 * Declares the `X-Request-Id` response header (the contract's `RequestId`) once under
 * `components.headers` and references it from every response of every operation: the server
 * answers it on all of them (`lib/request-id.ts`). A `transformObject` of `@fastify/swagger`.
 */
export function withRequestIdHeader<T>(document: T): T {
  const openapi = document as DocumentWithResponses;
  openapi.components ??= {};
  openapi.components.headers = {
    ...openapi.components.headers,
    [REQUEST_ID_HEADER]: {
      description: 'The id of this request, to quote when reporting a problem.',
      required: true,
      schema: RequestId,
    },
  };
  for (const operations of Object.values(openapi.paths ?? {}))
    for (const operation of Object.values(operations))
      for (const response of Object.values(operation.responses ?? {}))
        response.headers = { ...response.headers, [REQUEST_ID_HEADER]: { $ref: HEADER_REF } };
  return document;
}
