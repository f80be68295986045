import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { identityOf } from '../plugins/app/authentication.js';
import { clientKey } from '../plugins/external/rate-limit.js';
import { ContactRequest, ContactRequestBody } from '@idv/contract';
import { bearerSecurity, errorResponses } from '../lib/route-schemas.js';

/** Contact requests per company and minute (DESIGN §4). */
const CONTACT_REQUESTS_PER_MINUTE = 5;

/** `/service/contact-request`: commercial contact, idempotent per company and rate limited (Bearer). */
const serviceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.post(
    '/service/contact-request',
    {
      bodyLimit: 8 * 1024,
      config: {
        rateLimit: {
          max: CONTACT_REQUESTS_PER_MINUTE,
          timeWindow: 60_000,
          keyGenerator: clientKey,
        },
      },
      // Every field is optional, so no body at all is an empty request.
      preValidation: async (request) => {
        if (request.body === undefined || request.body === null) {
          (request as { body: unknown }).body = {};
        }
      },
      schema: {
        tags: ['Other account endpoints'],
        summary: 'Ask sales to get in touch',
        description:
          'First call 201, later calls 200 with the existing request. Company, plan and quota come from the session. ' +
          `Rate limited (${CONTACT_REQUESTS_PER_MINUTE}/min per company, 429 with Retry-After).`,
        security: bearerSecurity,
        body: ContactRequestBody,
        response: {
          200: ContactRequest,
          201: ContactRequest,
          ...errorResponses(400, 401, 403, 429),
        },
      },
    },
    async (request, reply) => {
      const identity = identityOf(request);
      const result = await app.services.contactRequests.submit(
        identity.companyId,
        identity.userId,
        request.body,
        request.ip,
      );
      return reply.code(result.created ? 201 : 200).send(result.request);
    },
  );
};

export default serviceRoutes;
