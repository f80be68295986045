import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Errors } from '../lib/errors.js';
import { resolvePage } from '../lib/paging.js';
import { identityOf } from '../plugins/app/authentication.js';
import {
  FeedbackBody,
  FeedbackReasonList,
  FeedbackView,
  IdParams,
  ImageInfoList,
  RelatedVerificationList,
  VerificationPage,
  VerificationPageParams,
  VerificationRecord,
} from '@idv/contract';
import { binaryResponse, bearerSecurity, errorResponses } from '../lib/route-schemas.js';

/** Authenticated reads of verifications, their images, and manual feedback (Bearer). */
const verificationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.authenticate);
  const tags = ['Verifications'];
  const services = () => app.services;

  app.get(
    '/verifications',
    {
      schema: {
        tags,
        summary: 'The last 100 verifications',
        description: 'Verifications still inside their readable window, newest first.',
        security: bearerSecurity,
        response: { 200: VerificationPage, ...errorResponses(401, 403, 429) },
      },
    },
    async (request) => services().verifications.latest(identityOf(request).companyId),
  );

  app.get(
    '/verifications/last-hour',
    {
      schema: {
        tags,
        summary: 'Verifications created in the last hour',
        description: '`{total, page, data}`; `data` holds at most the newest 100.',
        security: bearerSecurity,
        response: { 200: VerificationPage, ...errorResponses(401, 403, 429) },
      },
    },
    async (request) => services().verifications.lastHour(identityOf(request).companyId),
  );

  app.get(
    '/verifications/:size/:page',
    {
      schema: {
        tags,
        summary: 'One page of verifications',
        description: 'A `size` above 100, zero or negative is served as 100; `page` starts at 1.',
        security: bearerSecurity,
        params: VerificationPageParams,
        response: { 200: VerificationPage, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const page = resolvePage(request.params.size, request.params.page);
      if (page === undefined) throw Errors.badRequest('size and page must be integers');
      return services().verifications.page(identityOf(request).companyId, page);
    },
  );

  app.get(
    '/verifications/:id',
    {
      schema: {
        tags,
        summary: 'Read one verification',
        description: 'Answers 410 after `expiresAt`.',
        security: bearerSecurity,
        params: IdParams,
        response: { 200: VerificationRecord, ...errorResponses(400, 401, 403, 404, 410, 429) },
      },
    },
    async (request) =>
      services().verifications.record(identityOf(request).companyId, request.params.id),
  );

  app.get(
    '/verifications/:id/related',
    {
      schema: {
        tags,
        summary: 'Other verifications of the same externalUserId',
        description: 'Newest first; empty when the anchor link has no `externalUserId`.',
        security: bearerSecurity,
        params: IdParams,
        response: {
          200: RelatedVerificationList,
          ...errorResponses(400, 401, 403, 404, 429),
        },
      },
    },
    async (request) =>
      services().verifications.related(identityOf(request).companyId, request.params.id),
  );

  app.get(
    '/verifications/:id/images',
    {
      schema: {
        tags,
        summary: 'List the images of a verification',
        description: 'Answers 404 after `expiresAt`.',
        security: bearerSecurity,
        params: IdParams,
        response: { 200: ImageInfoList, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => services().images.list(identityOf(request).companyId, request.params.id),
  );

  app.get(
    '/verifications/images/:id',
    {
      schema: {
        tags,
        summary: 'One image (JPEG bytes)',
        description:
          'Ids come from `images.addFront`, `images.addBack`, `images.register`. Answers 404 after `expiresAt`.',
        security: bearerSecurity,
        params: IdParams,
        response: {
          200: binaryResponse('image/jpeg', 'The image (JPEG bytes).'),
          ...errorResponses(400, 401, 403, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const image = await services().images.read(identityOf(request).companyId, request.params.id);
      return reply
        .type(image.contentType)
        .headers({ 'cache-control': 'private, no-store', 'x-content-type-options': 'nosniff' })
        .send(image.bytes);
    },
  );

  app.post(
    '/verifications/feedback',
    {
      bodyLimit: 4 * 1024,
      schema: {
        tags,
        summary: 'Override the automated result',
        description:
          '`overrideStatus` is `success` or `failed`; `reasonId` comes from `/verification-feedback/reasons`.',
        security: bearerSecurity,
        body: FeedbackBody,
        response: { 201: FeedbackView, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const identity = identityOf(request);
      const feedback = await services().verifications.applyFeedback(
        identity.companyId,
        identity.userId,
        request.body,
        request.ip,
      );
      return reply.code(201).send(feedback);
    },
  );

  app.get(
    '/verification-feedback/reasons',
    {
      schema: {
        tags,
        summary: 'Feedback reasons',
        security: bearerSecurity,
        response: {
          200: FeedbackReasonList,
          ...errorResponses(401, 403, 429),
        },
      },
    },
    async () => services().verifications.feedbackReasons(),
  );
};

export default verificationRoutes;
