import type * as contract from '@idv/contract';
import { randomUUID } from 'node:crypto';
import { ANALYSIS_SERVICES, type AnalysisService } from '@idv/contract';
import type { Selectable } from 'kysely';
import type { DatabaseHandle } from '../db/database.js';
import type { CloudKeysTable } from '../db/schema.js';
import { isoAt, type Clock } from '../lib/clock.js';
import { Errors } from '../lib/errors.js';
import { isUniqueViolation } from '../lib/json.js';
import { randomSecret, sha256Hex } from '../lib/secrets.js';
import type { Mailer } from '../storage/mailer.js';

/** Live (not revoked) keys per company and service. */
export const MAX_KEYS_PER_SERVICE = 5;
/** Trial calls of each key during the launch period. */
export const TRIAL_CALLS_PER_KEY = 10_000;
/** Share of the quota at which the account holder is e-mailed, once. */
export const QUOTA_NOTICE_RATIO = 0.8;

/** Decision of an `ApiKeyAuthority` (structurally the interface of CONTRIBUTING.md). */
export type ApiKeyDecision =
  { ok: true; keyId?: string } | { ok: false; status: 401 | 429; message: string };

/** Decides whether a presented `Api-Key` may call a service, counting the call when accepted. */
export interface ApiKeyAuthority {
  authorize(service: AnalysisService, presentedKey: string | undefined): Promise<ApiKeyDecision>;
}

/** A key as the cloud-services endpoints show it (never its secret, except once at creation/rotation). */
export type CloudKeyView = contract.CloudKey;

/** A key with its secret, answered only by creation and rotation. */
export type CloudKeyWithSecret = contract.CloudKeyWithSecret;

const SECRET_PREFIX = 'idvk_';

function newSecret(): { secret: string; prefix: string; hash: string } {
  const secret = `${SECRET_PREFIX}${randomSecret(32)}`;
  return { secret, prefix: secret.slice(0, SECRET_PREFIX.length + 6), hash: sha256Hex(secret) };
}

function view(row: Selectable<CloudKeysTable>): CloudKeyView {
  const status = row.status === 'paused' ? 'paused' : 'active';
  return {
    _id: row.id,
    service: row.service,
    name: row.name,
    prefix: row.prefix,
    status,
    paused: status === 'paused',
    usage: {
      used: row.calls_used,
      limit: row.calls_limit,
      remaining: Math.max(0, row.calls_limit - row.calls_used),
    },
    lastUsedAt: row.last_used_at,
    rotatedAt: row.rotated_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
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
 * Cloud-services keys (DESIGN §8): created, rotated, paused and revoked by Premium and Pro
 * accounts; secrets stored only as SHA-256 hashes; every accepted call counted atomically; the
 * account holder e-mailed once when a key passes 80 % of its trial calls.
 */
export class CloudKeyService implements ApiKeyAuthority {
  readonly #pending = new Set<Promise<void>>();

  constructor(private readonly deps: CloudKeyDependencies) {}

  private get db() {
    return this.deps.database.db;
  }

  private now(): string {
    return isoAt(this.deps.clock.now());
  }

  private async find(companyId: string, id: string): Promise<Selectable<CloudKeysTable>> {
    const row = await this.db
      .selectFrom('cloud_keys')
      .selectAll()
      .where('id', '=', id)
      .where('company_id', '=', companyId)
      .where('status', '<>', 'revoked')
      .executeTakeFirst();
    if (row === undefined) throw Errors.notFound('key');
    return row;
  }

  /**
   * Creates a key holding a free slot 1..5 of its service. The slot is guarded by a unique index
   * over live keys, so concurrent creations can never exceed five (422 once they are taken).
   */
  async create(
    companyId: string,
    service: AnalysisService,
    name: string | undefined,
  ): Promise<CloudKeyWithSecret> {
    for (let attempt = 0; attempt < MAX_KEYS_PER_SERVICE * 2; attempt++) {
      const taken = await this.db
        .selectFrom('cloud_keys')
        .select('slot')
        .where('company_id', '=', companyId)
        .where('service', '=', service)
        .where('status', '<>', 'revoked')
        .execute();
      const used = new Set(taken.map((t) => t.slot));
      const slot = [1, 2, 3, 4, 5].find((s) => !used.has(s));
      if (slot === undefined) {
        throw Errors.unprocessable(
          `at most ${MAX_KEYS_PER_SERVICE} keys per service; revoke one first`,
        );
      }
      const { secret, prefix, hash } = newSecret();
      const now = this.now();
      const row: Selectable<CloudKeysTable> = {
        id: randomUUID(),
        company_id: companyId,
        service,
        name: name ?? `${service} key ${slot}`,
        slot,
        prefix,
        secret_hash: hash,
        status: 'active',
        calls_used: 0,
        calls_limit: TRIAL_CALLS_PER_KEY,
        notified_at: null,
        last_used_at: null,
        rotated_at: null,
        created_at: now,
        updated_at: now,
      };
      try {
        await this.db.insertInto('cloud_keys').values(row).execute();
        return { ...view(row), secret };
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        // Another request took the slot between our read and insert: read again.
      }
    }
    throw Errors.unavailable('could not allocate a key slot; retry');
  }

  async list(companyId: string): Promise<CloudKeyView[]> {
    const rows = await this.db
      .selectFrom('cloud_keys')
      .selectAll()
      .where('company_id', '=', companyId)
      .where('status', '<>', 'revoked')
      .orderBy('service')
      .orderBy('created_at')
      .execute();
    return rows.map(view);
  }

  async get(companyId: string, id: string): Promise<CloudKeyView> {
    return view(await this.find(companyId, id));
  }

  /** Replaces the secret (the old one stops working at once); usage carries over. */
  async rotate(companyId: string, id: string): Promise<CloudKeyWithSecret> {
    await this.find(companyId, id);
    const { secret, prefix, hash } = newSecret();
    const now = this.now();
    await this.db
      .updateTable('cloud_keys')
      .set({ secret_hash: hash, prefix, rotated_at: now, updated_at: now })
      .where('id', '=', id)
      .where('company_id', '=', companyId)
      .execute();
    return { ...(await this.get(companyId, id)), secret };
  }

  async setPaused(companyId: string, id: string, paused: boolean): Promise<CloudKeyView> {
    await this.find(companyId, id);
    await this.db
      .updateTable('cloud_keys')
      .set({ status: paused ? 'paused' : 'active', updated_at: this.now() })
      .where('id', '=', id)
      .where('company_id', '=', companyId)
      .where('status', '<>', 'revoked')
      .execute();
    return this.get(companyId, id);
  }

  /** Revokes a key for good; its slot is freed. */
  async revoke(companyId: string, id: string): Promise<{ _id: string; deleted: true }> {
    await this.find(companyId, id);
    await this.db
      .updateTable('cloud_keys')
      .set({ status: 'revoked', updated_at: this.now() })
      .where('id', '=', id)
      .where('company_id', '=', companyId)
      .execute();
    return { _id: id, deleted: true };
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
    const now = this.now();
    const counted = await this.deps.database.singleWrite((db) =>
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
      const row = await this.db
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
      .catch((error: unknown) => this.deps.onBackgroundError?.(error))
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
    const claimed = await this.db
      .updateTable('cloud_keys')
      .set({ notified_at: this.now() })
      .where('id', '=', key.id)
      .where('notified_at', 'is', null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return;
    const user = await this.db
      .selectFrom('users')
      .select('email')
      .where('company_id', '=', key.company_id)
      .where('email', 'is not', null)
      .orderBy('created_at')
      .limit(1)
      .executeTakeFirst();
    if (user?.email == null) return;
    const percent = Math.floor((key.calls_used / key.calls_limit) * 100);
    await this.deps.mailer.send({
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
