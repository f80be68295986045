import { preparedQuery } from '../db/prepared.js';
import { DAY_MS, isoAt } from '../lib/clock.js';
import { randomSecret, sha256Hex } from '../lib/secrets.js';
import type { ClientIdentity } from './accounts.js';
import type { ServiceContext } from './context.js';
import type { PlanName } from './plans.js';

/** Access token lifetime (spec: 3600 seconds). */
export const TOKEN_LIFETIME_SECONDS = 3600;

/**
 * Expired (and revoked) tokens are remembered this long, so they answer 401 "expired" ("revoked")
 * rather than 403 "invalid".
 */
const EXPIRED_TOKEN_MEMORY_MS = 7 * DAY_MS;

/** The caller behind a valid token. */
export interface TokenIdentity {
  userId: string;
  companyId: string;
  plan: PlanName;
}

/**
 * Result of checking a presented token: `expired` and `revoked` are tokens this service issued
 * that ended (401 `invalid_token`); `invalid` is anything else (403).
 */
export type TokenCheck =
  | { state: 'valid'; identity: TokenIdentity }
  | { state: 'expired' }
  | { state: 'revoked' }
  | { state: 'invalid' };

/**
 * How long a checked token is remembered in the process (never past its expiry). It bounds how
 * long another process may still accept a token revoked in the database (client secret rotation,
 * `idv-server account revoke-tokens`): every process refuses it within this delay. The process
 * that revokes forgets its own entries at once (`forgetClient`); on PostgreSQL every process drops
 * its entries as soon as the revocation's notification arrives (`LISTEN`), usually within
 * milliseconds, and this delay is the bound when that connection is down.
 */
export const TOKEN_REVOCATION_DELAY_MS = 1000;
const CHECK_CACHE_MS = TOKEN_REVOCATION_DELAY_MS;
const CHECK_CACHE_ENTRIES = 10_000;

interface CachedCheck {
  identity: TokenIdentity;
  expiresAt: number;
  cachedUntil: number;
}

/** Bearer tokens: random 256-bit values, stored only as SHA-256 hashes. */
export class TokenService {
  /** Valid tokens seen lately, by hash: saves the lookup on every authenticated request. */
  readonly #recent = new Map<string, CachedCheck>();
  readonly #lookup;
  #listening = false;

  constructor(private readonly ctx: ServiceContext) {
    const db = ctx.database.db;
    this.#lookup = preparedQuery(db, ['hash'], (p) =>
      db
        .selectFrom('access_tokens')
        .innerJoin('companies', 'companies.id', 'access_tokens.company_id')
        .select([
          'access_tokens.user_id',
          'access_tokens.company_id',
          'access_tokens.expires_at',
          'access_tokens.revoked_at',
          'companies.plan',
        ])
        .where('access_tokens.token_hash', '=', p.hash),
    );
  }

  /** Issues a token for an authenticated client. */
  async issue(client: ClientIdentity): Promise<{ accessToken: string; expiresIn: number }> {
    const token = randomSecret(32);
    const now = this.ctx.clock.now();
    await this.ctx.database.db
      .insertInto('access_tokens')
      .values({
        token_hash: sha256Hex(token),
        user_id: client.userId,
        company_id: client.companyId,
        expires_at: isoAt(now + TOKEN_LIFETIME_SECONDS * 1000),
        created_at: isoAt(now),
        revoked_at: null,
      })
      .execute();
    return { accessToken: token, expiresIn: TOKEN_LIFETIME_SECONDS };
  }

  /**
   * Checks a presented token. It is looked up by its SHA-256 hash, so the lookup never compares
   * the secret itself and its timing reveals nothing about it.
   */
  async check(token: string): Promise<TokenCheck> {
    if (token.length === 0 || token.length > 200) return { state: 'invalid' };
    if (!this.#listening) {
      // Subscribed by the first check (a serving process), not by the CLI's short-lived services.
      this.#listening = true;
      this.ctx.database.listen('tokens', () => this.#recent.clear());
    }
    const hash = sha256Hex(token);
    const now = this.ctx.clock.now();
    const cached = this.#recent.get(hash);
    if (cached !== undefined && cached.cachedUntil > now) {
      return cached.expiresAt <= now
        ? { state: 'expired' }
        : { state: 'valid', identity: cached.identity };
    }
    const [row] = await this.#lookup({ hash });
    if (row === undefined) return { state: 'invalid' };
    if (row.revoked_at !== null) return { state: 'revoked' };
    const expiresAt = Date.parse(row.expires_at);
    if (expiresAt <= now) return { state: 'expired' };
    const identity: TokenIdentity = {
      userId: row.user_id,
      companyId: row.company_id,
      plan: row.plan,
    };
    if (this.#recent.size >= CHECK_CACHE_ENTRIES) this.#recent.clear();
    this.#recent.set(hash, {
      identity,
      expiresAt,
      cachedUntil: Math.min(expiresAt, now + CHECK_CACHE_MS),
    });
    return { state: 'valid', identity };
  }

  /** Drops this process's cached checks of a client's tokens (after they were revoked). */
  forgetClient(userId: string): void {
    for (const [hash, cached] of this.#recent)
      if (cached.identity.userId === userId) this.#recent.delete(hash);
  }

  /** Forgets tokens long expired. */
  async purgeExpired(): Promise<number> {
    const result = await this.ctx.database.db
      .deleteFrom('access_tokens')
      .where('expires_at', '<', isoAt(this.ctx.clock.now() - EXPIRED_TOKEN_MEMORY_MS))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
