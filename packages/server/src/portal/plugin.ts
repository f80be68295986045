import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { createPortalServices, registerPortalServices } from './portal-services.js';
import { activityRoutes } from './routes-activity.js';
import { billingRoutes } from './routes-billing.js';
import { cloudServiceRoutes } from './routes-cloud-services.js';
import { companyRoutes } from './routes-company.js';
import { developerRoutes } from './routes-developers.js';
import { linkRoutes } from './routes-links.js';
import { overviewRoutes } from './routes-overview.js';
import { passwordResetRoutes } from './routes-password-reset.js';
import { sessionRoutes } from './routes-session.js';
import { teamRoutes } from './routes-team.js';
import { verificationRoutes } from './routes-verifications.js';
import { requireSession } from './session-hook.js';

/** Where the built portal is: `IDV_PORTAL_DIR`, else `packages/portal/dist` of this repository. */
export function portalDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.IDV_PORTAL_DIR) return resolve(env.IDV_PORTAL_DIR);
  // dist/portal/plugin.js (or src/portal/plugin.ts) → packages/server → packages/portal/dist
  return resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'portal', 'dist');
}

/** Options of the portal plugin. */
export interface PortalPluginOptions {
  /** The built portal (defaults to `portalDir()`); its API is served even when it is missing. */
  dir?: string;
}

const PAGE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  // Everything is same-origin: no CDN, no external fonts; images are the API's own.
  'content-security-policy':
    "default-src 'self'; img-src 'self' blob: data:; style-src 'self' 'unsafe-inline'; " +
    "object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'",
};

/**
 * The account-holder portal at `/app/`: its API under `/app/api` (session cookie scoped to
 * `/app`, CSRF token on changes) and the built single-page app, whose client-side routes all
 * answer its `index.html`.
 */
export default async function portal(
  app: FastifyInstance,
  options: PortalPluginOptions,
): Promise<void> {
  const services = createPortalServices(app.services, (error) =>
    app.log.error({ err: error }, 'portal background work failed'),
  );
  registerPortalServices(app.services, services);
  app.addHook('onClose', async () => services.passwordResets.drain());
  await app.register(fastifyCookie);
  app.decorateRequest('portalSession', null);

  await app.register(
    async (api) => {
      await api.register(sessionRoutes(services));
      await api.register(passwordResetRoutes(services));
      await api.register(async (signedIn) => {
        signedIn.addHook('onRequest', requireSession(services.sessions, app.config.publicAppUrl));
        await signedIn.register(verificationRoutes(services));
        await signedIn.register(linkRoutes);
        await signedIn.register(developerRoutes(services));
        await signedIn.register(teamRoutes(services));
        await signedIn.register(overviewRoutes(services));
        await signedIn.register(activityRoutes(services));
        await signedIn.register(cloudServiceRoutes(services));
        await signedIn.register(companyRoutes);
        await signedIn.register(billingRoutes);
      });
    },
    { prefix: '/app/api' },
  );

  const dir = options.dir ?? portalDir();
  const index = join(dir, 'index.html');
  if (!existsSync(index)) {
    app.log.info(
      `portal (/app/) not served: ${index} does not exist (build packages/portal, or set IDV_PORTAL_DIR)`,
    );
    return;
  }
  await app.register(fastifyStatic, {
    root: dir,
    prefix: '/app/',
    decorateReply: false,
    // One route per built file; every other path under /app/ is a client-side route.
    wildcard: false,
    index: false,
    setHeaders: (res) => {
      for (const [name, value] of Object.entries(PAGE_HEADERS)) res.setHeader(name, value);
    },
  });
  const page = readFileSync(index, 'utf8');
  const sendPage = (_request: unknown, reply: FastifyReply) =>
    reply
      .headers(PAGE_HEADERS)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(page);
  app.get('/app', { schema: { hide: true } }, (_request, reply) => reply.redirect('/app/'));
  app.get('/app/', { schema: { hide: true } }, sendPage);
  app.get('/app/*', { schema: { hide: true } }, (request, reply) => {
    const path = (request.params as { '*': string })['*'];
    // An unknown API path or a missing file is a 404, not the page.
    if (path.startsWith('api/') || /\.[a-z0-9]+$/i.test(path))
      return reply
        .code(404)
        .send({ message: 'given resource is not implemented', resource: request.url });
    return sendPage(request, reply);
  });
}
