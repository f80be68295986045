import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  DeletedResource,
  IdParams,
  NewWebhookEndpointBody,
  PagingQuery,
  PortalDeliveryParams,
  PortalPasswordConfirmBody,
  PortalQueuedDelivery,
  PortalCredentials,
  RotatedClientSecret,
  RotatedWebhookSecret,
  WebhookDeliveryPage,
  WebhookEndpoint,
  WebhookEndpointPatchBody,
} from '@idv/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { Errors } from '../lib/errors.js';
import { resolvePage } from '../lib/paging.js';
import type { PortalServices } from './portal-services.js';
import { confirmPassword } from './reauthentication.js';
import { allowed } from './session-hook.js';

/**
 * The Developers screen's API: the company's API client (client id; the secret shown once when
 * rotated), the webhook signing secret (revealed after the password is typed again), webhook
 * endpoints, their deliveries, a signed test event and the resend of a delivery. Each change is
 * the REST API's service, with the signed-in person and their address in the activity log.
 * Owners, admins and developers only; a plan without the API answers 403 as the REST API does.
 */
export function developerRoutes(portal: PortalServices): FastifyPluginAsyncTypebox {
  return async (app) => {
    const { services } = app;
    const tokenUrl = `${app.config.publicAppUrl}/api/v1/oauth/token`;

    /** The person (checked), their API client, and who-and-where for the activity log. */
    async function developer(request: FastifyRequest) {
      const { member } = allowed(request, 'developers:manage');
      const client = await portal.apiClients.of(member.companyId);
      return {
        client,
        actor: { companyId: member.companyId, userId: member.id, ip: request.ip },
      };
    }
    const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

    app.get(
      '/developers/credentials',
      { schema: { hide: true, response: { 200: PortalCredentials } } },
      async (request) => {
        const { client } = await developer(request);
        return { clientId: client.clientId, tokenUrl };
      },
    );

    app.post(
      '/developers/client-secret',
      { bodyLimit: 1024, schema: { hide: true, response: { 200: RotatedClientSecret } } },
      async (request, reply) => {
        const { client, actor } = await developer(request);
        // The service of `POST /users/me/client-secret`: new secret, every token revoked at once.
        const rotated = await services.accounts.rotateClientSecret(client.userId);
        services.tokens.forgetClient(client.userId);
        await services.activity.record({
          ...actor,
          action: 'client_secret.rotated',
          resource: 'user',
          resourceId: client.userId,
        });
        noStore(reply);
        return { clientId: rotated.clientId, clientSecret: rotated.clientSecret };
      },
    );

    app.post(
      '/developers/webhook-secret/reveal',
      {
        bodyLimit: 1024,
        schema: {
          hide: true,
          body: PortalPasswordConfirmBody,
          response: { 200: RotatedWebhookSecret },
        },
      },
      async (request, reply) => {
        const { client, actor } = await developer(request);
        // Re-authentication: a session left open on a shared screen does not show the secret.
        await confirmPassword(portal, request, request.body.password);
        const { webhookSecret } = await services.accounts.me(client.userId);
        // Revealing a secret is worth a line in the log: who saw it, from where.
        await services.activity.record({
          ...actor,
          action: 'webhook_secret.revealed',
          resource: 'user',
          resourceId: client.userId,
        });
        noStore(reply);
        return { webhookSecret };
      },
    );

    app.post(
      '/developers/webhook-secret',
      { bodyLimit: 1024, schema: { hide: true, response: { 200: RotatedWebhookSecret } } },
      async (request, reply) => {
        const { client, actor } = await developer(request);
        const webhookSecret = await services.accounts.rotateWebhookSecret(client.userId);
        await services.activity.record({
          ...actor,
          action: 'webhook_secret.rotated',
          resource: 'user',
          resourceId: client.userId,
        });
        noStore(reply);
        return { webhookSecret };
      },
    );

    app.get(
      '/webhook-endpoints',
      { schema: { hide: true, response: { 200: Type.Array(WebhookEndpoint) } } },
      async (request) => {
        const { actor } = await developer(request);
        return services.webhookEndpoints.list(actor.companyId);
      },
    );

    app.post(
      '/webhook-endpoints',
      {
        bodyLimit: 8 * 1024,
        schema: { hide: true, body: NewWebhookEndpointBody, response: { 201: WebhookEndpoint } },
      },
      async (request, reply) => {
        const { actor } = await developer(request);
        return reply.code(201).send(await services.webhookEndpoints.create(actor, request.body));
      },
    );

    app.patch(
      '/webhook-endpoints/:id',
      {
        bodyLimit: 8 * 1024,
        schema: {
          hide: true,
          params: IdParams,
          body: WebhookEndpointPatchBody,
          response: { 200: WebhookEndpoint },
        },
      },
      async (request) => {
        const { actor } = await developer(request);
        return services.webhookEndpoints.update(actor, request.params.id, request.body);
      },
    );

    app.delete(
      '/webhook-endpoints/:id',
      { schema: { hide: true, params: IdParams, response: { 200: DeletedResource } } },
      async (request) => {
        const { actor } = await developer(request);
        return services.webhookEndpoints.delete(actor, request.params.id);
      },
    );

    app.get(
      '/webhook-endpoints/:id/deliveries',
      {
        schema: {
          hide: true,
          params: IdParams,
          querystring: PagingQuery,
          response: { 200: WebhookDeliveryPage },
        },
      },
      async (request) => {
        const { actor } = await developer(request);
        const page = resolvePage(request.query.size ?? 20, request.query.page);
        if (page === undefined) throw Errors.badRequest('page and size must be integers');
        return services.deliveries.page(actor.companyId, request.params.id, page);
      },
    );

    app.post(
      '/webhook-endpoints/:id/test',
      {
        bodyLimit: 1024,
        schema: { hide: true, params: IdParams, response: { 202: PortalQueuedDelivery } },
      },
      async (request, reply) => {
        const { actor } = await developer(request);
        return reply.code(202).send(await portal.webhookSends.sendTest(actor, request.params.id));
      },
    );

    app.post(
      '/webhook-endpoints/:id/deliveries/:deliveryId/resend',
      {
        bodyLimit: 1024,
        schema: {
          hide: true,
          params: PortalDeliveryParams,
          response: { 202: PortalQueuedDelivery },
        },
      },
      async (request, reply) => {
        const { actor } = await developer(request);
        const { id, deliveryId } = request.params;
        return reply.code(202).send(await portal.webhookSends.resend(actor, id, deliveryId));
      },
    );
  };
}
