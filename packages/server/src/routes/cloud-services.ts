import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { identityOf } from '../plugins/app/authentication.js';
import {
  CloudKey,
  CloudKeyList,
  CloudKeyPauseBody,
  CloudKeyWithSecret,
  DeletedResource,
  IdParams,
  NewCloudKeyBody,
} from '@idv/contract';
import { bearerSecurity, errorResponses } from '../lib/route-schemas.js';

/** `/cloud-services/keys`: self-service keys of the analysis APIs (Bearer, Premium/Pro). */
const cloudServiceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.authenticate);
  const tags = ['Cloud services'];
  const keys = () => app.services.cloudKeys;
  const log = async (
    companyId: string,
    userId: string,
    action: string,
    keyId: string,
    ip: string,
  ) =>
    app.services.activity.record({
      companyId,
      userId,
      action,
      resource: 'cloud_key',
      resourceId: keyId,
      ip,
    });

  app.get(
    '/cloud-services/keys',
    {
      schema: {
        tags,
        summary: 'List keys with their usage',
        security: bearerSecurity,
        response: { 200: CloudKeyList, ...errorResponses(401, 403, 429) },
      },
    },
    async (request) => keys().list(identityOf(request).companyId),
  );

  app.post(
    '/cloud-services/keys',
    {
      bodyLimit: 4 * 1024,
      schema: {
        tags,
        summary: 'Create a key (secret shown once)',
        description:
          'At most 5 keys per service (422 beyond); 10,000 trial calls each; e-mail at 80 %.',
        security: bearerSecurity,
        body: NewCloudKeyBody,
        response: { 201: CloudKeyWithSecret, ...errorResponses(400, 401, 403, 422, 429) },
      },
    },
    async (request, reply) => {
      const identity = identityOf(request);
      const key = await keys().create(identity.companyId, request.body.service, request.body.name);
      await log(identity.companyId, identity.userId, 'cloud_key.created', key._id, request.ip);
      reply.header('cache-control', 'no-store');
      return reply.code(201).send(key);
    },
  );

  app.get(
    '/cloud-services/keys/:id',
    {
      schema: {
        tags,
        summary: 'Read a key and its usage',
        security: bearerSecurity,
        params: IdParams,
        response: { 200: CloudKey, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => keys().get(identityOf(request).companyId, request.params.id),
  );

  app.post(
    '/cloud-services/keys/:id/rotate',
    {
      bodyLimit: 1024,
      schema: {
        tags,
        summary: 'Rotate a key (new secret shown once; the old one stops working)',
        security: bearerSecurity,
        params: IdParams,
        response: { 200: CloudKeyWithSecret, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const identity = identityOf(request);
      const key = await keys().rotate(identity.companyId, request.params.id);
      await log(identity.companyId, identity.userId, 'cloud_key.rotated', key._id, request.ip);
      reply.header('cache-control', 'no-store');
      return key;
    },
  );

  app.patch(
    '/cloud-services/keys/:id',
    {
      bodyLimit: 1024,
      schema: {
        tags,
        summary: 'Pause or resume a key',
        security: bearerSecurity,
        params: IdParams,
        body: CloudKeyPauseBody,
        response: { 200: CloudKey, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      const identity = identityOf(request);
      const key = await keys().setPaused(
        identity.companyId,
        request.params.id,
        request.body.paused,
      );
      await log(
        identity.companyId,
        identity.userId,
        request.body.paused ? 'cloud_key.paused' : 'cloud_key.resumed',
        key._id,
        request.ip,
      );
      return key;
    },
  );

  app.delete(
    '/cloud-services/keys/:id',
    {
      schema: {
        tags,
        summary: 'Revoke a key',
        security: bearerSecurity,
        params: IdParams,
        response: {
          200: DeletedResource,
          ...errorResponses(400, 401, 403, 404, 429),
        },
      },
    },
    async (request) => {
      const identity = identityOf(request);
      const result = await keys().revoke(identity.companyId, request.params.id);
      await log(identity.companyId, identity.userId, 'cloud_key.revoked', result._id, request.ip);
      return result;
    },
  );
};

export default cloudServiceRoutes;
