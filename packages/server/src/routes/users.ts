import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Errors } from '../lib/errors.js';
import { resolvePage } from '../lib/paging.js';
import { identityOf } from '../plugins/app/authentication.js';
import multipart, { LOGO_MAX_BYTES, readMultipart } from '../plugins/external/multipart.js';
import {
  PagingQuery,
  ActivityPage,
  CompanyPatchBody,
  CompanyView,
  LogoMultipartBody,
  RotatedClientSecret,
  RotatedWebhookSecret,
  UsageStats,
  UserView,
} from '@idv/contract';
import { bearerSecurity, documentedBody, errorResponses } from '../lib/route-schemas.js';

/** `/users/me…`: the account, its company settings, logo, usage and activity (Bearer). */
const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.authenticate);
  const tags = ['Company and account'];

  app.get(
    '/users/me',
    {
      schema: {
        tags,
        summary: 'The account, with its credentials',
        security: bearerSecurity,
        response: { 200: UserView, ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return app.services.accounts.me(identityOf(request).userId);
    },
  );

  app.get(
    '/users/me/company',
    {
      schema: {
        tags,
        summary: 'Company settings',
        security: bearerSecurity,
        response: { 200: CompanyView, ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request) => {
      const services = app.services;
      return services.companies.view(await services.companies.get(identityOf(request).companyId));
    },
  );

  app.patch(
    '/users/me/company',
    {
      bodyLimit: 16 * 1024,
      schema: {
        tags,
        summary: 'Update company settings',
        description:
          'Windows are in hours and capped by the plan. `gateRules` is never accepted (400). ' +
          '`verificationConfig.documentTypes`: the default document types of new links (non-empty, each once).',
        security: bearerSecurity,
        body: CompanyPatchBody,
        response: { 200: CompanyView, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      const identity = identityOf(request);
      const services = app.services;
      const company = await services.companies.update(identity.companyId, request.body);
      await services.activity.record({
        companyId: identity.companyId,
        userId: identity.userId,
        action: 'company.updated',
        resource: 'company',
        resourceId: identity.companyId,
        ip: request.ip,
      });
      return services.companies.view(company);
    },
  );

  app.post(
    '/users/me/client-secret',
    {
      bodyLimit: 1024,
      schema: {
        tags,
        summary: 'Rotate the client secret (revokes every access token of the client)',
        description:
          'No body. Answers the client id and the new secret, shown this once (`GET /users/me` shows it again). The old ' +
          'secret stops working at once, and so does every access token of the client, the one of this call included: ' +
          'this process refuses them at once, every other server process within 1 second. Request a new token with the ' +
          'new secret. Also `idv-server account rotate-secret --client-id ID`.',
        security: bearerSecurity,
        response: {
          200: RotatedClientSecret,
          ...errorResponses(401, 403, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const identity = identityOf(request);
      const rotated = await app.services.accounts.rotateClientSecret(identity.userId);
      app.services.tokens.forgetClient(identity.userId);
      await app.services.activity.record({
        companyId: identity.companyId,
        userId: identity.userId,
        action: 'client_secret.rotated',
        resource: 'user',
        resourceId: identity.userId,
        ip: request.ip,
      });
      reply.header('cache-control', 'no-store');
      return { clientId: rotated.clientId, clientSecret: rotated.clientSecret };
    },
  );

  app.patch(
    '/users/me/webhook-secret',
    {
      bodyLimit: 1024,
      schema: {
        tags,
        summary: 'Rotate the webhook signing secret',
        description: 'No body. The new secret signs every delivery from now on.',
        security: bearerSecurity,
        response: {
          200: RotatedWebhookSecret,
          ...errorResponses(401, 403, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const identity = identityOf(request);
      const webhookSecret = await app.services.accounts.rotateWebhookSecret(identity.userId);
      await app.services.activity.record({
        companyId: identity.companyId,
        userId: identity.userId,
        action: 'webhook_secret.rotated',
        resource: 'user',
        resourceId: identity.userId,
        ip: request.ip,
      });
      reply.header('cache-control', 'no-store');
      return { webhookSecret };
    },
  );

  // Multipart parsing, and the hooks it adds to every request of its context, only here.
  await app.register(async (uploads) => {
    await uploads.register(multipart);
    uploads.post(
      '/users/me/company/logo',
      {
        config: {
          ...documentedBody({ 'multipart/form-data': LogoMultipartBody }),
        },
        schema: {
          tags,
          summary: 'Upload the company logo',
          description:
            'multipart/form-data with one file field (`logo`): a JPEG, PNG or WebP image of at most 2 MB. It is decoded and ' +
            'stored re-encoded as PNG (at most 512×512); the public address is `logoUrl` of the company.',
          security: bearerSecurity,
          consumes: ['multipart/form-data'],
          response: { 200: CompanyView, ...errorResponses(400, 401, 403, 413, 415, 429) },
        },
      },
      async (request) => {
        const identity = identityOf(request);
        if (!request.isMultipart())
          throw Errors.unsupportedMediaType('logo upload must be multipart/form-data');
        const bytes = await readMultipart(async () => {
          const file = await request.file({ limits: { fileSize: LOGO_MAX_BYTES } });
          if (file === undefined)
            throw Errors.badRequest('multipart body must contain one file field (logo)');
          return file.toBuffer();
        });
        const services = app.services;
        await services.logos.upload(identity.companyId, identity.userId, bytes, request.ip);
        return services.companies.view(await services.companies.get(identity.companyId));
      },
    );
  });

  app.get(
    '/users/me/stats',
    {
      schema: {
        tags,
        summary: 'Usage of the current calendar month (UTC)',
        security: bearerSecurity,
        response: { 200: UsageStats, ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request) => app.services.stats.current(identityOf(request).companyId),
  );

  app.get(
    '/users/me/logs',
    {
      schema: {
        tags,
        summary: 'Activity log, newest first',
        description:
          'Paged with `page` and `size` (size above 100, absent, zero or negative is 100).',
        security: bearerSecurity,
        querystring: PagingQuery,
        response: { 200: ActivityPage, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const page = resolvePage(request.query.size, request.query.page);
      if (page === undefined) throw Errors.badRequest('page and size must be integers');
      return app.services.activity.page(identityOf(request).companyId, page);
    },
  );
};

export default userRoutes;
