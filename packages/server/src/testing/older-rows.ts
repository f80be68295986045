/**
 * Rows written exactly as a server of migrations 0001–0003 wrote them (every column it knew,
 * none added since), for the tests of later migrations' data changes: write them at the older
 * schema (`migrateUpTo`), migrate on, check what became of them.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** A Pro company created at `at`. */
export async function insertOlderCompany(
  db: Kysely<Database>,
  id: string,
  at: string,
): Promise<void> {
  await sql`insert into companies (id, name, plan, monthly_quota, color, anti_spoofing, handoff_mode,
    location_permission, link_expiration_hours, data_expiration_hours, adaptive_flow, callback_url,
    onboarding_business_id, gate_rules, created_at, updated_at)
    values (${id}, 'Old Co', 'pro', 100, '#000000', 1, 'qr', 'optional', 24, 720, 0, null,
    ${id}, null, ${at}, ${at})`.execute(db);
}

/** An active FULL FLOW link without identifier or metadata. */
export async function insertOlderLink(
  db: Kysely<Database>,
  link: {
    id: string;
    companyId: string;
    verificationId: string;
    expiresAt: string;
    createdAt: string;
  },
): Promise<void> {
  await sql`insert into links (id, company_id, verification_id, type, callback_url, external_user_id,
    external_user_id_source, adaptive_flow_requested, adaptive_flow, metadata, active, expires_at,
    consumed_at, created_at)
    values (${link.id}, ${link.companyId}, ${link.verificationId}, 'FULL FLOW', null, null, null, null,
    0, '{}', 1, ${link.expiresAt}, null, ${link.createdAt})`.execute(db);
}

/** A Pro company created at `at` and its links (`insertOlderLink`), each created at `at` unless it says. */
export async function insertOlderCompanyWithLinks(
  db: Kysely<Database>,
  companyId: string,
  at: string,
  links: readonly { id: string; verificationId: string; expiresAt: string; createdAt?: string }[],
): Promise<void> {
  await insertOlderCompany(db, companyId, at);
  for (const link of links)
    await insertOlderLink(db, { ...link, companyId, createdAt: link.createdAt ?? at });
}

/** A Basic company created at `at`: older servers created those with anti-spoofing off. */
export async function insertOlderBasicCompany(
  db: Kysely<Database>,
  id: string,
  at: string,
): Promise<void> {
  await sql`insert into companies (id, name, plan, monthly_quota, color, anti_spoofing, handoff_mode,
    location_permission, link_expiration_hours, data_expiration_hours, adaptive_flow, callback_url,
    onboarding_business_id, gate_rules, created_at, updated_at)
    values (${id}, 'Old Basic Co', 'basic', 10, '#1f6feb', 0, 'never', 'never', 0.5, 0.5, 0, null,
    ${id}, null, ${at}, ${at})`.execute(db);
}
