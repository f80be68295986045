import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { PortalBilling } from '@idv/contract';
import { allowed } from './session-hook.js';

/**
 * The Billing screen's API: the plan and this month's usage against its quota (the service of
 * `GET /users/me/stats`) and the company's subscription with its invoices (the service of
 * `GET /billing/{idSubscription}`). Owners and admins; read only (a payment method is added
 * through the REST API with the payment provider's token).
 */
export const billingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { companies, billing, stats } = app.services;

  app.get(
    '/billing',
    { schema: { hide: true, response: { 200: PortalBilling } } },
    async (request) => {
      const { member } = allowed(request, 'billing:read');
      const company = await companies.view(await companies.get(member.companyId));
      return {
        usage: await stats.current(member.companyId),
        subscription:
          company.subscriptionId === null
            ? null
            : await billing.subscription(member.companyId, company.subscriptionId),
      };
    },
  );
};
