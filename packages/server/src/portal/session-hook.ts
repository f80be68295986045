import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, Errors } from '../lib/errors.js';
import { roleAllows, type PortalPermission } from './roles.js';
import { csrfTokenMatches, type PortalSession, type PortalSessions } from './sessions.js';

/** Name of the session cookie (scoped to `/app`, so the REST API and the end-user pages never see it). */
export const SESSION_COOKIE = 'idv_portal';
/** Header that carries the session's CSRF token on every change. */
export const CSRF_HEADER = 'x-csrf-token';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in person of a portal route (set by the portal's session hook). */
    portalSession: PortalSession | null;
  }
}

/** 401 of a portal route without a valid session. */
export const signedOut = () => new ApiError(401, 'IDV_ERR_SIGNED_OUT', 'sign in to the portal');

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether a change comes from this origin: browsers send `Origin` on every cross-origin POST (and
 * on same-origin ones but GET/HEAD); a request without it is not a browser's form or fetch.
 */
export function sameOrigin(request: FastifyRequest, publicAppUrl: string): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  return (
    origin === `${request.protocol}://${request.host}` || origin === new URL(publicAppUrl).origin
  );
}

/**
 * The `onRequest` hook of the signed-in routes: 401 without a valid session; on every change 403
 * unless the `X-CSRF-Token` header holds the session's token and the origin is this one.
 */
export function requireSession(sessions: PortalSessions, publicAppUrl: string) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const token = request.cookies[SESSION_COOKIE];
    const session = token === undefined ? undefined : await sessions.check(token);
    if (token === undefined || session === undefined) throw signedOut();
    if (!SAFE_METHODS.has(request.method)) {
      const presented = request.headers[CSRF_HEADER];
      if (
        !sameOrigin(request, publicAppUrl) ||
        !csrfTokenMatches(token, typeof presented === 'string' ? presented : undefined)
      )
        throw Errors.forbidden('missing or wrong CSRF token');
    }
    request.portalSession = session;
  };
}

/** The session of a signed-in route (behind `requireSession`). */
export function sessionOf(request: FastifyRequest): PortalSession {
  if (request.portalSession === null) throw new Error('route is missing the session hook');
  return request.portalSession;
}

/** The session, when its role may do `permission`; 403 otherwise. */
export function allowed(request: FastifyRequest, permission: PortalPermission): PortalSession {
  const session = sessionOf(request);
  if (!roleAllows(session.member.role, permission))
    throw Errors.forbidden(`the ${session.member.role} role may not do this`);
  return session;
}
