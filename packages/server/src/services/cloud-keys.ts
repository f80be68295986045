import type * as contract from '@idv/contract';
import { randomUUID } from 'node:crypto';
import type { AnalysisService } from '@idv/contract';
import type { Selectable } from 'kysely';
import type { CloudKeysTable } from '../db/schema.js';
import { isoAt } from '../lib/clock.js';
import { Errors } from '../lib/errors.js';
import { isUniqueViolation } from '../lib/json.js';
import { randomSecret, sha256Hex } from '../lib/secrets.js';
import {
  CloudKeyUsage,
  type ApiKeyAuthority,
  type ApiKeyDecision,
  type CloudKeyDependencies,
} from './cloud-key-usage.js';

/** Live (not revoked) keys per company and service. */
export const MAX_KEYS_PER_SERVICE = 5;
/** Trial calls of each key during the launch period. */
export const TRIAL_CALLS_PER_KEY = 10_000;
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

/**
 * Cloud-services keys (DESIGN §8): created, rotated, paused and revoked by Premium and Pro
 * accounts; secrets stored only as SHA-256 hashes; every accepted call counted atomically; the
 * account holder e-mailed once when a key passes 80 % of its trial calls.
 */
export class CloudKeyService implements ApiKeyAuthority {
  readonly #usage: CloudKeyUsage;

  constructor(private readonly deps: CloudKeyDependencies) {
    this.#usage = new CloudKeyUsage(deps);
  }

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

  /** Authorizes one call and counts it (see {@link CloudKeyUsage.authorize}). */
  authorize(service: AnalysisService, presentedKey: string | undefined): Promise<ApiKeyDecision> {
    return this.#usage.authorize(service, presentedKey);
  }

  /** Waits for background work (quota e-mails) to settle. */
  drain(): Promise<void> {
    return this.#usage.drain();
  }
}
