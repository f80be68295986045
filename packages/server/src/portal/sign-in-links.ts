import type { DatabaseHandle } from '../db/database.js';
import { HOUR_MS, isoAt, type Clock } from '../lib/clock.js';
import { randomSecret, sha256Hex } from '../lib/secrets.js';
import { portalDb, type PortalTokenPurpose } from './schema.js';

/** How long a sign-in link stays usable. */
export const SIGN_IN_LINK_HOURS = 72;
/** How long an invitation stays usable. */
export const INVITATION_HOURS = 72;
/** How long a password-reset link stays usable (short: it arrives while the person waits). */
export const RESET_LINK_HOURS = 1;

const LIFETIME_HOURS: Record<PortalTokenPurpose, number> = {
  'sign-in': SIGN_IN_LINK_HOURS,
  invitation: INVITATION_HOURS,
  reset: RESET_LINK_HOURS,
};

/**
 * One-time sign-in links: `{publicAppUrl}/app/sign-in#token=…`. The token sits in the fragment,
 * which browsers never send, so it reaches no access log nor `Referer`; the page posts it once.
 */
export class SignInLinks {
  constructor(
    private readonly database: DatabaseHandle,
    private readonly clock: Clock,
    private readonly publicAppUrl: string,
  ) {}

  /** Issues a link for a person (its lifetime set by `purpose`); only its hash is stored. */
  async issue(memberId: string, purpose: PortalTokenPurpose = 'sign-in'): Promise<string> {
    const token = randomSecret(32);
    const now = this.clock.now();
    await portalDb(this.database)
      .insertInto('portal_sign_in_tokens')
      .values({
        token_hash: sha256Hex(token),
        member_id: memberId,
        expires_at: isoAt(now + LIFETIME_HOURS[purpose] * HOUR_MS),
        used_at: null,
        created_at: isoAt(now),
        purpose,
      })
      .execute();
    return `${this.publicAppUrl}/app/sign-in#token=${token}`;
  }

  /**
   * Spends a token: answers its person once, while it has not expired; undefined otherwise (a
   * second use included, even concurrent: the update is conditional).
   */
  async redeem(token: string): Promise<string | undefined> {
    const db = portalDb(this.database);
    const hash = sha256Hex(token);
    const now = isoAt(this.clock.now());
    const row = await db
      .selectFrom('portal_sign_in_tokens')
      .select('member_id')
      .where('token_hash', '=', hash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    if (row === undefined) return undefined;
    const spent = await db
      .updateTable('portal_sign_in_tokens')
      .set({ used_at: now })
      .where('token_hash', '=', hash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(spent.numUpdatedRows) === 1 ? row.member_id : undefined;
  }

  /**
   * Spends every unused link of a person: once a link set their password, an older invitation or
   * reset link lying in a mailbox must not set it again.
   */
  async spendAllOf(memberId: string): Promise<void> {
    await portalDb(this.database)
      .updateTable('portal_sign_in_tokens')
      .set({ used_at: isoAt(this.clock.now()) })
      .where('member_id', '=', memberId)
      .where('used_at', 'is', null)
      .execute();
  }

  /**
   * Deletes the links past their expiry, used or not (sign-in links, invitations and resets);
   * answers how many. Run by the server's periodic upkeep.
   */
  async purgeExpired(): Promise<number> {
    const result = await portalDb(this.database)
      .deleteFrom('portal_sign_in_tokens')
      .where('expires_at', '<=', isoAt(this.clock.now()))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
