import multipart from '@fastify/multipart';
import fp from 'fastify-plugin';

/** Largest logo upload (bytes). */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;

/**
 * `multipart/form-data` uploads. Limits are tight by default (one file, few small fields); routes
 * that accept larger files raise them per request. Registered only by the route groups that take
 * uploads (logo, captures): @fastify/multipart hooks every request of its context (a listener on
 * each response, an asynchronous cleanup after it), which the status poll and link creation paid
 * for nothing. Elsewhere a multipart body answers 415.
 */
export default fp(
  async (app) => {
    await app.register(multipart, {
      limits: {
        files: 1,
        fields: 4,
        fieldSize: 16 * 1024,
        fileSize: LOGO_MAX_BYTES,
        parts: 6,
        headerPairs: 50,
      },
      throwFileSizeLimit: true,
    });
  },
  { name: 'idv-multipart' },
);
