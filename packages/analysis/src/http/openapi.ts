import { createRequire } from 'node:module';
import swagger, { type SwaggerTransform } from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import type { TSchema } from 'typebox';

const { version } = createRequire(import.meta.url)('../../package.json') as { version: string };

/** Where the service publishes its OpenAPI document. */
export const OPENAPI_PATH = '/openapi.json';

/** The security requirement of the analysis routes: the `Api-Key` header. */
export const API_KEY_SECURITY = [{ apiKey: [] }];

/**
 * Generates the service's OpenAPI 3.1 document from the route schemas (the contract's, JSON
 * Schema 2020-12 as TypeBox writes them) and serves it at {@link OPENAPI_PATH}, without a key.
 * Register before the routes, so that they are collected.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'idv analysis services',
        version,
        description:
          'ID document reading (`POST /id/front`, `POST /id/back`), face comparison (`POST /face/inference`) ' +
          'and anti-spoofing (`POST /antispoofing/inference`), called server to server with an `Api-Key` ' +
          'header (each service its own key). Bodies are multipart/form-data; errors are `{type: "ErrorResponse", message}`.',
      },
      components: {
        securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'Api-Key' } },
      },
    },
  });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
}

/**
 * Route config documenting a multipart body the route reads itself (`readMultipart`): in the
 * OpenAPI document only, Fastify does not validate it.
 */
export function documentedMultipart(schema: TSchema): { swaggerTransform: SwaggerTransform } {
  const body = { content: { 'multipart/form-data': { schema } } };
  return { swaggerTransform: ({ schema: route, url }) => ({ schema: { ...route, body }, url }) };
}
