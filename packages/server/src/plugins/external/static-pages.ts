import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

function isDirectory(path: string): boolean {
  return existsSync(path) && statSync(path).isDirectory();
}

/** Escapes a value for an HTML attribute. */
function escapeAttribute(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

/**
 * The end-user page with the fingerprint service's address filled into its
 * `<meta name="idv-fingerprint-url">` (left empty without IDV_FINGERPRINT_URL: no fingerprint).
 */
function endUserPage(appDir: string, fingerprintUrl: string | undefined): string {
  const html = readFileSync(join(appDir, 'index.html'), 'utf8');
  if (fingerprintUrl === undefined) return html;
  return html.replace(
    /(<meta\s+name="idv-fingerprint-url"\s+content=")[^"]*(")/,
    `$1${escapeAttribute(fingerprintUrl)}$2`,
  );
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
    const page = endUserPage(appDir, app.config.fingerprintUrl);
    // `/v/<linkId>` is the page itself; `/v/<file>` with an extension is one of its files.
    app.get('/v/:linkId', { schema: { hide: true } }, (request, reply) => {
      const { linkId } = request.params as { linkId: string };
      if (linkId.includes('.')) return reply.sendFile(linkId, appDir);
      return reply
        .headers(PAGE_HEADERS)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(page);
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
