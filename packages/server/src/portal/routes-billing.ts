import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { PaymentMethodBody, PaymentMethodResult, PortalBilling } from '@idv/contract';
import { allowed } from './session-hook.js';

/**
 * The Billing screen's API: the plan and this month's usage against its quota (the service of
 * `GET /users/me/stats`), the company's subscription with its invoices (the service of
 * `GET /billing/{idSubscription}`), the payment method in use, and adding one with the payment
 * provider's token through the service of `POST /billing/paymentMethod` (it charges the open
 * invoices; 400 for a token the provider refuses, 402 for a declined charge, 503 when no provider
 * is configured). Owners and admins; an added method is in the activity log with the person.
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
        paymentMethod: await billing.currentPaymentMethod(member.companyId),
        paymentProvider: billing.providerName,
      };
    },
  );

  app.post(
    '/billing/payment-method',
    {
      bodyLimit: 4 * 1024,
      schema: { hide: true, body: PaymentMethodBody, response: { 200: PaymentMethodResult } },
    },
    async (request) => {
      const { member } = allowed(request, 'billing:manage');
      return billing.addPaymentMethod(member.companyId, member.id, request.body.token, request.ip);
    },
  );
};
