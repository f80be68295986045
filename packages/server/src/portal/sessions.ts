import { createHmac } from 'node:crypto';
import type { DatabaseHandle } from '../db/database.js';
import { HOUR_MS, isoAt, type Clock } from '../lib/clock.js';
import { constantTimeEqual, randomSecret, sha256Hex } from '../lib/secrets.js';
import type { PortalMember } from './members.js';
import { portalDb } from './schema.js';

/** A session lasts this long from sign-in (then the person signs in again). */
export const SESSION_HOURS = 12;

/** The signed-in person behind a session cookie. */
export interface PortalSession {
  member: PortalMember;
  companyName: string;
  expiresAt: string;
}

/**
 * The CSRF token of a session: an HMAC of the session's own secret. A page of another origin
 * cannot read the cookie, so it cannot compute the token; nothing more is stored.
 */
export function csrfTokenOf(sessionToken: string): string {
  return createHmac('sha256', sessionToken).update('idv-portal-csrf').digest('base64url');
}

/** Whether a presented CSRF token is the session's (constant-time). */
export function csrfTokenMatches(sessionToken: string, presented: string | undefined): boolean {
  return presented !== undefined && constantTimeEqual(csrfTokenOf(sessionToken), presented);
}

/** Server-side sessions of the portal: random 256-bit tokens stored only as SHA-256 hashes. */
export class PortalSessions {
  constructor(
    private readonly database: DatabaseHandle,
    private readonly clock: Clock,
  ) {}

  /** Opens a session for a person; answers the cookie value and its expiry. */
  async open(member: PortalMember, ip: string): Promise<{ token: string; expiresAt: Date }> {
    const token = randomSecret(32);
    const now = this.clock.now();
    const expiresAt = now + SESSION_HOURS * HOUR_MS;
    await portalDb(this.database)
      .insertInto('portal_sessions')
      .values({
        token_hash: sha256Hex(token),
        member_id: member.id,
        company_id: member.companyId,
        ip,
        expires_at: isoAt(expiresAt),
        created_at: isoAt(now),
      })
      .execute();
    return { token, expiresAt: new Date(expiresAt) };
  }

  /** The session of a cookie value, or undefined (unknown or expired). */
  async check(token: string): Promise<PortalSession | undefined> {
    const row = await portalDb(this.database)
      .selectFrom('portal_sessions')
      .innerJoin('portal_members', 'portal_members.id', 'portal_sessions.member_id')
      .innerJoin('companies', 'companies.id', 'portal_members.company_id')
      .select([
        'portal_members.id',
        'portal_members.company_id',
        'portal_members.email',
        'portal_members.role',
        'companies.name',
        'portal_sessions.expires_at',
      ])
      .where('portal_sessions.token_hash', '=', sha256Hex(token))
      .where('portal_sessions.expires_at', '>', isoAt(this.clock.now()))
      .executeTakeFirst();
    if (row === undefined) return undefined;
    return {
      member: { id: row.id, companyId: row.company_id, email: row.email, role: row.role },
      companyName: row.name,
      expiresAt: row.expires_at,
    };
  }

  /** Ends a session (sign-out). */
  async close(token: string): Promise<void> {
    await portalDb(this.database)
      .deleteFrom('portal_sessions')
      .where('token_hash', '=', sha256Hex(token))
      .execute();
  }

  /** Ends every session of a person (their password changed, or they left the company). */
  async closeAllOf(memberId: string): Promise<void> {
    await portalDb(this.database)
      .deleteFrom('portal_sessions')
      .where('member_id', '=', memberId)
      .execute();
  }

  /** Deletes the sessions past their expiry; answers how many. Run by the periodic upkeep. */
  async purgeExpired(): Promise<number> {
    const result = await portalDb(this.database)
      .deleteFrom('portal_sessions')
      .where('expires_at', '<=', isoAt(this.clock.now()))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
