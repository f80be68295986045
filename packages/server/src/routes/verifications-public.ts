import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Errors } from '../lib/errors.js';
import { perAddressLimit } from '../plugins/external/rate-limit-ip.js';
import {
  ErrorReportBody,
  GeolocationBody,
  IdentifyBody,
  IdParams,
  PublicVerificationView,
  StatusAnswer,
  StatusQuery,
  StatusWithOperation,
} from '@idv/contract';
import { DEVICE_RATE_LIMIT } from '../lib/device-rate-limit.js';
import { errorResponses } from '../lib/route-schemas.js';

/** Fields the server derives; a client sending them gets a 400 naming the field. */
const SERVER_DERIVED_FIELDS = ['tier', 'policy', 'ipDistanceKm', 'serverIp'] as const;

/** Per-verification budget of the status poll (DESIGN §4). */
const POLLS_PER_MINUTE = 600;

/**
 * Per-IP budget of `PATCH /verifications/identify`, below the device budget: every call is a guess
 * at an identifier (its `method` answer tells whether that person verified before), and a person
 * needs at most 1 + `MAX_IDENTIFY_CORRECTIONS` calls per verification.
 */
export const IDENTIFY_REQUESTS_PER_MINUTE = 30;

/** Public endpoints called by the person's device and by integrators polling status (no token). */
const publicVerificationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['Public flow'];

  app.get(
    '/verifications/:id/status',
    {
      config: {
        rateLimit: {
          max: POLLS_PER_MINUTE,
          timeWindow: 60_000,
          keyGenerator: (request) => `verification:${(request.params as { id: string }).id}`,
        },
      },
      // Beside the per-verification budget: per client address, so one caller cannot poll
      // thousands of verifications (IDV_STATUS_POLL_IP_LIMIT a minute).
      preHandler: perAddressLimit(app, 'status-poll', app.config.statusPollsPerIp),
      schema: {
        tags: ['Status poll'],
        summary: 'Public status poll',
        description:
          'Requires `linkId` (403 when missing, not matching, or the verification is unknown). Without `include` the answer ' +
          'is a bare JSON string; with `include=operationGuid` an object `{status, operationGuid, method}`.',
        params: IdParams,
        querystring: StatusQuery,
        response: {
          200: StatusAnswer,
          ...errorResponses(400, 403, 429),
        },
      },
    },
    async (request, reply) => {
      const result = await app.services.verifications.pollStatus(
        request.params.id,
        request.query.linkId,
      );
      reply.header('cache-control', 'no-store');
      if (request.query.include === 'operationGuid') return result;
      // A bare JSON string: Fastify would send a returned string as text/plain, unquoted.
      return reply
        .type('application/json; charset=utf-8')
        .send(JSON.stringify(result.status) as never);
    },
  );

  app.patch(
    '/verifications',
    {
      bodyLimit: 8 * 1024,
      config: { rateLimit: DEVICE_RATE_LIMIT },
      preValidation: async (request) => {
        const geolocation = (request.body as { geolocation?: unknown } | undefined)?.geolocation;
        if (typeof geolocation !== 'object' || geolocation === null) return;
        const sent = SERVER_DERIVED_FIELDS.find((field) => Object.hasOwn(geolocation, field));
        if (sent !== undefined)
          throw Errors.badRequest(
            `geolocation.${sent} is derived by the server and must not be sent`,
          );
      },
      schema: {
        tags,
        summary: 'Report the geolocation of the person',
        description:
          'Every location field sits inside `geolocation`. 400 when `tier`, `policy`, `ipDistanceKm` or `serverIp` is sent, ' +
          'when `source` is gps/wifi/cell without both device coordinates, or when `capturedAt` is more than 24 h from the server clock.',
        body: GeolocationBody,
        response: { 200: PublicVerificationView, ...errorResponses(400, 404, 409, 429) },
      },
    },
    async (request) =>
      app.services.verifications.reportGeolocation(
        request.body.verificationId,
        request.body.geolocation,
        request.ip,
      ),
  );

  app.patch(
    '/verifications/error',
    {
      bodyLimit: 8 * 1024,
      config: { rateLimit: DEVICE_RATE_LIMIT },
      schema: {
        tags,
        summary: 'Report a client-side error',
        body: ErrorReportBody,
        response: { 200: PublicVerificationView, ...errorResponses(400, 404, 409, 429) },
      },
    },
    async (request) =>
      app.services.verifications.reportClientError(
        request.body.verificationId,
        request.body.errorCode,
        request.body.errorMessage,
      ),
  );

  app.patch(
    '/verifications/identify',
    {
      bodyLimit: 4 * 1024,
      config: { rateLimit: { max: IDENTIFY_REQUESTS_PER_MINUTE, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: 'Identify the person by e-mail (adaptive flow)',
        description:
          'Only for an adaptive link: backfills the link `externalUserId` (source `identify`) and re-resolves the branch. ' +
          'Same e-mail again: no-op. An identifier set by the API at link creation is never overwritten (409 ' +
          '`identifierAlreadyBound`). A link that is not adaptive answers 409 `identifyNotApplicable` and nothing changes. ' +
          'An identifier set here can be corrected 5 times; then 409 `identifyCorrectionsExhausted`. Limited to 30 calls ' +
          'a minute per IP address (429 with `Retry-After`).',
        body: IdentifyBody,
        response: { 200: StatusWithOperation, ...errorResponses(400, 404, 409, 429) },
      },
    },
    async (request) =>
      app.services.verifications.identify(request.body.verificationId, request.body.email),
  );
};

export default publicVerificationRoutes;
