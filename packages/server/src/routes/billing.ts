import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { identityOf } from '../plugins/app/authentication.js';
import {
  PaymentMethodBody,
  PaymentMethodResult,
  Subscription,
  SubscriptionParams,
} from '@idv/contract';
import { bearerSecurity, errorResponses } from '../lib/route-schemas.js';

/** `/billing`: payment method and subscription (Bearer). */
const billingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.authenticate);
  const tags = ['Billing'];

  app.post(
    '/billing/paymentMethod',
    {
      bodyLimit: 4 * 1024,
      schema: {
        tags,
        summary: 'Add a payment method and collect unpaid invoices',
        description:
          'Body `{token}` from the payment provider. Works without a prior card; charges every open invoice. With the local test ' +
          'provider (`IDV_PAYMENT_PROVIDER=local-test`): `tok_visa`, `tok_mastercard`, `tok_amex` succeed, `tok_chargeDeclined` ' +
          'answers 402. Each invoice is claimed before it is charged and charged with its id as idempotency key: concurrent or ' +
          'repeated calls charge it once. 503 when no payment provider is configured.',
        security: bearerSecurity,
        body: PaymentMethodBody,
        response: {
          200: PaymentMethodResult,
          ...errorResponses(400, 401, 402, 403, 429, 503),
        },
      },
    },
    async (request) => {
      const identity = identityOf(request);
      return app.services.billing.addPaymentMethod(
        identity.companyId,
        identity.userId,
        request.body.token,
        request.ip,
      );
    },
  );

  app.get(
    '/billing/:idSubscription',
    {
      schema: {
        tags,
        summary: 'Read a subscription',
        description:
          '403 when the subscription belongs to another company; 404 when it does not exist.',
        security: bearerSecurity,
        params: SubscriptionParams,
        response: {
          200: Subscription,
          ...errorResponses(400, 401, 403, 404, 429),
        },
      },
    },
    async (request) =>
      app.services.billing.subscription(
        identityOf(request).companyId,
        request.params.idSubscription,
      ),
  );
};

export default billingRoutes;
