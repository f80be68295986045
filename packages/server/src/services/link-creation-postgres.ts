import { RETRIES_PER_STEP } from '@idv/contract/limits';
import { sql, type Kysely } from 'kysely';
import { preparedQuery } from '../db/prepared.js';
import type { Database } from '../db/schema.js';

/** The values of one link creation (`LinkService.create`), all resolved but the quota. */
export interface LinkCreationValues {
  id: string;
  companyId: string;
  verificationId: string;
  type: string;
  callbackUrl: string | null;
  externalUserId: string | null;
  externalUserIdSource: 'api' | null;
  adaptiveFlowRequested: number | null;
  adaptiveFlow: number;
  metadata: string;
  /** End of the link window (also the verification's `link_expires_at`). */
  linkExpiresAt: string;
  /** End of the verification's readable window. */
  verificationExpiresAt: string;
  createdAt: string;
  createdBy: string | null;
  createdIp: string | null;
  documentTypes: string;
  /** The quota period (`quotaPeriod`). */
  period: string;
}

/**
 * Link creation on PostgreSQL as one statement: one round trip in its own implicit transaction,
 * a named statement parsed and planned once per connection, instead of `BEGIN`, three writes and
 * `COMMIT` (five round trips, each compiled anew inside a Kysely transaction).
 *
 * Its data-modifying CTEs take one verification of the month's quota, then insert the link from
 * the quota's returned row and the verification from the link's: when the quota is used up the
 * upsert returns nothing, so nothing is inserted, and the answer is empty. The quota rule stays
 * exact under concurrency (any number of processes): `ON CONFLICT DO UPDATE … WHERE` locks the
 * company's quota row and re-checks `used < monthly_quota` on its latest version, with the quota
 * read from the company row in the same statement (never from a cached copy). Foreign keys are
 * checked at the end of the statement, when both rows exist.
 *
 * The verification's columns are those of `VerificationTransitions.createPending` (keep the two
 * alike). Answers a function that creates a link and answers whether the quota allowed it.
 */
export function postgresLinkCreation(
  db: Kysely<Database>,
): (values: LinkCreationValues) => Promise<boolean> {
  const names = [
    'period',
    'companyId',
    'id',
    'verificationId',
    'type',
    'callbackUrl',
    'externalUserId',
    'externalUserIdSource',
    'adaptiveFlowRequested',
    'adaptiveFlow',
    'metadata',
    'linkExpiresAt',
    'createdAt',
    'createdBy',
    'createdIp',
    'documentTypes',
    'verificationExpiresAt',
  ] as const;
  const statement = preparedQuery(db, names, (p) => ({
    compile: () =>
      sql<{ id: string }>`with quota as (
  insert into quota_usage as q (company_id, period, used)
  select c.id, ${p.period}::text, 1 from companies c
  where c.id = ${p.companyId}::text and c.monthly_quota >= 1
  on conflict (company_id, period) do update set used = q.used + 1
  where q.used < (select c.monthly_quota from companies c where c.id = excluded.company_id)
  returning q.company_id
), link as (
  insert into links (id, company_id, verification_id, type, callback_url, external_user_id,
    external_user_id_source, adaptive_flow_requested, adaptive_flow, metadata, active, expires_at,
    created_at, created_by, created_ip, document_types)
  select ${p.id}::text, quota.company_id, ${p.verificationId}::text, ${p.type}::text,
    ${p.callbackUrl}::text, ${p.externalUserId}::text, ${p.externalUserIdSource}::text,
    ${p.adaptiveFlowRequested}::integer, ${p.adaptiveFlow}::integer, ${p.metadata}::text, 1,
    ${p.linkExpiresAt}::text, ${p.createdAt}::text, ${p.createdBy}::text, ${p.createdIp}::text,
    ${p.documentTypes}::text
  from quota
  returning id, company_id, verification_id, type, expires_at, created_at
)
insert into verifications (id, company_id, link_id, type, status, step, terms_and_conditions,
  remaining_retries_front, remaining_retries_back, remaining_retries_selfie, identify_changes,
  images, data, expires_at, link_expires_at, data_expired, created_at, updated_at)
select link.verification_id, link.company_id, link.id, link.type, 'pending', 'NEW_OPERATION', 0,
  ${sql.lit(RETRIES_PER_STEP)}, ${sql.lit(RETRIES_PER_STEP)}, ${sql.lit(RETRIES_PER_STEP)}, 0,
  ${sql.lit(JSON.stringify({ register: [] }))}, '{}', ${p.verificationExpiresAt}::text, link.expires_at, 0,
  link.created_at, link.created_at
from link
returning id`.compile(db),
  }));
  return async (values) => (await statement(values)).length > 0;
}
