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

/** The columns of the statement, each sent as one array parameter (`unnest`), and their SQL types. */
const COLUMNS = [
  ['period', 'text'],
  ['companyId', 'text'],
  ['id', 'text'],
  ['verificationId', 'text'],
  ['type', 'text'],
  ['callbackUrl', 'text'],
  ['externalUserId', 'text'],
  ['externalUserIdSource', 'text'],
  ['adaptiveFlowRequested', 'integer'],
  ['adaptiveFlow', 'integer'],
  ['metadata', 'text'],
  ['linkExpiresAt', 'text'],
  ['createdAt', 'text'],
  ['createdBy', 'text'],
  ['createdIp', 'text'],
  ['documentTypes', 'text'],
  ['verificationExpiresAt', 'text'],
] as const satisfies readonly (readonly [keyof LinkCreationValues, 'text' | 'integer'])[];

type ColumnName = (typeof COLUMNS)[number][0];

/**
 * Link creation on PostgreSQL as one statement for any number of links (`batchedPostgresLinkCreation`
 * sends the links of one event-loop turn together): one round trip in its own implicit
 * transaction, a named statement parsed and planned once per connection, instead of `BEGIN`,
 * three writes per link and `COMMIT`. The values travel as one array per column (`unnest`).
 *
 * Its data-modifying CTEs take, for each company and month of the links, all of their links from
 * the quota at once or none: the upsert (`ON CONFLICT DO UPDATE … WHERE`) locks the company's
 * quota row and checks `used + n <= monthly_quota` on its latest version, with the quota read
 * from the company row in the same statement (never from a cached copy), so the quota stays exact
 * under concurrency (any number of processes); a company without enough left gets no row back.
 * Quota rows are locked in company order, so two statements never deadlock. Then it inserts the
 * links of the companies it took quota for, and their verifications from the links' rows. Foreign
 * keys are checked at the end of the statement, when all rows exist. A failure rolls it all back.
 *
 * The verification's columns are those of `VerificationTransitions.createPending` (keep the two
 * alike). Answers a function that runs the statement and answers the ids of the links it created.
 */
export function postgresLinkCreation(
  db: Kysely<Database>,
): (links: readonly LinkCreationValues[]) => Promise<Set<string>> {
  const names = COLUMNS.map(([name]) => name);
  const statement = preparedQuery(db, names, (p) => {
    const arrays = sql.join(
      COLUMNS.map(([name, type]) => sql`${p[name]}::${sql.raw(type)}[]`),
      sql`, `,
    );
    return {
      compile: () =>
        sql<{ link_id: string }>`with input as (
  select * from unnest(${arrays}) as i(period, company_id, id, verification_id, type, callback_url,
    external_user_id, external_user_id_source, adaptive_flow_requested, adaptive_flow, metadata,
    link_expires_at, created_at, created_by, created_ip, document_types, verification_expires_at)
), wanted as (
  select company_id, period, count(*)::integer as n from input group by company_id, period
), quota as (
  insert into quota_usage as q (company_id, period, used)
  select c.id, w.period, w.n from wanted w join companies c on c.id = w.company_id
  where c.monthly_quota >= w.n
  order by c.id, w.period
  on conflict (company_id, period) do update set used = q.used + excluded.used
  where q.used + excluded.used <= (select c.monthly_quota from companies c where c.id = excluded.company_id)
  returning q.company_id, q.period
), link as (
  insert into links (id, company_id, verification_id, type, callback_url, external_user_id,
    external_user_id_source, adaptive_flow_requested, adaptive_flow, metadata, active, expires_at,
    created_at, created_by, created_ip, document_types)
  select i.id, i.company_id, i.verification_id, i.type, i.callback_url, i.external_user_id,
    i.external_user_id_source, i.adaptive_flow_requested, i.adaptive_flow, i.metadata, 1,
    i.link_expires_at, i.created_at, i.created_by, i.created_ip, i.document_types
  from input i join quota on quota.company_id = i.company_id and quota.period = i.period
  returning id, company_id, verification_id, type, expires_at, created_at
)
insert into verifications (id, company_id, link_id, type, status, step, terms_and_conditions,
  remaining_retries_front, remaining_retries_back, remaining_retries_selfie, identify_changes,
  images, data, expires_at, link_expires_at, data_expired, created_at, updated_at)
select link.verification_id, link.company_id, link.id, link.type, 'pending', 'NEW_OPERATION', 0,
  ${sql.lit(RETRIES_PER_STEP)}, ${sql.lit(RETRIES_PER_STEP)}, ${sql.lit(RETRIES_PER_STEP)}, 0,
  ${sql.lit(JSON.stringify({ register: [] }))}, '{}', i.verification_expires_at, link.expires_at, 0,
  link.created_at, link.created_at
from link join input i on i.id = link.id
returning link_id`.compile(db),
    };
  });
  return async (links) => {
    const columns = Object.fromEntries(
      names.map((name) => [name, links.map((values) => values[name])]),
    ) as Record<ColumnName, unknown[]>;
    return new Set((await statement(columns)).map((row) => row.link_id));
  };
}
