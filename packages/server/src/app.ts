import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, {
  type FastifyInstance,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import type { DestinationStream } from 'pino';
import type { ServerConfig } from './config.js';
import type { Clock } from './lib/clock.js';
import { redactUrlForLog } from './lib/log-redaction.js';
import { installRequestIdHeader, requestIdOf } from './lib/request-id.js';
import authentication from './plugins/app/authentication.js';
import { installErrorHandling } from './plugins/app/error-handler.js';
import { installJsonParser, JSON_BODY_LIMIT } from './plugins/app/json-body.js';
import { deferredRequestLogger } from './plugins/app/request-logger.js';
import servicesPlugin from './plugins/app/services.js';
import { formatValidationErrors, installValidators } from './plugins/app/validation.js';
import rateLimit from './plugins/external/rate-limit.js';
import staticPages from './plugins/external/static-pages.js';
import swagger from './plugins/external/swagger.js';
import portal from './portal/plugin.js';
import apiRoutes from './routes/index.js';
import type { PaymentProvider } from './services/billing/payment-provider.js';
import { createServices, type AppServices } from './services/index.js';

/** The API prefix: `{base_url}` of the spec ends with it. */
export const API_PREFIX = '/api/v1';

/** Paths whose values never reach a log line. */
const SECRET_KEYS = [
  'clientSecret',
  'client_secret',
  'webhookSecret',
  'secret',
  'access_token',
  'accessToken',
  'token',
  'sessionToken',
  'handoffToken',
  'password',
  // A link id opens the person's flow: a capability like the tokens above.
  'linkId',
];
export const REDACTED_LOG_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-flow-session"]',
  'req.headers["api-key"]',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  ...SECRET_KEYS,
  ...SECRET_KEYS.map((key) => `*.${key}`),
];

/** How `buildApp` is told what to run with. */
export interface BuildAppOptions {
  config: ServerConfig;
  /** Prebuilt services (the caller then owns and closes them); otherwise created from `config`. */
  services?: AppServices;
  /** Injected time source (tests move it instead of sleeping). */
  clock?: Clock;
  paymentProvider?: PaymentProvider;
  /** `false` silences the log; a stream captures it (tests). Defaults to stdout at `config.logLevel`. */
  logger?: false | { stream?: DestinationStream; level?: string };
}

/** A request as logged: Fastify's usual fields, with capabilities (link ids, tokens) cut out of the URL. */
function requestForLog(request: FastifyRequest) {
  // Anything else logged under `req` (not a request) is left to the redaction paths.
  if (typeof request?.url !== 'string') return request;
  return {
    method: request.method,
    url: redactUrlForLog(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

function loggerOptions(options: BuildAppOptions): FastifyServerOptions['logger'] {
  if (options.logger === false) return false;
  return {
    level: options.logger?.level ?? options.config.logLevel,
    redact: { paths: REDACTED_LOG_PATHS, censor: '[redacted]' },
    serializers: { req: requestForLog as never },
    ...(options.logger?.stream !== undefined ? { stream: options.logger.stream } : {}),
  };
}

/**
 * Builds the verification service as a Fastify app (not listening): external plugins, the app's
 * services as decorators, then the routes under `/api/v1`. Tests call it directly and use
 * `app.inject`; `server.ts` only adds `listen`.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: loggerOptions(options),
    bodyLimit: JSON_BODY_LIMIT,
    // A hop count as proxy-addr reads a number: the first `n` hops from this server are proxies.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    // The caller's well-formed X-Request-Id, else a UUID; answered on every response.
    requestIdHeader: false,
    genReqId: requestIdOf,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    schemaErrorFormatter: formatValidationErrors,
    routerOptions: { maxParamLength: 200 },
  }).withTypeProvider<TypeBoxTypeProvider>();

  // Each request's child logger is built only when it writes (none at the default level).
  app.setChildLoggerFactory(deferredRequestLogger);
  for (const warning of config.warnings) app.log.warn(warning);
  installRequestIdHeader(app);
  installValidators(app);
  installJsonParser(app);
  installErrorHandling(app);

  const owned = options.services === undefined;
  const services =
    options.services ??
    (await createServices({
      config,
      clock: options.clock,
      paymentProvider: options.paymentProvider,
      onBackgroundError: (error) => app.log.error({ err: error }, 'background task failed'),
    }));
  try {
    await app.register(servicesPlugin, { services, closeOnShutdown: owned });
    await app.register(authentication);
    await app.register(rateLimit);
    await app.register(swagger);
    await app.register(staticPages);
    await app.register(portal);
    await app.register(apiRoutes, { prefix: API_PREFIX });
    await app.ready();
  } catch (error) {
    if (owned) await services.close();
    throw error;
  }
  return app;
}
