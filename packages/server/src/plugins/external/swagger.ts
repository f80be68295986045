import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { SERVER_VERSION } from '../../version.js';
import { withRequestIdHeader } from './openapi-request-id.js';
import { openApiWebhooks } from './openapi-webhooks.js';

/**
 * The OpenAPI document generated from the route schemas, and a browsable reference at `/docs`
 * served from the npm package (no CDN; the online validator badge is off).
 *
 * The document is OpenAPI 3.1: its Schema Objects are JSON Schema 2020-12, the dialect TypeBox
 * writes (`exclusiveMinimum` as a number, `const`, `type: 'null'` in unions), so the route
 * schemas are published as they are checked. A 3.0.3 document would need every such keyword
 * rewritten into 3.0's older dialect, a lossy translation to keep in step with TypeBox.
 */
export default fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'idv verification service',
          version: SERVER_VERSION,
          description:
            'Remote identity verification: links, verifications, webhooks, account. Base path `/api/v1`. ' +
            'Get a token with `POST /api/v1/oauth/token` (client credentials), then send `Authorization: Bearer <token>`.',
        },
        webhooks: openApiWebhooks(),
        components: {
          securitySchemes: {
            bearerAuth: { type: 'http', scheme: 'bearer' },
            basicAuth: { type: 'http', scheme: 'basic' },
          },
        },
      },
      transformObject: (document) =>
        'openapiObject' in document
          ? withRequestIdHeader(document.openapiObject)
          : document.swaggerObject,
    });
    await app.register(swaggerUi, {
      routePrefix: '/docs',
      uiConfig: { validatorUrl: null, deepLinking: true },
      staticCSP: true,
    });
  },
  { name: 'idv-swagger' },
);
