import type { Kysely, Migration } from 'kysely';

/**
 * A circuit breaker per webhook endpoint: `failure_streak` counts its failed attempts since its
 * last success; once it reaches the threshold, `circuit_open_until` (epoch ms) holds its deliveries
 * back (still pending, no attempt spent) until the cool-down ends. Existing endpoints start closed.
 */
export function webhookCircuitsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('webhook_endpoints')
        .addColumn('failure_streak', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('webhook_endpoints')
        .addColumn('circuit_open_until', 'bigint')
        .execute();
    },
  };
}
