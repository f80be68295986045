import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  PortalLinkSignInBody,
  PortalSessionView,
  PortalSignInBody,
  type PortalSessionView as SessionView,
} from '@idv/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, Errors } from '../lib/errors.js';
import { MemberInputError, type PortalMember } from './members.js';
import type { PortalServices } from './portal-services.js';
import { permissionsOf } from './roles.js';
import { requireSession, sameOrigin, SESSION_COOKIE, sessionOf } from './session-hook.js';
import { csrfTokenOf, type PortalSession } from './sessions.js';

const wrongCredentials = () => new ApiError(401, 'IDV_ERR_SIGN_IN', 'wrong e-mail or password');

function view(session: PortalSession, token: string): SessionView {
  return {
    email: session.member.email,
    role: session.member.role,
    companyName: session.companyName,
    permissions: permissionsOf(session.member.role),
    csrfToken: csrfTokenOf(token),
    expiresAt: session.expiresAt,
  };
}

/** `/app/api/session`: sign in (password or one-time link), read the session, sign out. */
export function sessionRoutes(portal: PortalServices): FastifyPluginAsyncTypebox {
  return async (app) => {
    const { services } = app;
    const publicAppUrl = app.config.publicAppUrl;

    /** Opens a session for `member`, sets the cookie, logs the sign-in, answers the view. */
    async function signIn(
      request: FastifyRequest,
      reply: FastifyReply,
      member: PortalMember,
      how: string,
    ) {
      const { token, expiresAt } = await portal.sessions.open(member, request.ip);
      await services.activity.record({
        companyId: member.companyId,
        userId: member.id,
        action: `portal.sign-in.${how}`,
        resource: 'portal-member',
        resourceId: member.id,
        ip: request.ip,
      });
      const session = await portal.sessions.check(token);
      if (session === undefined) throw new Error('a session just opened is not found');
      reply.setCookie(SESSION_COOKIE, token, {
        path: '/app',
        httpOnly: true,
        sameSite: 'strict',
        secure: request.protocol === 'https',
        expires: expiresAt,
      });
      return view(session, token);
    }

    /** Sign-in has no session yet: only this origin may post it (login CSRF). */
    function checkOrigin(request: FastifyRequest) {
      if (!sameOrigin(request, publicAppUrl)) throw Errors.forbidden('cross-origin sign-in');
    }

    app.post(
      '/session',
      { bodyLimit: 4096, schema: { hide: true, body: PortalSignInBody } },
      async (request, reply) => {
        checkOrigin(request);
        const { email, password } = request.body;
        portal.throttle.check(request.ip, email);
        const member = await portal.members.authenticate(email, password);
        if (member === undefined)
          throw await portal.throttle.fail(request.ip, email, wrongCredentials());
        return reply.send(await signIn(request, reply, member, 'password'));
      },
    );

    app.post(
      '/session/link',
      { bodyLimit: 4096, schema: { hide: true, body: PortalLinkSignInBody } },
      async (request, reply) => {
        checkOrigin(request);
        services.authFailures.check(request.ip);
        const memberId = await portal.signInLinks.redeem(request.body.token);
        const member = memberId === undefined ? undefined : await portal.members.get(memberId);
        if (member === undefined)
          throw await services.authFailures.fail(
            request.ip,
            new ApiError(401, 'IDV_ERR_SIGN_IN', 'this sign-in link is used, expired or unknown'),
          );
        try {
          await portal.members.setPassword(member.id, request.body.password);
        } catch (error) {
          if (error instanceof MemberInputError) throw Errors.badRequest(error.message);
          throw error;
        }
        // A new password ends what the old one opened: other sessions, other links by e-mail.
        await portal.sessions.closeAllOf(member.id);
        await portal.signInLinks.spendAllOf(member.id);
        return reply.send(await signIn(request, reply, member, 'link'));
      },
    );

    app.register(async (signedIn) => {
      signedIn.addHook('onRequest', requireSession(portal.sessions, publicAppUrl));

      signedIn.get(
        '/session',
        { schema: { hide: true, response: { 200: PortalSessionView } } },
        async (request) => view(sessionOf(request), request.cookies[SESSION_COOKIE]!),
      );

      signedIn.delete('/session', { schema: { hide: true } }, async (request, reply) => {
        const { member } = sessionOf(request);
        await portal.sessions.close(request.cookies[SESSION_COOKIE]!);
        await services.activity.record({
          companyId: member.companyId,
          userId: member.id,
          action: 'portal.sign-out',
          resource: 'portal-member',
          resourceId: member.id,
          ip: request.ip,
        });
        reply.clearCookie(SESSION_COOKIE, { path: '/app' });
        return reply.code(204).send();
      });
    });
  };
}
