import { randomUUID } from 'node:crypto';
import type { DatabaseHandle } from '../db/database.js';
import { isoAt, type Clock } from '../lib/clock.js';
import {
  checkPassword,
  hashPassword,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
} from './passwords.js';
import { portalDb, PORTAL_ROLES, type PortalRole } from './schema.js';

/** A person of a company, as the portal sees them (never the hash). */
export interface PortalMember {
  id: string;
  companyId: string;
  email: string;
  role: PortalRole;
}

/** Thrown for a member that cannot be created or a password that is not acceptable. */
export class MemberInputError extends Error {
  override name = 'MemberInputError';
}

const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,255}$/;

/** Lower-cases and checks an e-mail address (the sign-in name). */
export function normalizeEmail(email: string): string {
  const normalized = email.trim().toLowerCase();
  if (!EMAIL.test(normalized)) throw new MemberInputError('not an e-mail address');
  return normalized;
}

/** Refuses a password outside the accepted lengths. */
export function checkNewPassword(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH || password.length > MAX_PASSWORD_LENGTH)
    throw new MemberInputError(
      `the password must have ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters`,
    );
}

/** The people of companies: creation, password sign-in and password changes. */
export class PortalMembers {
  constructor(
    private readonly database: DatabaseHandle,
    private readonly clock: Clock,
  ) {}

  /** Adds a person to a company; without a password they sign in through a sign-in link first. */
  async create(input: {
    companyId: string;
    email: string;
    role: PortalRole;
    password?: string | undefined;
  }): Promise<PortalMember> {
    if (!PORTAL_ROLES.includes(input.role)) throw new MemberInputError('unknown role');
    const email = normalizeEmail(input.email);
    if (input.password !== undefined) checkNewPassword(input.password);
    const db = portalDb(this.database);
    const taken = await db
      .selectFrom('portal_members')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirst();
    if (taken !== undefined) throw new MemberInputError(`${email} already has a portal account`);
    const at = isoAt(this.clock.now());
    const member: PortalMember = {
      id: randomUUID(),
      companyId: input.companyId,
      email,
      role: input.role,
    };
    await db
      .insertInto('portal_members')
      .values({
        id: member.id,
        company_id: member.companyId,
        email,
        password_hash: input.password === undefined ? null : await hashPassword(input.password),
        role: member.role,
        created_at: at,
        updated_at: at,
      })
      .execute();
    return member;
  }

  /** The person, or undefined. */
  async get(memberId: string): Promise<PortalMember | undefined> {
    const row = await portalDb(this.database)
      .selectFrom('portal_members')
      .select(['id', 'company_id', 'email', 'role'])
      .where('id', '=', memberId)
      .executeTakeFirst();
    return row === undefined
      ? undefined
      : { id: row.id, companyId: row.company_id, email: row.email, role: row.role };
  }

  /** The person with this e-mail, or undefined. */
  async findByEmail(email: string): Promise<PortalMember | undefined> {
    let normalized: string;
    try {
      normalized = normalizeEmail(email);
    } catch {
      return undefined;
    }
    const row = await portalDb(this.database)
      .selectFrom('portal_members')
      .select('id')
      .where('email', '=', normalized)
      .executeTakeFirst();
    return row === undefined ? undefined : this.get(row.id);
  }

  /**
   * Checks an e-mail and password. An unknown e-mail, or a person without a password yet, costs
   * the same argon2 check as a wrong password.
   */
  async authenticate(email: string, password: string): Promise<PortalMember | undefined> {
    let normalized: string;
    try {
      normalized = normalizeEmail(email);
    } catch {
      await checkPassword(null, password);
      return undefined;
    }
    const row = await portalDb(this.database)
      .selectFrom('portal_members')
      .select(['id', 'company_id', 'email', 'role', 'password_hash'])
      .where('email', '=', normalized)
      .executeTakeFirst();
    const ok = await checkPassword(row?.password_hash ?? null, password);
    if (!ok || row === undefined) return undefined;
    return { id: row.id, companyId: row.company_id, email: row.email, role: row.role };
  }

  /** Sets a person's password (after a sign-in link proved who they are). */
  async setPassword(memberId: string, password: string): Promise<void> {
    checkNewPassword(password);
    await portalDb(this.database)
      .updateTable('portal_members')
      .set({ password_hash: await hashPassword(password), updated_at: isoAt(this.clock.now()) })
      .where('id', '=', memberId)
      .execute();
  }
}
