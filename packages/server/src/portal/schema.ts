import type { Generated, Kysely } from 'kysely';
import type { DatabaseHandle } from '../db/database.js';
import type { Database } from '../db/schema.js';

/** What a person of a company may do in the portal (DESIGN §9). */
export const PORTAL_ROLES = ['owner', 'admin', 'reviewer', 'developer', 'viewer'] as const;
export type PortalRole = (typeof PORTAL_ROLES)[number];

/** A person of a company who signs in to the portal (migration 0009). */
export interface PortalMembersTable {
  id: string;
  company_id: string;
  /** Lower-cased; unique across the deployment (sign-in names one company). */
  email: string;
  /** argon2id PHC string; null until the person chose a password through a sign-in link. */
  password_hash: string | null;
  role: PortalRole;
  created_at: string;
  updated_at: string;
}

/** A signed-in browser: only the SHA-256 of the cookie value is stored. */
export interface PortalSessionsTable {
  token_hash: string;
  member_id: string;
  company_id: string;
  ip: string | null;
  expires_at: string;
  created_at: string;
}

/** Why a one-time link was issued (migration 0010): each has its own lifetime and e-mail. */
export const PORTAL_TOKEN_PURPOSES = ['sign-in', 'invitation', 'reset'] as const;
export type PortalTokenPurpose = (typeof PORTAL_TOKEN_PURPOSES)[number];

/**
 * A one-time link that sets a password and signs in (printed by the CLI and `npm start`, or
 * e-mailed as an invitation or a password reset), hashed like sessions.
 */
export interface PortalSignInTokensTable {
  token_hash: string;
  member_id: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
  purpose: Generated<PortalTokenPurpose>;
}

/** The server's tables plus the portal's. */
export interface PortalDatabase extends Database {
  portal_members: PortalMembersTable;
  portal_sessions: PortalSessionsTable;
  portal_sign_in_tokens: PortalSignInTokensTable;
}

/** The handle's query builder, typed with the portal's tables (the same connection). */
export function portalDb(handle: DatabaseHandle): Kysely<PortalDatabase> {
  return asPortal(handle.db);
}

/** A query builder or transaction of the server's database, typed with the portal's tables. */
export function asPortal(db: Kysely<Database>): Kysely<PortalDatabase> {
  return db as unknown as Kysely<PortalDatabase>;
}
