import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { identityOf } from '../plugins/app/authentication.js';
import { Errors } from '../lib/errors.js';
import { resolvePage } from '../lib/paging.js';
import {
  DeletedResource,
  IdParams,
  NewWebhookEndpointBody,
  PagingQuery,
  WebhookDeliveryPage,
  WebhookEndpoint,
  WebhookEndpointList,
  WebhookEndpointPatchBody,
} from '@idv/contract';
import { bearerSecurity, errorResponses } from '../lib/route-schemas.js';

/** `/webhook-endpoints`: registration of the URLs that receive signed events (Bearer, Premium/Pro). */
const webhookEndpointRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.authenticate);
  const tags = ['Webhook endpoints'];
  const actor = (request: FastifyRequest) => {
    const identity = identityOf(request);
    return { companyId: identity.companyId, userId: identity.userId, ip: request.ip };
  };

  app.post(
    '/webhook-endpoints',
    {
      bodyLimit: 8 * 1024,
      schema: {
        tags,
        summary: 'Register a webhook endpoint',
        description:
          'Exactly `url` and optional `description`; any other field answers 400. URLs resolving to loopback, private or reserved ' +
          'addresses are refused unless the server runs with IDV_WEBHOOK_ALLOW_PRIVATE=true.',
        security: bearerSecurity,
        body: NewWebhookEndpointBody,
        response: { 201: WebhookEndpoint, ...errorResponses(400, 401, 403, 422, 429) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await app.services.webhookEndpoints.create(actor(request), request.body)),
  );

  app.get(
    '/webhook-endpoints',
    {
      schema: {
        tags,
        summary: 'List webhook endpoints',
        security: bearerSecurity,
        response: { 200: WebhookEndpointList, ...errorResponses(401, 403, 429) },
      },
    },
    async (request) => app.services.webhookEndpoints.list(identityOf(request).companyId),
  );

  app.get(
    '/webhook-endpoints/:id',
    {
      schema: {
        tags,
        summary: 'Read a webhook endpoint',
        security: bearerSecurity,
        params: IdParams,
        response: { 200: WebhookEndpoint, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) =>
      app.services.webhookEndpoints.get(identityOf(request).companyId, request.params.id),
  );

  app.get(
    '/webhook-endpoints/:id/deliveries',
    {
      schema: {
        tags,
        summary: 'Deliveries to a webhook endpoint, with every attempt',
        description:
          'Newest first, paged with `page` and `size` (size above 100, absent, zero or negative is 100). Each delivery is one ' +
          'event to this endpoint: `pending` (attempts left), `succeeded` (answered 200, 201, 202 or 204) or `failed` ' +
          '(three attempts failed: dropped); every attempt with its time, duration, status code or error.',
        security: bearerSecurity,
        params: IdParams,
        querystring: PagingQuery,
        response: { 200: WebhookDeliveryPage, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      const page = resolvePage(request.query.size, request.query.page);
      if (page === undefined) throw Errors.badRequest('page and size must be integers');
      return app.services.deliveries.page(identityOf(request).companyId, request.params.id, page);
    },
  );

  app.patch(
    '/webhook-endpoints/:id',
    {
      bodyLimit: 8 * 1024,
      schema: {
        tags,
        summary: 'Update a webhook endpoint',
        security: bearerSecurity,
        params: IdParams,
        body: WebhookEndpointPatchBody,
        response: { 200: WebhookEndpoint, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) =>
      app.services.webhookEndpoints.update(actor(request), request.params.id, request.body),
  );

  app.delete(
    '/webhook-endpoints/:id',
    {
      schema: {
        tags,
        summary: 'Delete a webhook endpoint',
        security: bearerSecurity,
        params: IdParams,
        response: {
          200: DeletedResource,
          ...errorResponses(400, 401, 403, 404, 429),
        },
      },
    },
    async (request) => app.services.webhookEndpoints.delete(actor(request), request.params.id),
  );
};

export default webhookEndpointRoutes;
