import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  FeedbackReason,
  FeedbackView,
  IdParams,
  ImageInfo,
  PortalInboxPage,
  PortalInboxQuery,
  PortalOverrideBody,
  PortalVerificationReview,
  VerificationRecord,
} from '@idv/contract';
import { Type } from 'typebox';
import { sha256Hex } from '../lib/secrets.js';
import type { PortalServices } from './portal-services.js';
import { allowed } from './session-hook.js';

/**
 * The inbox, one verification, its review (readings, selfie, timeline, deliveries, related), its images, and the override (the spec's feedback): each a call
 * of the REST API's services with the session's company, so both follow one set of rules.
 */
export function verificationRoutes(portal: PortalServices): FastifyPluginAsyncTypebox {
  return async (app) => {
    const { services } = app;

    app.get(
      '/verifications',
      {
        schema: {
          hide: true,
          querystring: PortalInboxQuery,
          response: { 200: PortalInboxPage, 304: Type.Null() },
        },
      },
      async (request, reply) => {
        const { member } = allowed(request, 'verifications:read');
        await services.verifications.expireOverdue(member.companyId);
        const page = await portal.inbox.page(member.companyId, request.query);
        // Live arrival is polling with ETag: an unchanged page answers 304 without a body.
        const etag = `"${sha256Hex(JSON.stringify(page)).slice(0, 32)}"`;
        reply.header('etag', etag).header('cache-control', 'private, no-cache');
        if (request.headers['if-none-match'] === etag)
          return reply.code(304).send(undefined as unknown as null);
        return page;
      },
    );

    app.get(
      '/verifications/:id',
      { schema: { hide: true, params: IdParams, response: { 200: VerificationRecord } } },
      async (request) => {
        const { member } = allowed(request, 'verifications:read');
        return services.verifications.record(member.companyId, request.params.id);
      },
    );

    app.get(
      '/verifications/:id/review',
      { schema: { hide: true, params: IdParams, response: { 200: PortalVerificationReview } } },
      async (request) => {
        const { member } = allowed(request, 'verifications:read');
        return portal.review.of(member.companyId, request.params.id);
      },
    );

    app.get(
      '/verifications/:id/images',
      { schema: { hide: true, params: IdParams, response: { 200: Type.Array(ImageInfo) } } },
      async (request) => {
        const { member } = allowed(request, 'verifications:read');
        return services.images.list(member.companyId, request.params.id);
      },
    );

    app.get('/images/:id', { schema: { hide: true, params: IdParams } }, async (request, reply) => {
      const { member } = allowed(request, 'verifications:read');
      const image = await services.images.read(member.companyId, request.params.id);
      return reply
        .type(image.contentType)
        .headers({ 'cache-control': 'private, no-store', 'x-content-type-options': 'nosniff' })
        .send(image.bytes);
    });

    app.get(
      '/feedback-reasons',
      { schema: { hide: true, response: { 200: Type.Array(FeedbackReason) } } },
      async (request) => {
        allowed(request, 'verifications:read');
        return services.verifications.feedbackReasons();
      },
    );

    app.post(
      '/verifications/:id/override',
      {
        bodyLimit: 4096,
        schema: {
          hide: true,
          params: IdParams,
          body: PortalOverrideBody,
          response: { 201: FeedbackView },
        },
      },
      async (request, reply) => {
        const { member } = allowed(request, 'verifications:override');
        const feedback = await services.verifications.applyFeedback(
          member.companyId,
          member.id,
          { verificationId: request.params.id, ...request.body },
          request.ip,
        );
        return reply.code(201).send(feedback);
      },
    );
  };
}
