import { existsSync, statSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

function isDirectory(path: string): boolean {
  return existsSync(path) && statSync(path).isDirectory();
}

const PAGE_HEADERS = { 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer' };

/**
 * The end-user app at `/v/{linkId}` (any link id answers its index.html; its own files are served
 * beside it), the demo host page at `/demo/`, the built element at `/assets/verify/`. A missing
 * directory is skipped with a log line (they are built by other packages).
 */
async function staticPages(app: FastifyInstance): Promise<void> {
  const { appDir, demoDir, elementDir } = app.config;
  let decorated = false;
  const register = async (root: string, prefix: string, label: string, envName: string) => {
    if (!isDirectory(root)) {
      app.log.info(`${label} not served: ${root} does not exist (build it, or set ${envName})`);
      return false;
    }
    await app.register(fastifyStatic, {
      root,
      prefix,
      decorateReply: !decorated,
      index: ['index.html'],
      wildcard: true,
      setHeaders: (res) => {
        for (const [name, value] of Object.entries(PAGE_HEADERS)) res.setHeader(name, value);
      },
    });
    decorated = true;
    return true;
  };

  if (await register(appDir, '/v/', 'end-user app (/v/{linkId})', 'IDV_APP_DIR')) {
    // `/v/<linkId>` is the page itself; `/v/<file>` with an extension is one of its files.
    app.get('/v/:linkId', { schema: { hide: true } }, (request, reply) => {
      const { linkId } = request.params as { linkId: string };
      if (linkId.includes('.')) return reply.sendFile(linkId, appDir);
      return reply
        .headers(PAGE_HEADERS)
        .header('cache-control', 'no-store')
        .sendFile('index.html', appDir);
    });
  }
  await register(demoDir, '/demo/', 'demo host page (/demo/)', 'IDV_DEMO_DIR');
  await register(
    elementDir,
    '/assets/verify/',
    'verify element (/assets/verify/)',
    'IDV_ELEMENT_DIR',
  );
}

export default fp(staticPages, { name: 'idv-static-pages', dependencies: ['idv-services'] });
