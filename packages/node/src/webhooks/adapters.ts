/**
 * Webhook receivers for Express, Fastify and a plain Fetch `Request` (edge runtimes, Next.js
 * route handlers, Hono, Deno). Each reads the raw body, verifies it with {@link verifyWebhook},
 * and hands the event to your code. Typed structurally: neither framework is a dependency.
 *
 * @packageDocumentation
 */
import {
  rawBytes,
  verifyWebhook,
  WebhookVerificationError,
  type VerifiedWebhook,
  type VerifyWebhookOptions,
} from './verify.js';

/** Largest body a receiver reads from a stream (a genuine event is a few KiB). */
export const MAX_WEBHOOK_BODY_BYTES = 1024 * 1024;

/** Settings shared by the receivers. */
export interface WebhookReceiverOptions extends VerifyWebhookOptions {
  /** The account's `webhookSecret` (`GET /users/me`). */
  secret: string;
  /**
   * Handles one verified delivery. Resolve once the event is safely recorded: the receiver then
   * answers 204. A rejection answers 500, so the service tries again (up to 3 attempts): make
   * the handler idempotent (deliveries can repeat; `webhook.id` is stable across attempts).
   */
  onEvent: (webhook: VerifiedWebhook) => unknown;
}

/** The HTTP status for a refused delivery: 401 for a signature problem, 400 for a bad request. */
function refusalStatus(error: WebhookVerificationError): number {
  return error.code === 'invalid_signature' ||
    error.code === 'stale_timestamp' ||
    error.code === 'missing_signature'
    ? 401
    : 400;
}

/**
 * Verifies a delivery given as a Fetch `Request` (reads its body). Throws
 * {@link WebhookVerificationError} when it is refused.
 */
export async function verifyWebhookRequest(
  request: Request,
  secret: string,
  options: VerifyWebhookOptions = {},
): Promise<VerifiedWebhook> {
  const body = new Uint8Array(await request.arrayBuffer());
  return verifyWebhook(body, request.headers, secret, options);
}

/**
 * A Fetch handler `(request) => Response` for edge runtimes and frameworks built on `Request`:
 * 204 after `onEvent`, 401/400 for a refused delivery, 500 when `onEvent` fails.
 *
 * @example
 * ```ts
 * // Next.js app router: app/webhooks/idv/route.ts
 * export const POST = idvWebhookHandler({ secret: process.env.IDV_WEBHOOK_SECRET!, onEvent: record });
 * ```
 */
export function idvWebhookHandler(
  options: WebhookReceiverOptions,
): (request: Request) => Promise<Response> {
  return async (request) => {
    let webhook: VerifiedWebhook;
    try {
      webhook = await verifyWebhookRequest(request, options.secret, options);
    } catch (error) {
      if (!(error instanceof WebhookVerificationError)) throw error;
      return Response.json(
        { error: error.code, message: error.message },
        { status: refusalStatus(error) },
      );
    }
    try {
      await options.onEvent(webhook);
    } catch {
      return Response.json({ error: 'handler_failed' }, { status: 500 });
    }
    return new Response(null, { status: 204 });
  };
}

/** The parts of an Express (or Node `http`) request the receiver uses. */
export interface ExpressLikeRequest extends AsyncIterable<unknown> {
  headers: Record<string, string | string[] | undefined>;
  /** The raw body from `express.raw()`, or undefined to read the stream. */
  body?: unknown;
}

/** The parts of an Express response the receiver uses. */
export interface ExpressLikeResponse {
  status(code: number): ExpressLikeResponse;
  json(body: unknown): unknown;
  end(): unknown;
}

async function readStream(request: AsyncIterable<unknown>): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of request) {
    const bytes =
      typeof chunk === 'string' ? new TextEncoder().encode(chunk) : (chunk as Uint8Array);
    size += bytes.length;
    if (size > MAX_WEBHOOK_BODY_BYTES)
      throw new WebhookVerificationError('invalid_payload', 'the body is larger than 1 MiB');
    chunks.push(bytes);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

/**
 * An Express route handler for deliveries. Mount it with `express.raw({ type: 'application/json' })`
 * (or with no body parser on the route: it then reads the stream itself). A route behind
 * `express.json()` gets a parsed body and answers 400 `parsed_body`, since the signature covers
 * the raw bytes.
 *
 * @example
 * ```ts
 * app.post(
 *   '/webhooks/idv',
 *   express.raw({ type: 'application/json' }),
 *   idvExpressWebhook({ secret: process.env.IDV_WEBHOOK_SECRET!, onEvent: ({ event }) => record(event) }),
 * );
 * ```
 */
export function idvExpressWebhook(
  options: WebhookReceiverOptions,
): (request: ExpressLikeRequest, response: ExpressLikeResponse) => Promise<void> {
  return async (request, response) => {
    let webhook: VerifiedWebhook;
    try {
      const body = request.body === undefined ? await readStream(request) : rawBytes(request.body);
      webhook = await verifyWebhook(body, request.headers, options.secret, options);
    } catch (error) {
      if (!(error instanceof WebhookVerificationError)) throw error;
      response.status(refusalStatus(error)).json({ error: error.code, message: error.message });
      return;
    }
    try {
      await options.onEvent(webhook);
    } catch {
      response.status(500).json({ error: 'handler_failed' });
      return;
    }
    response.status(204).end();
  };
}

/** The parts of a Fastify reply the receiver uses. */
export interface FastifyLikeReply {
  code(status: number): FastifyLikeReply;
  send(payload?: unknown): unknown;
}

/** The parts of a Fastify instance the receiver plugin uses. */
export interface FastifyLikeInstance {
  removeContentTypeParser(contentType: string): unknown;
  addContentTypeParser(
    contentType: string,
    options: { parseAs: 'buffer'; bodyLimit?: number },
    parser: (
      request: unknown,
      body: Uint8Array | string,
      done: (error: Error | null, body?: unknown) => void,
    ) => void,
  ): unknown;
  post(
    path: string,
    handler: (
      request: { body: unknown; headers: Record<string, string | string[] | undefined> },
      reply: FastifyLikeReply,
    ) => Promise<unknown>,
  ): unknown;
}

/** Options of {@link idvWebhookRoutes}. */
export interface FastifyWebhookOptions extends WebhookReceiverOptions {
  /** Path of the receiving route (default `/webhooks/idv`). */
  path?: string;
}

/**
 * A Fastify plugin registering `POST path` as a delivery receiver. JSON bodies reach it as raw
 * bytes: the plugin replaces the JSON parser inside its own (encapsulated) context only, so the
 * rest of your app keeps parsing JSON.
 *
 * @example
 * ```ts
 * await app.register(idvWebhookRoutes, {
 *   path: '/webhooks/idv',
 *   secret: process.env.IDV_WEBHOOK_SECRET!,
 *   onEvent: ({ event }) => record(event),
 * });
 * ```
 */
export async function idvWebhookRoutes(
  app: FastifyLikeInstance,
  options: FastifyWebhookOptions,
): Promise<void> {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: MAX_WEBHOOK_BODY_BYTES },
    (_request, body, done) => done(null, body),
  );
  app.post(options.path ?? '/webhooks/idv', async (request, reply) => {
    let webhook: VerifiedWebhook;
    try {
      webhook = await verifyWebhook(
        request.body as Uint8Array | string,
        request.headers,
        options.secret,
        options,
      );
    } catch (error) {
      if (!(error instanceof WebhookVerificationError)) throw error;
      return reply.code(refusalStatus(error)).send({ error: error.code, message: error.message });
    }
    try {
      await options.onEvent(webhook);
    } catch {
      return reply.code(500).send({ error: 'handler_failed' });
    }
    return reply.code(204).send();
  });
}
