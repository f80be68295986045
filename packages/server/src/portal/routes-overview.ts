import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { PortalOverview } from '@idv/contract';
import type { PortalServices } from './portal-services.js';
import { allowed } from './session-hook.js';

/** `GET /app/api/overview`: the Overview screen's figures, for everyone who reads results. */
export function overviewRoutes(portal: PortalServices): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/overview',
      { schema: { hide: true, response: { 200: PortalOverview } } },
      async (request) => {
        const { member } = allowed(request, 'verifications:read');
        // Overdue open verifications count as expired, as the inbox and the REST API show them.
        await app.services.verifications.expireOverdue(member.companyId);
        return portal.overview.of(member.companyId);
      },
    );
  };
}
