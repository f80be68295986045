import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { PortalPasswordResetBody } from '@idv/contract';
import { Errors } from '../lib/errors.js';
import type { PortalServices } from './portal-services.js';
import { sameOrigin } from './session-hook.js';

/**
 * `POST /app/api/password-reset`: e-mails a single-use reset link when the address has an
 * account. Signed out, so only this origin may post it; the answer is always the same 202.
 */
export function passwordResetRoutes(portal: PortalServices): FastifyPluginAsyncTypebox {
  return async (app) => {
    const publicAppUrl = app.config.publicAppUrl;
    app.post(
      '/password-reset',
      { bodyLimit: 2048, schema: { hide: true, body: PortalPasswordResetBody } },
      async (request, reply) => {
        if (!sameOrigin(request, publicAppUrl)) throw Errors.forbidden('cross-origin request');
        // Each request spends the address's budget of failed authentications, so one address
        // cannot spray reset e-mails (nor probe them) beyond it; past it, 429.
        const counted = new Error('counted');
        const over = await app.services.authFailures.fail(request.ip, counted);
        if (over !== counted) throw over;
        portal.passwordResets.request(request.body.email, request.ip);
        return reply.code(202).send({
          message: 'If this e-mail has an account, a link to choose a new password is on its way.',
        });
      },
    );
  };
}
