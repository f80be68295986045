import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CloudKey,
  CloudKeyList,
  CloudKeyPauseBody,
  CloudKeyWithSecret,
  DeletedResource,
  IdParams,
  NewCloudKeyBody,
} from '@idv/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PortalServices } from './portal-services.js';
import { allowed } from './session-hook.js';

/**
 * The Cloud services screen's API: the company's analysis keys (create and rotate, the secret
 * shown once; pause, resume, revoke) with each key's usage against its quota. Every rule is the
 * REST API's `CloudKeyService` (five keys per service, the trial quota, the slot guard); the plan
 * rule is the REST API's too (a plan without the API answers 403). Owners, admins and developers
 * only; each change is in the activity log with the signed-in person and their address.
 */
export function cloudServiceRoutes(portal: PortalServices): FastifyPluginAsyncTypebox {
  return async (app) => {
    const keys = app.services.cloudKeys;

    /** The person (checked: role, then plan) and who-and-where for the activity log. */
    async function developer(request: FastifyRequest) {
      const { member } = allowed(request, 'developers:manage');
      await portal.apiClients.of(member.companyId);
      return { companyId: member.companyId, userId: member.id, ip: request.ip };
    }
    const log = (actor: Awaited<ReturnType<typeof developer>>, action: string, keyId: string) =>
      app.services.activity.record({ ...actor, action, resource: 'cloud_key', resourceId: keyId });
    const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

    app.get(
      '/cloud-services/keys',
      { schema: { hide: true, response: { 200: CloudKeyList } } },
      async (request) => keys.list((await developer(request)).companyId),
    );

    app.post(
      '/cloud-services/keys',
      {
        bodyLimit: 4 * 1024,
        schema: { hide: true, body: NewCloudKeyBody, response: { 201: CloudKeyWithSecret } },
      },
      async (request, reply) => {
        const actor = await developer(request);
        const key = await keys.create(actor.companyId, request.body.service, request.body.name);
        await log(actor, 'cloud_key.created', key._id);
        noStore(reply);
        return reply.code(201).send(key);
      },
    );

    app.post(
      '/cloud-services/keys/:id/rotate',
      {
        bodyLimit: 1024,
        schema: { hide: true, params: IdParams, response: { 200: CloudKeyWithSecret } },
      },
      async (request, reply) => {
        const actor = await developer(request);
        const key = await keys.rotate(actor.companyId, request.params.id);
        await log(actor, 'cloud_key.rotated', key._id);
        noStore(reply);
        return key;
      },
    );

    app.patch(
      '/cloud-services/keys/:id',
      {
        bodyLimit: 1024,
        schema: {
          hide: true,
          params: IdParams,
          body: CloudKeyPauseBody,
          response: { 200: CloudKey },
        },
      },
      async (request) => {
        const actor = await developer(request);
        const key = await keys.setPaused(actor.companyId, request.params.id, request.body.paused);
        await log(actor, request.body.paused ? 'cloud_key.paused' : 'cloud_key.resumed', key._id);
        return key;
      },
    );

    app.delete(
      '/cloud-services/keys/:id',
      { schema: { hide: true, params: IdParams, response: { 200: DeletedResource } } },
      async (request) => {
        const actor = await developer(request);
        const result = await keys.revoke(actor.companyId, request.params.id);
        await log(actor, 'cloud_key.revoked', result._id);
        return result;
      },
    );
  };
}
