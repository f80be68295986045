import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CompanyPatchBody, CompanyView } from '@idv/contract';
import { Errors } from '../lib/errors.js';
import multipart, { LOGO_MAX_BYTES, readMultipart } from '../plugins/external/multipart.js';
import { allowed } from './session-hook.js';

/**
 * The Company screen's API: the company's settings as `GET /users/me/company` answers them, and
 * their change through the same `CompanyService.update` (its validation and plan rules: windows
 * within the plan's maxima, branding beyond the name only on Premium and Pro), and the logo through
 * the `LogoService` of `POST /users/me/company/logo` (decoded, re-encoded as PNG; JPEG, PNG or
 * WebP of at most 2 MB; SVG refused; not on Basic), which this screen may also remove. Owners and
 * admins only; each change is in the activity log with the signed-in person and their address.
 */
export const companyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { companies, activity, logos } = app.services;

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

  // Multipart parsing, and the hooks it adds to every request of its context, only for the logo.
  await app.register(async (uploads) => {
    await uploads.register(multipart);
    uploads.post(
      '/company/logo',
      { schema: { hide: true, response: { 200: CompanyView } } },
      async (request) => {
        const { member } = allowed(request, 'company:manage');
        if (!request.isMultipart())
          throw Errors.unsupportedMediaType('logo upload must be multipart/form-data');
        const bytes = await readMultipart(async () => {
          const file = await request.file({ limits: { fileSize: LOGO_MAX_BYTES } });
          if (file === undefined)
            throw Errors.badRequest('multipart body must contain one file field (logo)');
          return file.toBuffer();
        });
        await logos.upload(member.companyId, member.id, bytes, request.ip);
        return companies.view(await companies.get(member.companyId));
      },
    );
  });

  app.delete(
    '/company/logo',
    { schema: { hide: true, response: { 200: CompanyView } } },
    async (request) => {
      const { member } = allowed(request, 'company:manage');
      if (!(await logos.remove(member.companyId, member.id, request.ip)))
        throw Errors.notFound('logo');
      return companies.view(await companies.get(member.companyId));
    },
  );
};
