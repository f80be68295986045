import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import { HealthStatus } from '@idv/contract';
import { Errors } from '../lib/errors.js';
import { errorResponses } from '../lib/route-schemas.js';
import { SERVER_VERSION } from '../version.js';

/** `GET /health/status`: 200 while the database answers, 503 otherwise (no token). */
const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/health/status',
    {
      config: { rateLimit: false },
      schema: {
        tags: ['Health'],
        summary: 'Service health',
        response: {
          200: HealthStatus,
          ...errorResponses(503),
        },
      },
    },
    async () => {
      const { database } = app.services.context;
      try {
        await sql`select 1`.execute(database.db);
      } catch (error) {
        app.log.error({ err: error }, 'health check: database unreachable');
        throw Errors.unavailable('database unavailable');
      }
      return { status: 'ok' as const, version: SERVER_VERSION, database: database.dialect };
    },
  );
};

export default healthRoutes;
