import { ANALYSIS_SERVICES, type AnalysisService } from '@idv/contract';
import type { DatabaseHandle } from '../db/database.js';
import { isoAt, type Clock } from '../lib/clock.js';
import { sha256Hex } from '../lib/secrets.js';
import type { Mailer } from '../storage/mailer.js';

/** Share of the quota at which the account holder is e-mailed, once. */
export const QUOTA_NOTICE_RATIO = 0.8;

/** Decision of an `ApiKeyAuthority` (structurally the interface of CONTRIBUTING.md). */
export type ApiKeyDecision =
  { ok: true; keyId?: string } | { ok: false; status: 401 | 429; message: string };

/** Decides whether a presented `Api-Key` may call a service, counting the call when accepted. */
export interface ApiKeyAuthority {
  authorize(service: AnalysisService, presentedKey: string | undefined): Promise<ApiKeyDecision>;
}

/** What the key service needs: no deployment key (secrets are hashed, not sealed). */
export interface CloudKeyDependencies {
  database: DatabaseHandle;
  clock: Clock;
  mailer: Mailer;
  /** Receives errors of background work (the quota e-mail), which must never fail a call. */
  onBackgroundError?: (error: unknown) => void;
}

/**
 * The use of cloud-services keys: authorizing a presented key, counting its calls atomically, and
 * e-mailing the account holder once when a key passes {@link QUOTA_NOTICE_RATIO} of its calls.
 */
export class CloudKeyUsage implements ApiKeyAuthority {
  readonly #deps: CloudKeyDependencies;
  readonly #pending = new Set<Promise<void>>();

  constructor(deps: CloudKeyDependencies) {
    this.#deps = deps;
  }

  /**
   * Authorizes one call: missing, unknown, paused or revoked keys answer 401, an exhausted key 429.
   * The key is found by the SHA-256 of the presented value, so no secret is compared byte by byte,
   * and the call is counted by one conditional UPDATE, exact under any concurrency.
   */
  async authorize(
    service: AnalysisService,
    presentedKey: string | undefined,
  ): Promise<ApiKeyDecision> {
    if (presentedKey === undefined || presentedKey.length === 0) {
      return { ok: false, status: 401, message: 'missing Api-Key header' };
    }
    if (presentedKey.length > 200 || !ANALYSIS_SERVICES.includes(service)) {
      return { ok: false, status: 401, message: 'invalid Api-Key' };
    }
    const hash = sha256Hex(presentedKey);
    const now = isoAt(this.#deps.clock.now());
    const counted = await this.#deps.database.singleWrite((db) =>
      db
        .updateTable('cloud_keys')
        .set((eb) => ({ calls_used: eb('calls_used', '+', 1), last_used_at: now }))
        .where('secret_hash', '=', hash)
        .where('service', '=', service)
        .where('status', '=', 'active')
        .whereRef('calls_used', '<', 'calls_limit')
        .returning([
          'id',
          'company_id',
          'service',
          'name',
          'calls_used',
          'calls_limit',
          'notified_at',
        ])
        .executeTakeFirst(),
    );
    if (counted === undefined) {
      const row = await this.#deps.database.db
        .selectFrom('cloud_keys')
        .select(['status', 'calls_used', 'calls_limit'])
        .where('secret_hash', '=', hash)
        .where('service', '=', service)
        .executeTakeFirst();
      if (row !== undefined && row.status === 'active' && row.calls_used >= row.calls_limit) {
        return { ok: false, status: 429, message: 'trial calls of this key are used up' };
      }
      return { ok: false, status: 401, message: 'invalid Api-Key' };
    }
    if (
      counted.notified_at === null &&
      counted.calls_used >= Math.ceil(counted.calls_limit * QUOTA_NOTICE_RATIO)
    ) {
      this.track(this.noticeOnce(counted));
    }
    return { ok: true, keyId: counted.id };
  }

  private track(work: Promise<void>): void {
    const tracked = work
      .catch((error: unknown) => this.#deps.onBackgroundError?.(error))
      .finally(() => this.#pending.delete(tracked));
    this.#pending.add(tracked);
  }

  /** Claims the notice (conditional UPDATE: exactly one caller wins, in any process) and sends it. */
  private async noticeOnce(key: {
    id: string;
    company_id: string;
    service: string;
    name: string;
    calls_used: number;
    calls_limit: number;
  }): Promise<void> {
    const claimed = await this.#deps.database.db
      .updateTable('cloud_keys')
      .set({ notified_at: isoAt(this.#deps.clock.now()) })
      .where('id', '=', key.id)
      .where('notified_at', 'is', null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return;
    const user = await this.#deps.database.db
      .selectFrom('users')
      .select('email')
      .where('company_id', '=', key.company_id)
      .where('email', 'is not', null)
      .orderBy('created_at')
      .limit(1)
      .executeTakeFirst();
    if (user?.email == null) return;
    const percent = Math.floor((key.calls_used / key.calls_limit) * 100);
    await this.#deps.mailer.send({
      to: user.email,
      subject: `Your ${key.service} API key ${key.name} has used ${percent}% of its trial calls`,
      text:
        `The cloud-services key "${key.name}" (${key.service}) has made ${key.calls_used} of its ` +
        `${key.calls_limit} trial calls. Once they are used up the key answers 429.\n` +
        `Manage your keys in the cloud-services section, or reply to this e-mail to talk to sales.\n`,
    });
  }

  /** Waits for background work (quota e-mails) to settle. */
  async drain(): Promise<void> {
    await Promise.all([...this.#pending]);
  }
}
