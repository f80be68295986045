import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CompanyPatchBody, CompanyView } from '@idv/contract';
import { allowed } from './session-hook.js';

/**
 * The Company screen's API: the company's settings as `GET /users/me/company` answers them, and
 * their change through the same `CompanyService.update` (its validation and plan rules: windows
 * within the plan's maxima, branding beyond the name only on Premium and Pro). Owners and admins
 * only; each change is in the activity log with the signed-in person and their address.
 */
export const companyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { companies, activity } = app.services;

  app.get(
    '/company',
    { schema: { hide: true, response: { 200: CompanyView } } },
    async (request) => {
      const { member } = allowed(request, 'company:manage');
      return companies.view(await companies.get(member.companyId));
    },
  );

  app.patch(
    '/company',
    {
      bodyLimit: 16 * 1024,
      schema: { hide: true, body: CompanyPatchBody, response: { 200: CompanyView } },
    },
    async (request) => {
      const { member } = allowed(request, 'company:manage');
      const company = await companies.update(member.companyId, request.body);
      await activity.record({
        companyId: member.companyId,
        userId: member.id,
        action: 'company.updated',
        resource: 'company',
        resourceId: member.companyId,
        ip: request.ip,
      });
      return companies.view(company);
    },
  );
};
