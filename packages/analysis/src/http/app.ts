import multipart from '@fastify/multipart';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import {
  AnalysisFrontInput,
  AnalysisHealth,
  BackAnalysis,
  BackAnalysisMultipartBody,
  ErrorResponse,
  FaceAnalysis,
  FaceAnalysisMultipartBody,
  FrontAnalysis,
  FrontAnalysisMultipartBody,
  LivenessSignals,
  SpoofAnalysis,
  SpoofAnalysisMultipartBody,
} from '@idv/contract';
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { AnalysisInputError } from '../errors.js';
import { DEFAULT_IMAGE_LIMITS } from '../image/decode.js';
import type { AnalysisEngine, AnalysisService, ApiKeyAuthority } from '../types.js';
import { CallSlots } from './call-slots.js';
import { readMultipart } from './multipart.js';
import { API_KEY_SECURITY, documentedMultipart, registerOpenApi } from './openapi.js';

/** Options of {@link buildAnalysisApp}. */
export interface AnalysisAppOptions {
  engine: AnalysisEngine;
  authority: ApiKeyAuthority;
  /** Largest upload per file, bytes (default 10 MB). */
  maxFileBytes?: number;
  /**
   * Calls running at once (reading their body included) before new ones get 503, checked before a
   * body is buffered (bounds memory; default 4).
   */
  maxConcurrent?: number;
  /** `Retry-After` of a 503, seconds (default 2). */
  retryAfterSeconds?: number;
  /** Fastify logger option (default off). */
  logger?: FastifyServerOptions['logger'];
}

const errorResponses = {
  400: ErrorResponse,
  401: ErrorResponse,
  413: ErrorResponse,
  422: ErrorResponse,
  429: ErrorResponse,
  500: ErrorResponse,
  503: ErrorResponse,
};

/**
 * The OpenAPI side of an analysis route: its multipart body, the `Api-Key` requirement, its answer
 * (a contract schema) and the error statuses it may answer.
 */
function routeOptions(summary: string, description: string, body: TSchema, answer: TSchema) {
  return {
    config: documentedMultipart(body),
    schema: {
      summary,
      description,
      consumes: ['multipart/form-data'],
      security: API_KEY_SECURITY,
      response: { 200: answer, ...errorResponses },
    },
  };
}

function parseJsonField<T>(text: string | undefined, schema: TSchema, name: string): T | undefined {
  if (text === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new AnalysisInputError(
      'IDV_ERR_BAD_REQUEST',
      `The "${name}" field is not valid JSON.`,
      400,
    );
  }
  if (!Value.Check(schema, value))
    throw new AnalysisInputError(
      'IDV_ERR_BAD_REQUEST',
      `The "${name}" field does not match its schema.`,
      400,
    );
  return value as T;
}

/**
 * The analysis HTTP app (Fastify 5): `POST /id/front`, `POST /id/back`, `POST /face/inference`,
 * `POST /antispoofing/inference`, each behind the `Api-Key` header checked by `authority`
 * (401 missing/wrong/paused/revoked, 429 exhausted), plus `GET /health`. Bodies are multipart with
 * per-file size limits; errors use the spec's `{type: 'ErrorResponse', message}`. Request and answer
 * shapes are `@idv/contract`'s; the OpenAPI document is served at `GET /openapi.json`.
 *
 * @example
 * ```ts
 * const app = await buildAnalysisApp({ engine: createAnalysisEngine(), authority: staticKeyAuthority(key) });
 * await app.listen({ port: 0 });
 * ```
 */
export async function buildAnalysisApp(options: AnalysisAppOptions): Promise<FastifyInstance> {
  const { engine, authority } = options;
  const maxFileBytes = options.maxFileBytes ?? DEFAULT_IMAGE_LIMITS.maxBytes;
  const maxConcurrent = options.maxConcurrent ?? 4;
  const app = Fastify({ logger: options.logger ?? false, bodyLimit: 1024 * 1024 });
  await app.register(multipart, {
    limits: {
      fileSize: maxFileBytes,
      files: 10,
      fields: 4,
      fieldSize: 1024 * 1024,
      parts: 16,
      headerPairs: 200,
    },
  });

  await registerOpenApi(app);

  const retryAfterSeconds = options.retryAfterSeconds ?? 2;
  const slots = new CallSlots(maxConcurrent);
  // A call that ends before its handler runs (key or body refused, client gone) frees its slot.
  app.addHook('onResponse', async (request) => slots.release(request));
  app.addHook('onRequestAbort', async (request) => slots.release(request));

  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    if (error instanceof AnalysisInputError)
      return reply.code(error.status).send({ type: 'ErrorResponse', message: error.message });
    const status = error.statusCode ?? 500;
    if (status === 503) reply.header('Retry-After', String(retryAfterSeconds));
    if (status >= 400 && status < 500)
      return reply.code(status).send({ type: 'ErrorResponse', message: error.message });
    request.log.error({ err: error }, 'analysis failed');
    return reply.code(status >= 500 && status < 600 ? status : 500).send({
      type: 'ErrorResponse',
      message: status === 503 ? error.message : 'internal server error',
    });
  });
  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send({ message: 'given resource is not implemented', resource: request.url }),
  );

  /**
   * The first hook of an analysis call: its slot (beyond `maxConcurrent`, 503 with `Retry-After`
   * at once, before the key is asked: a busy refusal is not counted against the key), then its
   * `Api-Key` (401, or 429 for an exhausted key).
   */
  const authorize =
    (service: AnalysisService) => async (request: FastifyRequest, reply: FastifyReply) => {
      if (!slots.take(request)) {
        const error = new Error('The analysis service is busy; retry shortly.') as Error & {
          statusCode: number;
        };
        error.statusCode = 503;
        throw error;
      }
      const header = request.headers['api-key'];
      const decision = await authority.authorize(
        service,
        Array.isArray(header) ? header[0] : header,
      );
      if (!decision.ok) {
        slots.release(request);
        if (decision.status === 429) reply.header('Retry-After', '3600');
        return reply
          .code(decision.status)
          .send({ type: 'ErrorResponse', message: decision.message });
      }
    };

  app.get('/health', { schema: { response: { 200: AnalysisHealth } } }, async () => ({
    status: 'ok' as const,
  }));

  await app.register(
    async (id) => {
      id.addHook('onRequest', authorize('id'));
      id.post(
        '/front',
        routeOptions(
          'Read the front of a document',
          'One `image`: finds, rectifies and reads the document (type, country, fields, portrait crop, MRZ of a passport page).',
          FrontAnalysisMultipartBody,
          FrontAnalysis,
        ),
        async (request) =>
          slots.run(request, async () => {
            const { files } = await readMultipart(request, 'image', 1, 1);
            return engine.analyzeFront(files[0] as Buffer);
          }),
      );
      id.post(
        '/back',
        routeOptions(
          'Read the back of a document',
          'One `image` and optionally `front` (JSON of the front answer): reads the MRZ and barcodes and cross-checks them with the front.',
          BackAnalysisMultipartBody,
          BackAnalysis,
        ),
        async (request) =>
          slots.run(request, async () => {
            const { files, fields } = await readMultipart(request, 'image', 1, 1, ['front']);
            // The engine reads only the front's `fields` and `ocrRaw` (what `AnalysisFrontInput` holds).
            const front = parseJsonField<FrontAnalysis>(
              fields['front'],
              AnalysisFrontInput,
              'front',
            );
            return engine.analyzeBack(files[0] as Buffer, front);
          }),
      );
    },
    { prefix: '/id' },
  );
  await app.register(
    async (face) => {
      face.addHook('onRequest', authorize('face'));
      face.post(
        '/inference',
        routeOptions(
          'Compare faces',
          '2–10 `images` (index 0 the selfie): the face of every image compared with every other, 0–100 (a pair passes at 70).',
          FaceAnalysisMultipartBody,
          FaceAnalysis,
        ),
        async (request) =>
          slots.run(request, async () => {
            const { files } = await readMultipart(request, 'images', 2, 10);
            return engine.compareFaces(files);
          }),
      );
    },
    { prefix: '/face' },
  );
  await app.register(
    async (spoof) => {
      spoof.addHook('onRequest', authorize('antispoofing'));
      spoof.post(
        '/inference',
        routeOptions(
          'Detect spoofing',
          '1–5 selfie `images` and optionally `signals` (JSON `LivenessSignals` measured on the device): whether a present person is shown, and the claimed challenge re-verified.',
          SpoofAnalysisMultipartBody,
          SpoofAnalysis,
        ),
        async (request) =>
          slots.run(request, async () => {
            const { files, fields } = await readMultipart(request, 'images', 1, 5, ['signals']);
            const signals = parseJsonField<LivenessSignals>(
              fields['signals'],
              LivenessSignals,
              'signals',
            );
            return engine.detectSpoof(files, signals);
          }),
      );
    },
    { prefix: '/antispoofing' },
  );
  return app;
}
