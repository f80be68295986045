import type { GeoDatabase } from '../geo/geo-database.js';
import { apiKeyMatches } from './api-key.js';
import type { CorsPolicy } from './cors.js';
import { resolveClientAddress } from '../net/client-address.js';
import { fingerprintReply, type FingerprintRouteDependencies } from './fingerprint-route.js';
import { headerValue } from './received-headers.js';
import { errorReply, jsonReply, type Reply, type RequestView } from './reply.js';
import type { RequestLimiter } from './request-limiter.js';
import type { ServiceVersion } from './service-info.js';

/** Where the service writes operational lines; never given secrets. */
export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

/** Everything the routes need. */
export interface RouteDependencies extends FingerprintRouteDependencies {
  geo: GeoDatabase;
  cors: CorsPolicy;
  apiKey: string | undefined;
  version: ServiceVersion;
  logger: Logger;
  /** Budgets of `GET /` per client address and per connection. */
  limiter: RequestLimiter;
}

const ALLOW = 'GET, OPTIONS';

/**
 * The service's routes: `GET /`, `/version`, `/publicKey`, `/update`, CORS preflights, and
 * `{detail}` errors for everything else. `GET /` answers 429 with `Retry-After` beyond its
 * budgets (see {@link RequestLimiter}). Never throws: an unexpected failure answers 500 with a
 * generic detail (the cause goes to the log only).
 */
export function createRouter(deps: RouteDependencies): (request: RequestView) => Promise<Reply> {
  const publicKeyBody = { publicKey: Buffer.from(deps.signingKey.publicKeyPem).toString('base64') };
  return async (request) => {
    try {
      return await route(request, deps, publicKeyBody);
    } catch (error) {
      deps.logger.error(`request failed: ${(error as Error).message}`);
      return errorReply(500, 'Internal error');
    }
  };
}

async function route(
  request: RequestView,
  deps: RouteDependencies,
  publicKeyBody: { publicKey: string },
): Promise<Reply> {
  const origin = headerValue(request.rawHeaders, 'origin');
  const path = pathOf(request.url);
  if (path === undefined) return errorReply(400, 'Malformed request target');
  const known = path === '/' || path === '/version' || path === '/publicKey' || path === '/update';
  if (!known) return errorReply(404, 'Not found', deps.cors.responseHeaders(origin));

  if (request.method === 'OPTIONS') {
    const preflight = deps.cors.preflightHeaders(
      origin,
      headerValue(request.rawHeaders, 'access-control-request-method'),
      headerValue(request.rawHeaders, 'access-control-request-headers'),
    );
    return { status: 204, headers: { allow: ALLOW, vary: 'Origin', ...preflight } };
  }
  const cors = { vary: 'Origin', ...deps.cors.responseHeaders(origin) };
  if (request.method !== 'GET') {
    return errorReply(405, 'Method not allowed', { allow: ALLOW, ...cors });
  }

  switch (path) {
    case '/': {
      const address = resolveClientAddress(
        request.facts.peerAddress,
        headerValue(request.rawHeaders, 'x-forwarded-for'),
        deps.trustedProxies,
      );
      const admission = deps.limiter.admit(address, request.facts);
      if (!admission.admitted)
        return errorReply(429, 'Too many requests; retry later', {
          'retry-after': String(admission.retryAfterSeconds),
          ...cors,
        });
      return fingerprintReply(request, deps, cors);
    }
    case '/version':
      return jsonReply(200, deps.version, { 'cache-control': 'no-cache', ...cors });
    case '/publicKey':
      return jsonReply(200, publicKeyBody, { 'cache-control': 'public, max-age=3600', ...cors });
    default:
      return updateReply(request, deps, cors);
  }
}

/** `GET /update`: reload the geolocation database, for callers with the operator's `X-API-Key`. */
async function updateReply(
  request: RequestView,
  deps: RouteDependencies,
  cors: Record<string, string>,
): Promise<Reply> {
  if (!apiKeyMatches(headerValue(request.rawHeaders, 'x-api-key'), deps.apiKey)) {
    return errorReply(401, 'A valid X-API-Key header is required', cors);
  }
  try {
    const databases = await deps.geo.reload();
    deps.logger.info(`geolocation database reloaded (${databases.map((d) => d.file).join(', ')})`);
    return jsonReply(
      200,
      { detail: 'Geolocation database reloaded', databases },
      { 'cache-control': 'no-store', ...cors },
    );
  } catch (error) {
    deps.logger.error(`geolocation database reload failed: ${(error as Error).message}`);
    return errorReply(
      503,
      'Geolocation database reload failed; the previous one stays in use',
      cors,
    );
  }
}

function pathOf(target: string): string | undefined {
  if (!target.startsWith('/')) return undefined;
  return target.split(/[?#]/, 1)[0];
}
