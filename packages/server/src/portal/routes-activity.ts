import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { PortalActivityPage, PortalActivityQuery } from '@idv/contract';
import { Errors } from '../lib/errors.js';
import { resolvePage } from '../lib/paging.js';
import type { PortalServices } from './portal-services.js';
import { allowed } from './session-hook.js';

/** The activity log screen's API: the company's log, paged and filtered (owners and admins). */
export function activityRoutes(portal: PortalServices): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/activity',
      {
        schema: {
          hide: true,
          querystring: PortalActivityQuery,
          response: { 200: PortalActivityPage },
        },
      },
      async (request) => {
        const { member } = allowed(request, 'activity:read');
        const { page: number, size, actor, action } = request.query;
        const page = resolvePage(size ?? 25, number);
        if (page === undefined) throw Errors.badRequest('page and size must be integers');
        return portal.activity.page(member.companyId, { actor, action }, page);
      },
    );
  };
}
