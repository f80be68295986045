import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CreatedLink,
  IdParams,
  PagingQuery,
  PortalLinkItem,
  PortalLinkMailBody,
  PortalNewLinkBody,
} from '@idv/contract';
import { Type } from 'typebox';
import { Errors } from '../lib/errors.js';
import { resolvePage } from '../lib/paging.js';
import { LinkMail } from './link-mail.js';
import { allowed } from './session-hook.js';

/**
 * Links: create one (the REST API's service: quota, windows, activity log), list them, and e-mail
 * one to the person (rate-limited, activity-logged).
 */
export const linkRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { services } = app;
  const mail = new LinkMail(services);
  const linkUrl = (linkId: string) => `${app.config.publicAppUrl}/v/${linkId}`;

  app.post(
    '/links',
    {
      bodyLimit: 4096,
      schema: { hide: true, body: PortalNewLinkBody, response: { 201: CreatedLink } },
    },
    async (request, reply) => {
      const { member } = allowed(request, 'links:create');
      const created = await services.links.create(
        member.companyId,
        member.id,
        request.body,
        request.ip,
      );
      return reply.code(201).send(created);
    },
  );

  app.post(
    '/links/:id/email',
    {
      bodyLimit: 1024,
      schema: {
        hide: true,
        params: IdParams,
        body: PortalLinkMailBody,
        response: { 204: Type.Null() },
      },
    },
    async (request, reply) => {
      const { member } = allowed(request, 'links:create');
      await mail.send(
        { companyId: member.companyId, memberId: member.id, ip: request.ip },
        request.params.id,
        request.body.email,
      );
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/links',
    {
      schema: {
        hide: true,
        querystring: PagingQuery,
        response: { 200: Type.Array(PortalLinkItem) },
      },
    },
    async (request) => {
      const { member } = allowed(request, 'verifications:read');
      const page = resolvePage(request.query.size ?? 25, request.query.page);
      if (page === undefined) throw Errors.badRequest('page and size must be integers');
      const links = await services.links.list(member.companyId, page);
      return links.map((link) => ({
        _id: link._id,
        verificationId: link.verificationId,
        type: link.type,
        active: link.active,
        externalUserId: link.externalUserId ?? null,
        linkUrl: linkUrl(link._id),
        createdAt: link.createdAt,
        expiresAt: link.expiresAt,
      }));
    },
  );
};
