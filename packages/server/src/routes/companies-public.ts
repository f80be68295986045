import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Errors } from '../lib/errors.js';
import { LogoParams, LogoQuery } from '@idv/contract';
import { binaryResponse, errorResponses } from '../lib/route-schemas.js';

/**
 * `GET /companies/{companyId}/logo`: the uploaded logo, public so the verification element can show it
 * (FlowSession `company.logoUrl`). An unknown company and a company without a logo both answer 404.
 */
const publicCompanyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/companies/:companyId/logo',
    {
      schema: {
        tags: ['Public flow'],
        summary: 'Company logo (PNG, public)',
        params: LogoParams,
        querystring: LogoQuery,
        response: {
          200: binaryResponse('image/png', 'The logo (PNG bytes).'),
          ...errorResponses(400, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const logo = await app.services.logos.read(request.params.companyId);
      if (logo === undefined) throw Errors.notFound('logo');
      return reply
        .type(logo.contentType)
        .headers({
          'cache-control': 'public, max-age=300',
          'last-modified': new Date(logo.updatedAt).toUTCString(),
          'x-content-type-options': 'nosniff',
          'content-security-policy': "default-src 'none'",
        })
        .send(logo.bytes);
    },
  );
};

export default publicCompanyRoutes;
