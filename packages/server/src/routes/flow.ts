import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { HandoffTokenRefused } from '../lib/errors.js';
import {
  LinkErrorResponse,
  CreatedFlowSession,
  DocumentTypeBody,
  FlowSession,
  FlowSessionHeaders,
  ForwardedFingerprint,
  HandoffTicket,
  NoContent,
  OpenSessionBody,
  TermsBody,
} from '@idv/contract';
import { documentedBody, errorResponses } from '../lib/route-schemas.js';
import flowSession, { flowVerificationOf } from '../plugins/app/flow-session.js';
import flowCaptureRoutes from './flow-captures.js';
import { DEVICE_RATE_LIMIT } from '../lib/device-rate-limit.js';

/** Largest forwarded fingerprint body (a genuine one is a few KB). */
const FINGERPRINT_BODY_LIMIT = 64 * 1024;

/**
 * The device-facing flow API (DESIGN §5), without Bearer: `POST /flow/sessions` opens (or takes
 * over) the session of a link; every other call carries `X-Flow-Session` (401 when missing or
 * unknown; the `flow-session` plugin). Captures are in `flow-captures.ts`.
 */
const flowRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['Flow (device)'];

  app.post(
    '/flow/sessions',
    {
      bodyLimit: 4 * 1024,
      config: { rateLimit: DEVICE_RATE_LIMIT },
      schema: {
        tags,
        summary: 'Open the flow of a link on this device',
        description:
          'Binds the link to this device and answers the session with its `sessionToken` (send it as `X-Flow-Session`). ' +
          'The first open moves the verification from `pending` to `started` (event `verification.started`). Another device ' +
          'gets 409 `LinkAlreadyUsed` unless it brings the one-time `handoffToken` of `POST /flow/handoff`, which moves the ' +
          'session to it. 404 unknown link; 409 `LinkExpired` past the link window, `LinkAlreadyUsed` once spent. ' +
          'A wrong `handoffToken` counts as a failed authentication of the address: past `IDV_AUTH_FAILURE_LIMIT` ' +
          'failures in 10 minutes, calls with a `handoffToken` from that address answer 429 with `Retry-After`.',
        body: OpenSessionBody,
        response: {
          201: CreatedFlowSession,
          409: LinkErrorResponse,
          ...errorResponses(400, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const { handoffToken } = request.body;
      // A hand-off token is a credential: a wrong one counts as a failed authentication of the
      // address, and an address over its budget is refused even with the right one. Opening a
      // link without a token authenticates nothing and is not limited here.
      if (handoffToken !== undefined) app.services.authFailures.check(request.ip);
      let opened;
      try {
        opened = await app.services.flowSessions.open(request.body.linkId, handoffToken);
      } catch (error) {
        if (error instanceof HandoffTokenRefused)
          throw await app.services.authFailures.fail(request.ip, error);
        throw error;
      }
      const { sessionToken, session } = opened;
      reply.header('cache-control', 'no-store');
      return reply.code(201).send({ ...session, sessionToken });
    },
  );

  await app.register(async (authenticated) => {
    await authenticated.register(flowSession);

    authenticated.get(
      '/flow/session',
      {
        config: { rateLimit: DEVICE_RATE_LIMIT },
        schema: {
          tags,
          summary: 'The session (resume after a reload)',
          headers: FlowSessionHeaders,
          response: { 200: FlowSession, ...errorResponses(401, 410, 429) },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return app.services.flowSessions.view(flowVerificationOf(request));
      },
    );

    authenticated.post(
      '/flow/terms',
      {
        bodyLimit: 1024,
        config: { rateLimit: DEVICE_RATE_LIMIT },
        schema: {
          tags,
          summary: 'Accept the terms',
          description: 'Captures answer 409 until the terms are accepted.',
          headers: FlowSessionHeaders,
          body: TermsBody,
          response: { 200: FlowSession, ...errorResponses(400, 401, 409, 410, 429) },
        },
      },
      async (request) => app.services.flowSessions.acceptTerms(flowVerificationOf(request)),
    );

    authenticated.post(
      '/flow/document-type',
      {
        bodyLimit: 1024,
        config: { rateLimit: DEVICE_RATE_LIMIT },
        schema: {
          tags,
          summary: 'Choose the document type',
          description:
            'The document the person shows (DESIGN §9), before the first capture: `ID_CARD` (TD1/TD2 cards, residence ' +
            'permits included: `front` and `back`) or `PASSPORT` (the TD3 data page: the `front` capture alone, no `back`). ' +
            "The session's `requiredCaptures` follow the choice. It may change until a capture is accepted; 409 afterwards " +
            '(choosing the type in force again answers the session), 409 for a type the link does not allow ' +
            '(`documentTypes`), 400 for an unknown value. A front sent without a choice is taken as `ID_CARD`.',
          headers: FlowSessionHeaders,
          body: DocumentTypeBody,
          response: { 200: FlowSession, ...errorResponses(400, 401, 409, 410, 429) },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return app.services.flowSessions.chooseDocumentType(
          flowVerificationOf(request),
          // Checked by the schema (this scope has no type provider).
          (request.body as DocumentTypeBody).documentType,
        );
      },
    );

    authenticated.post(
      '/flow/handoff',
      {
        bodyLimit: 1024,
        config: { rateLimit: DEVICE_RATE_LIMIT },
        schema: {
          tags,
          summary: 'A one-time hand-off to another device',
          description:
            '`handoffUrl` (`{IDV_PUBLIC_APP_URL}/v/{linkId}?handoff={token}`, shown as a QR code) opens the flow on another ' +
            "device, which takes the session over; this device's token then stops working. Valid 10 minutes, once; a new " +
            'hand-off replaces the previous one.',
          headers: FlowSessionHeaders,
          response: { 200: HandoffTicket, ...errorResponses(401, 409, 410, 429) },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return app.services.flowSessions.handoff(flowVerificationOf(request));
      },
    );

    await authenticated.register(flowCaptureRoutes);

    await authenticated.register(async (raw) => {
      // The signature covers the exact bytes: keep the body as received.
      raw.removeContentTypeParser('application/json');
      raw.addContentTypeParser(
        'application/json',
        { parseAs: 'buffer', bodyLimit: FINGERPRINT_BODY_LIMIT },
        (_request, body, done) => done(null, body),
      );
      raw.post(
        '/flow/fingerprint',
        {
          bodyLimit: FINGERPRINT_BODY_LIMIT,
          config: {
            rateLimit: DEVICE_RATE_LIMIT,
            // Read as raw bytes (the signature covers them), so documented here, not validated.
            ...documentedBody({ 'application/json': ForwardedFingerprint }),
          },
          schema: {
            tags,
            summary: 'Forward the connection fingerprint',
            description:
              'The raw answer of the fingerprint service (`{userData, signature}`, unchanged). The signature is checked with ' +
              "the service's public key and the signals are stored as the verification's `device` (authenticated reads " +
              'only). 400 when it does not verify or is older than 15 minutes; 503 when the fingerprint service is not ' +
              'configured or unreachable.',
            headers: FlowSessionHeaders,
            response: {
              204: NoContent,
              ...errorResponses(400, 401, 409, 410, 413, 415, 429, 503),
            },
          },
        },
        async (request, reply) => {
          const verificationId = flowVerificationOf(request);
          await app.services.flowSessions.openVerification(verificationId);
          await app.services.fingerprints.record(verificationId, request.body as Buffer);
          return reply.code(204).send();
        },
      );
    });
  });
};

export default flowRoutes;
