import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../database.js';

/** The fixed feedback reasons (`GET /verification-feedback/reasons`); ids are stable across deployments. */
export const FEEDBACK_REASONS = [
  { id: '5b0f4a52-3d0e-4f7a-9c57-0a6f0c2c1001', reason: 'Document verified manually' },
  { id: '5b0f4a52-3d0e-4f7a-9c57-0a6f0c2c1002', reason: 'Face verified manually' },
  { id: '5b0f4a52-3d0e-4f7a-9c57-0a6f0c2c1003', reason: 'Document unreadable or damaged' },
  { id: '5b0f4a52-3d0e-4f7a-9c57-0a6f0c2c1004', reason: 'Suspected fraud' },
  { id: '5b0f4a52-3d0e-4f7a-9c57-0a6f0c2c1005', reason: 'Person does not match the document' },
  { id: '5b0f4a52-3d0e-4f7a-9c57-0a6f0c2c1006', reason: 'Automated result was wrong' },
] as const;

/**
 * The initial schema. Ids are text (a malformed id then simply matches nothing on PostgreSQL too,
 * instead of raising a cast error); see `schema.ts` for the portable column conventions.
 */
export function initialMigration(dialect: DialectName): Migration {
  const binary = dialect === 'postgres' ? 'bytea' : 'blob';
  const real = dialect === 'postgres' ? 'double precision' : 'real';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('companies')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('plan', 'text', (c) => c.notNull())
        .addColumn('monthly_quota', 'integer', (c) => c.notNull())
        .addColumn('color', 'text', (c) => c.notNull())
        .addColumn('anti_spoofing', 'integer', (c) => c.notNull())
        .addColumn('handoff_mode', 'text', (c) => c.notNull())
        .addColumn('location_permission', 'text', (c) => c.notNull())
        .addColumn('link_expiration_hours', real, (c) => c.notNull())
        .addColumn('data_expiration_hours', real, (c) => c.notNull())
        .addColumn('adaptive_flow', 'integer', (c) => c.notNull())
        .addColumn('callback_url', 'text')
        .addColumn('onboarding_business_id', 'text', (c) => c.notNull())
        .addColumn('gate_rules', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('users')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('company_id', 'text', (c) =>
          c.notNull().references('companies.id').onDelete('cascade'),
        )
        .addColumn('email', 'text')
        .addColumn('client_id', 'text', (c) => c.notNull().unique())
        .addColumn('client_secret_sealed', 'text', (c) => c.notNull())
        .addColumn('webhook_secret_sealed', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('users_company_idx').on('users').column('company_id').execute();

      await db.schema
        .createTable('access_tokens')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('company_id', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('access_tokens_expires_idx')
        .on('access_tokens')
        .column('expires_at')
        .execute();

      await db.schema
        .createTable('quota_usage')
        .addColumn('company_id', 'text', (c) =>
          c.notNull().references('companies.id').onDelete('cascade'),
        )
        .addColumn('period', 'text', (c) => c.notNull())
        .addColumn('used', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('quota_usage_pk', ['company_id', 'period'])
        .execute();

      await db.schema
        .createTable('links')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('company_id', 'text', (c) =>
          c.notNull().references('companies.id').onDelete('cascade'),
        )
        .addColumn('verification_id', 'text', (c) => c.notNull().unique())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('callback_url', 'text')
        .addColumn('external_user_id', 'text')
        .addColumn('external_user_id_source', 'text')
        .addColumn('adaptive_flow_requested', 'integer')
        .addColumn('adaptive_flow', 'integer', (c) => c.notNull())
        .addColumn('metadata', 'text', (c) => c.notNull())
        .addColumn('active', 'integer', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('consumed_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('links_company_created_idx')
        .on('links')
        .columns(['company_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex('links_company_external_user_idx')
        .on('links')
        .columns(['company_id', 'external_user_id'])
        .execute();

      await db.schema
        .createTable('verifications')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('company_id', 'text', (c) =>
          c.notNull().references('companies.id').onDelete('cascade'),
        )
        .addColumn('link_id', 'text', (c) => c.notNull().unique())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('step', 'text', (c) => c.notNull())
        .addColumn('method', 'text')
        .addColumn('operation_guid', 'text')
        .addColumn('user_name', 'text')
        .addColumn('terms_and_conditions', 'integer', (c) => c.notNull())
        .addColumn('remaining_retries_front', 'integer', (c) => c.notNull())
        .addColumn('remaining_retries_back', 'integer', (c) => c.notNull())
        .addColumn('remaining_retries_selfie', 'integer', (c) => c.notNull())
        .addColumn('images', 'text', (c) => c.notNull())
        .addColumn('data', 'text', (c) => c.notNull())
        .addColumn('detected_document_country', 'text')
        .addColumn('error_code', 'text')
        .addColumn('error_message', 'text')
        .addColumn('geolocation', 'text')
        .addColumn('device', 'text')
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('data_expired', 'integer', (c) => c.notNull())
        .addColumn('anonymized_at', 'text')
        .addColumn('finished_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('verifications_company_created_idx')
        .on('verifications')
        .columns(['company_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex('verifications_retention_idx')
        .on('verifications')
        .columns(['data_expired', 'expires_at'])
        .execute();
      await db.schema
        .createIndex('verifications_status_idx')
        .on('verifications')
        .columns(['status'])
        .execute();

      await db.schema
        .createTable('images')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('verification_id', 'text', (c) =>
          c.notNull().references('verifications.id').onDelete('cascade'),
        )
        .addColumn('company_id', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('content_type', 'text', (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('blob_key', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('images_verification_idx')
        .on('images')
        .column('verification_id')
        .execute();

      await db.schema
        .createTable('webhook_endpoints')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('company_id', 'text', (c) =>
          c.notNull().references('companies.id').onDelete('cascade'),
        )
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('webhook_endpoints_company_idx')
        .on('webhook_endpoints')
        .column('company_id')
        .execute();

      await db.schema
        .createTable('feedback_reasons')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .execute();
      await db
        .withTables<{ feedback_reasons: { id: string; reason: string; position: number } }>()
        .insertInto('feedback_reasons')
        .values(FEEDBACK_REASONS.map((r, position) => ({ id: r.id, reason: r.reason, position })))
        .execute();

      await db.schema
        .createTable('verification_feedback')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('verification_id', 'text', (c) =>
          c.notNull().references('verifications.id').onDelete('cascade'),
        )
        .addColumn('company_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('reason_id', 'text', (c) => c.notNull().references('feedback_reasons.id'))
        .addColumn('override_status', 'text', (c) => c.notNull())
        .addColumn('previous_status', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('activity_logs')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('company_id', 'text', (c) =>
          c.notNull().references('companies.id').onDelete('cascade'),
        )
        .addColumn('user_id', 'text')
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('resource', 'text', (c) => c.notNull())
        .addColumn('resource_id', 'text')
        .addColumn('ip', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('activity_logs_company_created_idx')
        .on('activity_logs')
        .columns(['company_id', 'created_at'])
        .execute();

      await db.schema
        .createTable('contact_requests')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('company_id', 'text', (c) =>
          c.notNull().unique().references('companies.id').onDelete('cascade'),
        )
        .addColumn('plan', 'text', (c) => c.notNull())
        .addColumn('quota', 'integer', (c) => c.notNull())
        .addColumn('message', 'text')
        .addColumn('phone', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('subscriptions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('company_id', 'text', (c) =>
          c.notNull().references('companies.id').onDelete('cascade'),
        )
        .addColumn('plan', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('current_period_end', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('subscriptions_company_idx')
        .on('subscriptions')
        .column('company_id')
        .execute();

      await db.schema
        .createTable('invoices')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('subscription_id', 'text', (c) =>
          c.notNull().references('subscriptions.id').onDelete('cascade'),
        )
        .addColumn('company_id', 'text', (c) => c.notNull())
        .addColumn('amount_cents', 'integer', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('period_start', 'text', (c) => c.notNull())
        .addColumn('period_end', 'text', (c) => c.notNull())
        .addColumn('paid_at', 'text')
        .addColumn('payment_reference', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('invoices_subscription_idx')
        .on('invoices')
        .column('subscription_id')
        .execute();

      await db.schema
        .createTable('payment_methods')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('company_id', 'text', (c) =>
          c.notNull().references('companies.id').onDelete('cascade'),
        )
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('provider_reference', 'text', (c) => c.notNull())
        .addColumn('brand', 'text', (c) => c.notNull())
        .addColumn('last4', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('company_logos')
        .addColumn('company_id', 'text', (c) =>
          c.primaryKey().references('companies.id').onDelete('cascade'),
        )
        .addColumn('content_type', 'text', (c) => c.notNull())
        .addColumn('data', binary, (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('gate_rule_templates')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('version', 'text', (c) => c.notNull())
        .addColumn('rules', 'text', (c) => c.notNull())
        .addColumn('active', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('cloud_keys')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('company_id', 'text', (c) =>
          c.notNull().references('companies.id').onDelete('cascade'),
        )
        .addColumn('service', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('slot', 'integer', (c) => c.notNull())
        .addColumn('prefix', 'text', (c) => c.notNull())
        .addColumn('secret_hash', 'text', (c) => c.notNull().unique())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('calls_used', 'integer', (c) => c.notNull())
        .addColumn('calls_limit', 'integer', (c) => c.notNull())
        .addColumn('notified_at', 'text')
        .addColumn('last_used_at', 'text')
        .addColumn('rotated_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      // At most five live keys per company and service: a live key holds one of the slots 1..5.
      await db.schema
        .createIndex('cloud_keys_live_slot_idx')
        .on('cloud_keys')
        .columns(['company_id', 'service', 'slot'])
        .unique()
        .where(sql<boolean>`status <> 'revoked'`)
        .execute();

      await db.schema
        .createTable('rate_limit_counters')
        .addColumn('bucket', 'text', (c) => c.notNull())
        .addColumn('window_start', 'bigint', (c) => c.notNull())
        .addColumn('hits', 'integer', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('rate_limit_counters_pk', ['bucket', 'window_start'])
        .execute();
      await db.schema
        .createIndex('rate_limit_counters_expires_idx')
        .on('rate_limit_counters')
        .column('expires_at')
        .execute();
    },
  };
}
