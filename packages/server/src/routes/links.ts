import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Errors } from '../lib/errors.js';
import { resolvePage } from '../lib/paging.js';
import { identityOf } from '../plugins/app/authentication.js';
import {
  IdParams,
  PagingQuery,
  CreatedLink,
  LinkList,
  LinkRecord,
  NewLinkBody,
} from '@idv/contract';
import { bearerSecurity, errorResponses } from '../lib/route-schemas.js';

/** Largest serialized `metadata` (bytes). */
const METADATA_MAX_BYTES = 4096;

/** `/links`: create and read links (Bearer). */
const linkRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.post(
    '/links',
    {
      bodyLimit: 16 * 1024,
      schema: {
        tags: ['Links'],
        summary: 'Create a single-use verification link',
        description:
          'Consumes one verification of the monthly quota (422 when used up). `adaptiveFlow` is tri-state: omitted follows ' +
          'the company setting, true/false force it; it has effect only with `externalUserId`. `documentTypes` (a ' +
          'non-empty list of `ID_CARD`, `PASSPORT`, each once) restricts the documents the person may show; omitted, ' +
          "the company's default (`verificationConfig.documentTypes`) applies; a single type skips the choice.",
        security: bearerSecurity,
        body: NewLinkBody,
        response: { 201: CreatedLink, ...errorResponses(400, 401, 403, 422, 429) },
      },
    },
    async (request, reply) => {
      const identity = identityOf(request);
      if (
        request.body.metadata !== undefined &&
        Buffer.byteLength(JSON.stringify(request.body.metadata)) > METADATA_MAX_BYTES
      ) {
        throw Errors.badRequest(`metadata must serialize to at most ${METADATA_MAX_BYTES} bytes`);
      }
      const created = await app.services.links.create(
        identity.companyId,
        identity.userId,
        request.body,
        request.ip,
      );
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/links',
    {
      schema: {
        tags: ['Links'],
        summary: 'List links, newest first',
        description: 'One page (`page`, `size`; size above 100, absent, zero or negative is 100).',
        security: bearerSecurity,
        querystring: PagingQuery,
        response: { 200: LinkList, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const page = resolvePage(request.query.size, request.query.page);
      if (page === undefined) throw Errors.badRequest('page and size must be integers');
      return app.services.links.list(identityOf(request).companyId, page);
    },
  );

  app.get(
    '/links/:id',
    {
      schema: {
        tags: ['Links'],
        summary: 'Read one link',
        security: bearerSecurity,
        params: IdParams,
        response: { 200: LinkRecord, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => app.services.links.get(identityOf(request).companyId, request.params.id),
  );
};

export default linkRoutes;
