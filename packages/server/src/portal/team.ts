import type { PortalInvitationSent, PortalTeamMember } from '@idv/contract';
import type { DatabaseHandle } from '../db/database.js';
import type { Kysely } from 'kysely';
import { isoAt, type Clock } from '../lib/clock.js';
import { Errors } from '../lib/errors.js';
import type { ActivityLogService } from '../services/activity-log.js';
import type { Mailer } from '../storage/mailer.js';
import { MemberInputError, type PortalMembers } from './members.js';
import { asPortal, portalDb, type PortalDatabase, type PortalRole } from './schema.js';
import { INVITATION_HOURS, type SignInLinks } from './sign-in-links.js';

/** Who changes the team, and from where (for the activity log and the rules on owners). */
export interface TeamActor {
  companyId: string;
  memberId: string;
  email: string;
  role: PortalRole;
  companyName: string;
  ip: string;
}

/**
 * The people of a company: list, invite by e-mail (a one-time link that sets a password), change
 * a role, remove. A company always keeps an owner, and only an owner makes or unmakes owners.
 * Every change goes to the activity log with who and from where.
 */
export class PortalTeam {
  constructor(
    private readonly database: DatabaseHandle,
    private readonly members: PortalMembers,
    private readonly links: SignInLinks,
    private readonly clock: Clock,
    private readonly mailer: Mailer,
    private readonly activity: ActivityLogService,
  ) {}

  /** The company's people, oldest first; those without a password yet are `invited`. */
  async list(companyId: string): Promise<PortalTeamMember[]> {
    const rows = await portalDb(this.database)
      .selectFrom('portal_members')
      .select(['id', 'email', 'role', 'password_hash', 'created_at'])
      .where('company_id', '=', companyId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map((row) => ({
      _id: row.id,
      email: row.email,
      role: row.role,
      status: row.password_hash === null ? 'invited' : 'active',
      createdAt: row.created_at,
    }));
  }

  /**
   * Invites a person: creates them without a password and e-mails their one-time link. An address
   * that already has a portal account with another company gets the same answer as a new one
   * (its registration is not revealed): no one is created, and that address is told by e-mail
   * that someone tried to invite it. An address of this company's own team is a 409.
   */
  async invite(actor: TeamActor, email: string, role: PortalRole): Promise<PortalInvitationSent> {
    this.assertMayGrant(actor, role);
    const existing = await this.members.findByEmail(email);
    if (existing !== undefined && existing.companyId === actor.companyId)
      throw Errors.conflict(`${existing.email} is already in your team`);
    if (existing !== undefined) {
      await this.mailer.send({
        to: existing.email,
        subject: `${actor.companyName} tried to invite you on IDV`,
        text:
          `${actor.email} tried to invite this address to the identity-verification portal of ` +
          `${actor.companyName}, as ${role}. It already has a portal account with another ` +
          `company, and an address belongs to one company only: nothing was changed.\n\nIf you ` +
          `want to join ${actor.companyName}, ask them to invite another address of yours.\n`,
      });
      await this.record(actor, 'portal.member.invited', null);
      return { email: existing.email, role };
    }
    let member;
    try {
      member = await this.members.create({ companyId: actor.companyId, email, role });
    } catch (error) {
      if (error instanceof MemberInputError) throw Errors.badRequest(error.message);
      throw error;
    }
    await this.sendInvitation(actor, member.id, member.email, role);
    await this.record(actor, 'portal.member.invited', member.id);
    return { email: member.email, role };
  }

  /**
   * Sends an invited person a new invitation: their earlier links stop working, the new one
   * works once for the invitation's hours. 409 once they chose a password; only an owner
   * re-invites an owner.
   */
  async resendInvitation(actor: TeamActor, memberId: string): Promise<PortalInvitationSent> {
    const target = await this.find(actor.companyId, memberId);
    this.assertMayChange(actor, target.role);
    if (target.password_hash !== null)
      throw Errors.conflict('this person already accepted their invitation');
    await this.links.spendAllOf(memberId);
    await this.sendInvitation(actor, memberId, target.email, target.role);
    await this.record(actor, 'portal.member.invitation.resent', memberId);
    return { email: target.email, role: target.role };
  }

  /** Issues an invitation link and e-mails it. */
  private async sendInvitation(
    actor: TeamActor,
    memberId: string,
    email: string,
    role: PortalRole,
  ): Promise<void> {
    const link = await this.links.issue(memberId, 'invitation');
    await this.mailer.send({
      to: email,
      subject: `You are invited to ${actor.companyName} on IDV`,
      text:
        `${actor.email} invited you to the identity-verification portal of ${actor.companyName}, ` +
        `as ${role}.\n\nChoose your password here (the link works once, for ${INVITATION_HOURS} ` +
        `hours):\n${link}\n\nIf you did not expect this, ignore this message.\n`,
    });
  }

  /** Changes a person's role; never leaves the company without an owner. */
  async changeRole(actor: TeamActor, memberId: string, role: PortalRole): Promise<void> {
    const target = await this.find(actor.companyId, memberId);
    this.assertMayGrant(actor, role);
    this.assertMayChange(actor, target.role);
    if (target.role === role) return;
    await this.database.writeTransaction(async (trx) => {
      const db = asPortal(trx);
      if (target.role === 'owner') await this.assertAnotherOwner(db, actor.companyId, memberId);
      await db
        .updateTable('portal_members')
        .set({ role, updated_at: isoAt(this.clock.now()) })
        .where('id', '=', memberId)
        .where('company_id', '=', actor.companyId)
        .execute();
    });
    await this.record(actor, `portal.member.role.${role}`, memberId);
  }

  /** Removes a person (their sessions and links go with them); never the last owner. */
  async remove(actor: TeamActor, memberId: string): Promise<void> {
    const target = await this.find(actor.companyId, memberId);
    this.assertMayChange(actor, target.role);
    await this.database.writeTransaction(async (trx) => {
      const db = asPortal(trx);
      if (target.role === 'owner') await this.assertAnotherOwner(db, actor.companyId, memberId);
      await db.deleteFrom('portal_sign_in_tokens').where('member_id', '=', memberId).execute();
      await db.deleteFrom('portal_sessions').where('member_id', '=', memberId).execute();
      await db
        .deleteFrom('portal_members')
        .where('id', '=', memberId)
        .where('company_id', '=', actor.companyId)
        .execute();
    });
    await this.record(actor, 'portal.member.removed', memberId);
  }

  /** The person of this company, or 404 (another company's person is unknown here). */
  private async find(
    companyId: string,
    memberId: string,
  ): Promise<{ role: PortalRole; email: string; password_hash: string | null }> {
    const row = await portalDb(this.database)
      .selectFrom('portal_members')
      .select(['role', 'email', 'password_hash'])
      .where('id', '=', memberId)
      .where('company_id', '=', companyId)
      .executeTakeFirst();
    if (row === undefined) throw Errors.notFound('person');
    return row;
  }

  /** Only an owner hands out the owner role. */
  private assertMayGrant(actor: TeamActor, role: PortalRole): void {
    if (role === 'owner' && actor.role !== 'owner')
      throw Errors.forbidden('only an owner may make someone an owner');
  }

  /** Only an owner changes or removes an owner. */
  private assertMayChange(actor: TeamActor, targetRole: PortalRole): void {
    if (targetRole === 'owner' && actor.role !== 'owner')
      throw Errors.forbidden('only an owner may change or remove an owner');
  }

  /** 409 unless the company keeps an owner besides `memberId` (checked inside the change). */
  private async assertAnotherOwner(
    db: Kysely<PortalDatabase>,
    companyId: string,
    memberId: string,
  ): Promise<void> {
    const other = await db
      .selectFrom('portal_members')
      .select('id')
      .where('company_id', '=', companyId)
      .where('role', '=', 'owner')
      .where('id', '!=', memberId)
      .limit(1)
      .executeTakeFirst();
    if (other === undefined) throw Errors.conflict('the company must keep at least one owner');
  }

  private async record(actor: TeamActor, action: string, memberId: string | null): Promise<void> {
    await this.activity.record({
      companyId: actor.companyId,
      userId: actor.memberId,
      action,
      resource: 'portal-member',
      resourceId: memberId,
      ip: actor.ip,
    });
  }
}
