import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  IdParams,
  PortalInvitationSent,
  PortalInviteBody,
  PortalRoleBody,
  PortalTeamMember,
} from '@idv/contract';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { PortalServices } from './portal-services.js';
import { allowed } from './session-hook.js';
import type { TeamActor } from './team.js';

/**
 * The Team screen's API: list, invite by e-mail, re-send an invitation, change a role, remove
 * (owners and admins).
 */
export function teamRoutes(portal: PortalServices): FastifyPluginAsyncTypebox {
  return async (app) => {
    /** The signed-in administrator, as the team rules and the activity log need them. */
    function actor(request: FastifyRequest): TeamActor {
      const { member, companyName } = allowed(request, 'team:manage');
      return {
        companyId: member.companyId,
        memberId: member.id,
        email: member.email,
        role: member.role,
        companyName,
        ip: request.ip,
      };
    }

    app.get(
      '/team',
      { schema: { hide: true, response: { 200: Type.Array(PortalTeamMember) } } },
      async (request) => portal.team.list(actor(request).companyId),
    );

    app.post(
      '/team',
      {
        bodyLimit: 4096,
        schema: { hide: true, body: PortalInviteBody, response: { 202: PortalInvitationSent } },
      },
      // 202 and the address only, whoever it belongs to: the answer never tells an address that
      // has an account with another company from a new one.
      async (request, reply) =>
        reply
          .code(202)
          .send(await portal.team.invite(actor(request), request.body.email, request.body.role)),
    );

    app.post(
      '/team/:id/invitation',
      {
        bodyLimit: 1024,
        schema: { hide: true, params: IdParams, response: { 202: PortalInvitationSent } },
      },
      async (request, reply) =>
        reply.code(202).send(await portal.team.resendInvitation(actor(request), request.params.id)),
    );

    app.patch(
      '/team/:id',
      { bodyLimit: 1024, schema: { hide: true, params: IdParams, body: PortalRoleBody } },
      async (request, reply) => {
        await portal.team.changeRole(actor(request), request.params.id, request.body.role);
        return reply.code(204).send();
      },
    );

    app.delete(
      '/team/:id',
      { schema: { hide: true, params: IdParams } },
      async (request, reply) => {
        await portal.team.remove(actor(request), request.params.id);
        return reply.code(204).send();
      },
    );
  };
}
