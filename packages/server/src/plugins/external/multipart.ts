import multipart from '@fastify/multipart';
import fp from 'fastify-plugin';
import { ApiError, Errors } from '../../lib/errors.js';

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

/**
 * Runs `read`, the reading of a multipart body (`request.file()`, `request.parts()`, `toBuffer()`),
 * answering what the body's own defects raise as a 400: the parser (busboy) throws plain errors
 * for a missing boundary, malformed part headers or a truncated body, which would otherwise be
 * taken for server faults (500). Errors that carry their status (413 for the upload limits, 400
 * for a prototype violation) and the API's own errors pass unchanged.
 */
export async function readMultipart<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (typeof (error as { statusCode?: unknown }).statusCode === 'number') throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw Errors.badRequest(`malformed multipart body: ${reason}`);
  }
}
