import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../database.js';

/**
 * The capture flow and webhook delivery: device sessions bound to links, what the pipeline keeps
 * between captures, and the webhook outbox (events, one delivery per endpoint, every attempt).
 * Times the delivery worker schedules by (`next_attempt_at`, `lease_until`) are epoch milliseconds.
 */
export function flowMigration(dialect: DialectName): Migration {
  const binary = dialect === 'postgres' ? 'bytea' : 'blob';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('flow_sessions')
        .addColumn('verification_id', 'text', (c) =>
          c.primaryKey().references('verifications.id').onDelete('cascade'),
        )
        .addColumn('company_id', 'text', (c) => c.notNull())
        .addColumn('link_id', 'text', (c) => c.notNull().unique())
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('handoff_token_hash', 'text')
        .addColumn('handoff_expires_at', 'text')
        .addColumn('capture_lock_until', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('capture_analyses')
        .addColumn('verification_id', 'text', (c) =>
          c.primaryKey().references('verifications.id').onDelete('cascade'),
        )
        .addColumn('front', 'text')
        .addColumn('back', 'text')
        .addColumn('portrait', binary)
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('webhook_events')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('company_id', 'text', (c) =>
          c.notNull().references('companies.id').onDelete('cascade'),
        )
        .addColumn('verification_id', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('webhook_events_created_idx')
        .on('webhook_events')
        .column('created_at')
        .execute();

      await db.schema
        .createTable('webhook_deliveries')
        .addColumn('seq', dialect === 'postgres' ? 'bigserial' : 'integer', (c) =>
          dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('id', 'text', (c) => c.notNull().unique())
        .addColumn('event_id', 'text', (c) =>
          c.notNull().references('webhook_events.id').onDelete('cascade'),
        )
        .addColumn('endpoint_id', 'text', (c) =>
          c.notNull().references('webhook_endpoints.id').onDelete('cascade'),
        )
        .addColumn('company_id', 'text', (c) => c.notNull())
        .addColumn('verification_id', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull())
        .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
        .addColumn('lease_until', 'bigint')
        .addColumn('lease_owner', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('webhook_deliveries_due_idx')
        .on('webhook_deliveries')
        .columns(['status', 'next_attempt_at'])
        .execute();
      await db.schema
        .createIndex('webhook_deliveries_order_idx')
        .on('webhook_deliveries')
        .columns(['endpoint_id', 'verification_id', 'status', 'seq'])
        .execute();
      await db.schema
        .createIndex('webhook_deliveries_event_idx')
        .on('webhook_deliveries')
        .column('event_id')
        .execute();

      await db.schema
        .createTable('webhook_attempts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('delivery_id', 'text', (c) =>
          c.notNull().references('webhook_deliveries.id').onDelete('cascade'),
        )
        .addColumn('attempt', 'integer', (c) => c.notNull())
        .addColumn('worker', 'text', (c) => c.notNull())
        .addColumn('started_at', 'text', (c) => c.notNull())
        .addColumn('duration_ms', 'integer', (c) => c.notNull())
        .addColumn('status_code', 'integer')
        .addColumn('error', 'text')
        .addColumn('success', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('webhook_attempts_delivery_idx')
        .on('webhook_attempts')
        .column('delivery_id')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of [
        'webhook_attempts',
        'webhook_deliveries',
        'webhook_events',
        'capture_analyses',
        'flow_sessions',
      ]) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
