import type { DatabaseHandle } from '../db/database.js';
import { HOUR_MS, isoAt, type Clock } from '../lib/clock.js';
import type { ActivityLogService } from '../services/activity-log.js';
import type { Mailer } from '../storage/mailer.js';
import type { PortalMembers } from './members.js';
import { portalDb } from './schema.js';
import { RESET_LINK_HOURS, type SignInLinks } from './sign-in-links.js';

/** At most this many reset e-mails per person per hour (a mailbox is not a target). */
export const RESETS_PER_HOUR = 3;

/**
 * Password resets by e-mail: a single-use link (hashed at rest, valid `RESET_LINK_HOURS`) that
 * sets a new password through the same route as a sign-in link. `request` answers at once and
 * does the work afterwards, so neither the answer nor its timing says whether the e-mail has an
 * account.
 */
export class PasswordResets {
  readonly #pending = new Set<Promise<void>>();

  constructor(
    private readonly database: DatabaseHandle,
    private readonly clock: Clock,
    private readonly members: PortalMembers,
    private readonly links: SignInLinks,
    private readonly mailer: Mailer,
    private readonly activity: ActivityLogService,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Starts a reset for `email` (nothing happens for an unknown one); never throws. */
  request(email: string, ip: string): void {
    const work = this.send(email, ip).catch(this.onError);
    const tracked = work.finally(() => this.#pending.delete(tracked));
    this.#pending.add(tracked);
  }

  /** Waits for the resets under way (tests, shutdown). */
  async drain(): Promise<void> {
    await Promise.all([...this.#pending]);
  }

  private async send(email: string, ip: string): Promise<void> {
    const member = await this.members.findByEmail(email);
    if (member === undefined) return;
    const recent = await portalDb(this.database)
      .selectFrom('portal_sign_in_tokens')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('member_id', '=', member.id)
      .where('purpose', '=', 'reset')
      .where('created_at', '>', isoAt(this.clock.now() - HOUR_MS))
      .executeTakeFirstOrThrow();
    if (Number(recent.count) >= RESETS_PER_HOUR) return;
    const link = await this.links.issue(member.id, 'reset');
    await this.mailer.send({
      to: member.email,
      subject: 'Reset your IDV portal password',
      text:
        `Someone (you, we hope) asked to reset the password of ${member.email} on the ` +
        `identity-verification portal.\n\nChoose a new password here (the link works once, for ` +
        `${RESET_LINK_HOURS} hour):\n${link}\n\nIf it was not you, ignore this message: your ` +
        `password stays as it is.\n`,
    });
    await this.activity.record({
      companyId: member.companyId,
      userId: member.id,
      action: 'portal.password-reset.requested',
      resource: 'portal-member',
      resourceId: member.id,
      ip,
    });
  }
}
