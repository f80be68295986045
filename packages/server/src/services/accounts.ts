import type * as contract from '@idv/contract';
import { preparedQuery } from '../db/prepared.js';
import { RecentRows } from '../db/recent-rows.js';
import { isoAt } from '../lib/clock.js';
import { Errors } from '../lib/errors.js';
import { constantTimeEqual, randomSecret, randomWebhookSecret } from '../lib/secrets.js';
import { createAccount, type AccountCredentials, type NewAccount } from './account-creation.js';
import { clientSecretContext, webhookSecretContext } from './account-secrets.js';
import type { BillingService } from './billing.js';
import type { Executor, ServiceContext } from './context.js';
import type { PlanName } from './plans.js';

export { AccountInputError, type AccountCredentials, type NewAccount } from './account-creation.js';

/** `GET /users/me`. */
export type UserView = contract.UserView;

/** An authenticated API client. */
export interface ClientIdentity {
  userId: string;
  companyId: string;
  clientId: string;
  plan: PlanName;
}

/** Accounts: a user and its company, their credentials, sealed at rest. */
export class AccountService {
  /** The account holder's sealed webhook secret, read by every delivery attempt: compiled once. */
  readonly #webhookSecretQuery;
  /**
   * PostgreSQL: the opened webhook secrets of companies whose deliveries went out lately (every
   * attempt signs with one; reading and opening it cost a round trip and a decryption each). A
   * rotation clears it in this process at once and in every other at its `NOTIFY` (channel
   * `companies`), at the latest `RECENT_ROWS_MS` (1 s) later (see `RecentRows`).
   */
  readonly #recentWebhookSecrets: RecentRows<{ secret: string }> | undefined;

  constructor(
    private readonly ctx: ServiceContext,
    private readonly billing: BillingService,
  ) {
    const db = ctx.database.db;
    this.#webhookSecretQuery = preparedQuery(db, ['companyId'], (p) =>
      db
        .selectFrom('users')
        .select(['id', 'webhook_secret_sealed'])
        .where('company_id', '=', p.companyId)
        .orderBy('created_at')
        .limit(1),
    );
    if (ctx.database.dialect === 'postgres')
      this.#recentWebhookSecrets = new RecentRows(ctx.database, 'companies', async (companyId) => {
        const secret = await this.#readWebhookSecret(companyId, ctx.database.db);
        return secret === undefined ? undefined : { secret };
      });
  }

  /** Creates a company and its user; safe while a server runs on the same database. */
  create(input: NewAccount): Promise<AccountCredentials> {
    return createAccount(this.ctx, this.billing, input);
  }

  /**
   * Checks client credentials. The secret is compared in constant time, and an unknown client id
   * costs the same comparison, so timing tells nothing about which part was wrong.
   */
  async authenticateClient(
    clientId: string,
    clientSecret: string,
  ): Promise<ClientIdentity | undefined> {
    const row = await this.ctx.database.db
      .selectFrom('users')
      .innerJoin('companies', 'companies.id', 'users.company_id')
      .select([
        'users.id as userId',
        'users.company_id as companyId',
        'users.client_secret_sealed',
        'companies.plan',
      ])
      .where('users.client_id', '=', clientId)
      .executeTakeFirst();
    const expected =
      row === undefined
        ? randomSecret(32)
        : this.ctx.secretBox.open(row.client_secret_sealed, clientSecretContext(row.userId));
    const matches = constantTimeEqual(expected, clientSecret);
    if (row === undefined || !matches) return undefined;
    return { userId: row.userId, companyId: row.companyId, clientId, plan: row.plan };
  }

  /** The account of a token, with its secrets opened. */
  async me(userId: string): Promise<UserView> {
    const row = await this.ctx.database.db
      .selectFrom('users')
      .innerJoin('companies', 'companies.id', 'users.company_id')
      .select([
        'users.id',
        'users.email',
        'users.company_id',
        'users.client_id',
        'users.client_secret_sealed',
        'users.webhook_secret_sealed',
        'users.created_at',
        'users.updated_at',
        'companies.callback_url',
      ])
      .where('users.id', '=', userId)
      .executeTakeFirst();
    if (row === undefined) throw Errors.notFound('user');
    return {
      _id: row.id,
      email: row.email,
      companyId: row.company_id,
      clientId: row.client_id,
      clientSecret: this.ctx.secretBox.open(row.client_secret_sealed, clientSecretContext(row.id)),
      webhookSecret: this.ctx.secretBox.open(
        row.webhook_secret_sealed,
        webhookSecretContext(row.id),
      ),
      callbackUrl: row.callback_url,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  }

  /**
   * Replaces the client secret (spec: the "refresh action that rotates them"; DESIGN §9) and, in
   * the same transaction, revokes every access token of the client: a token obtained with the old
   * secret stops working at once in this process (the caller forgets it from the token cache) and
   * within `TOKEN_REVOCATION_DELAY_MS` in every other process. Answers the new secret, shown once.
   */
  async rotateClientSecret(
    userId: string,
  ): Promise<{ clientId: string; clientSecret: string; revokedTokens: number }> {
    const clientSecret = randomSecret(32);
    const now = isoAt(this.ctx.clock.now());
    return this.ctx.database.writeTransaction(async (trx) => {
      const user = await trx
        .selectFrom('users')
        .select('client_id')
        .where('id', '=', userId)
        .executeTakeFirst();
      if (user === undefined) throw Errors.notFound('user');
      await trx
        .updateTable('users')
        .set({
          client_secret_sealed: this.ctx.secretBox.seal(clientSecret, clientSecretContext(userId)),
          updated_at: now,
        })
        .where('id', '=', userId)
        .execute();
      const revokedTokens = await this.#revokeTokens(trx, userId, now);
      return { clientId: user.client_id, clientSecret, revokedTokens };
    });
  }

  /** Revokes every access token of a client (the secret stays); answers how many there were. */
  async revokeTokens(userId: string): Promise<number> {
    const now = isoAt(this.ctx.clock.now());
    return this.ctx.database.writeTransaction((trx) => this.#revokeTokens(trx, userId, now));
  }

  /** The user behind a client id (the CLI names clients by id), or undefined. */
  async userOfClient(clientId: string): Promise<{ userId: string; companyId: string } | undefined> {
    const row = await this.ctx.database.db
      .selectFrom('users')
      .select(['id', 'company_id'])
      .where('client_id', '=', clientId)
      .executeTakeFirst();
    return row === undefined ? undefined : { userId: row.id, companyId: row.company_id };
  }

  /**
   * Marks every token of the client not yet revoked as revoked (kept until purged with the expired
   * ones, so that it answers 401 "revoked", not 403 "invalid"); answers how many.
   */
  async #revokeTokens(trx: Executor, userId: string, now: string): Promise<number> {
    const result = await trx
      .updateTable('access_tokens')
      .set({ revoked_at: now })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    // Every server process drops its cached token checks at the commit (PostgreSQL NOTIFY; the
    // cache's 1 s bound holds regardless).
    await this.ctx.database.notify(trx, 'tokens');
    return Number(result.numUpdatedRows);
  }

  /**
   * Replaces the webhook signing secret; effective for the next signature of this process, and of
   * every other within a second (the commit notifies `companies`, which drops their cached copies).
   */
  async rotateWebhookSecret(userId: string): Promise<string> {
    const secret = randomWebhookSecret();
    const { database } = this.ctx;
    const companyId = await database.writeTransaction(async (trx) => {
      const row = await trx
        .updateTable('users')
        .set({
          webhook_secret_sealed: this.ctx.secretBox.seal(secret, webhookSecretContext(userId)),
          updated_at: isoAt(this.ctx.clock.now()),
        })
        .where('id', '=', userId)
        .returning('company_id')
        .executeTakeFirst();
      if (row === undefined) throw Errors.notFound('user');
      await database.notify(trx, 'companies');
      return row.company_id;
    });
    this.#recentWebhookSecrets?.forget(companyId);
    return secret;
  }

  /**
   * The webhook signing secret of a company's account (for the delivery worker). PostgreSQL: from
   * a copy opened at most 1 s ago that no rotation has replaced since (see `#recentWebhookSecrets`).
   * @throws when the sealed secret cannot be opened (another deployment key): never cached.
   */
  async webhookSecretOfCompany(
    companyId: string,
    db: Executor = this.ctx.database.db,
  ): Promise<string | undefined> {
    if (this.#recentWebhookSecrets !== undefined && db === this.ctx.database.db)
      return (await this.#recentWebhookSecrets.get(companyId))?.secret;
    return this.#readWebhookSecret(companyId, db);
  }

  /** Reads and opens the webhook secret of a company's account holder. */
  async #readWebhookSecret(companyId: string, db: Executor): Promise<string | undefined> {
    const [row] = await this.#webhookSecretQuery({ companyId }, db);
    return row === undefined
      ? undefined
      : this.ctx.secretBox.open(row.webhook_secret_sealed, webhookSecretContext(row.id));
  }

  /** The e-mail address of a company's account holder, if one was given. */
  async emailOfCompany(
    companyId: string,
    db: Executor = this.ctx.database.db,
  ): Promise<string | undefined> {
    const row = await db
      .selectFrom('users')
      .select('email')
      .where('company_id', '=', companyId)
      .where('email', 'is not', null)
      .orderBy('created_at')
      .limit(1)
      .executeTakeFirst();
    return row?.email ?? undefined;
  }
}
