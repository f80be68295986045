import type { Kysely, Migration } from 'kysely';

/**
 * The portal inbox's indexes (issue 16: with 100 000 verifications its first page and each single
 * filter or sort answer in 50 ms; `npm run bench:inbox -w packages/server` measures them before
 * and after, on SQLite and PostgreSQL). Every inbox query is one company's, so each index leads
 * with `company_id`, then the filtered column, then the page's order (the sort column and the id
 * that breaks its ties: without the id PostgreSQL sorts every row of the company for one page),
 * then the end of the readable window the inbox also filters on (the count is then read from the
 * index alone).
 */
export const INBOX_INDEXES: readonly { name: string; table: string; columns: string[] }[] = [
  // The first page, the day range, the count (index only: the readable window and the link are
  // in the index, so a filter on the link reads no verification row).
  {
    name: 'verifications_inbox_created_idx',
    table: 'verifications',
    columns: ['company_id', 'created_at', 'id', 'expires_at', 'link_id'],
  },
  {
    name: 'verifications_inbox_status_idx',
    table: 'verifications',
    columns: ['company_id', 'status', 'created_at', 'id', 'expires_at'],
  },
  {
    name: 'verifications_inbox_method_idx',
    table: 'verifications',
    columns: ['company_id', 'method', 'created_at', 'id', 'expires_at'],
  },
  {
    name: 'verifications_inbox_reason_idx',
    table: 'verifications',
    columns: ['company_id', 'error_code', 'created_at', 'id', 'expires_at'],
  },
  {
    name: 'verifications_inbox_finished_idx',
    table: 'verifications',
    columns: ['company_id', 'finished_at', 'id', 'expires_at'],
  },
  // The filter by link type.
  { name: 'links_company_type_idx', table: 'links', columns: ['company_id', 'type', 'id'] },
];

/** Creates {@link INBOX_INDEXES}. */
export function inboxIndexesMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const index of INBOX_INDEXES)
        await db.schema.createIndex(index.name).on(index.table).columns(index.columns).execute();
    },
  };
}
