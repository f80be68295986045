/** `idv-server account create`: a company, its user and their credentials. */
import { randomUUID } from 'node:crypto';
import { isoAt } from '../lib/clock.js';
import { randomSecret, randomWebhookSecret } from '../lib/secrets.js';
import { clientSecretContext, webhookSecretContext } from './account-secrets.js';
import type { BillingService } from './billing.js';
import type { ServiceContext } from './context.js';
import { DEFAULT_LINK_HOURS, PLANS, type PlanName } from './plans.js';

/** Input of `idv-server account create`. */
export interface NewAccount {
  company: string;
  plan: PlanName;
  /** Monthly quota; only Pro may set it. */
  quota?: number | undefined;
  email?: string | undefined;
}

/** What account creation prints: the only time the caller needs to be told the secrets. */
export interface AccountCredentials {
  userId: string;
  companyId: string;
  clientId: string;
  clientSecret: string;
  webhookSecret: string;
}

/** Thrown for an account that cannot be created as asked (bad plan/quota combination). */
export class AccountInputError extends Error {
  override name = 'AccountInputError';
}

/**
 * Creates a company, its user and its subscription in one transaction, with fresh credentials
 * (sealed at rest); safe while a server runs on the same database.
 * @throws {AccountInputError} a plan and quota that do not go together, or a bad company name.
 */
export async function createAccount(
  ctx: ServiceContext,
  billing: BillingService,
  input: NewAccount,
): Promise<AccountCredentials> {
  const rules = PLANS[input.plan];
  if (input.quota !== undefined && !rules.configurableQuota) {
    throw new AccountInputError(
      `--quota applies to the pro plan only; ${input.plan} has a fixed quota of ${rules.quota}`,
    );
  }
  if (input.quota !== undefined && (!Number.isInteger(input.quota) || input.quota < 1)) {
    throw new AccountInputError('--quota must be a whole number of at least 1');
  }
  const name = input.company.trim();
  if (name === '' || name.length > 200)
    throw new AccountInputError('--company must be 1 to 200 characters');
  const now = ctx.clock.now();
  const at = isoAt(now);
  const companyId = randomUUID();
  const userId = randomUUID();
  const credentials: AccountCredentials = {
    userId,
    companyId,
    clientId: randomUUID(),
    clientSecret: randomSecret(32),
    webhookSecret: randomWebhookSecret(),
  };
  const windows = rules.fixedWindows ?? {
    linkHours: DEFAULT_LINK_HOURS,
    dataHours: rules.defaultDataHours,
  };
  await ctx.database.writeTransaction(async (trx) => {
    await trx
      .insertInto('companies')
      .values({
        id: companyId,
        name,
        plan: input.plan,
        monthly_quota: input.quota ?? rules.quota,
        color: '#1f6feb',
        anti_spoofing: 1,
        allow_uploaded_selfie: 0,
        handoff_mode: 'never',
        location_permission: input.plan === 'basic' ? 'never' : 'optional',
        link_expiration_hours: windows.linkHours,
        data_expiration_hours: windows.dataHours,
        adaptive_flow: 0,
        callback_url: null,
        onboarding_business_id: randomUUID(),
        gate_rules: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
    await trx
      .insertInto('users')
      .values({
        id: userId,
        company_id: companyId,
        email: input.email ?? null,
        client_id: credentials.clientId,
        client_secret_sealed: ctx.secretBox.seal(
          credentials.clientSecret,
          clientSecretContext(userId),
        ),
        webhook_secret_sealed: ctx.secretBox.seal(
          credentials.webhookSecret,
          webhookSecretContext(userId),
        ),
        created_at: at,
        updated_at: at,
      })
      .execute();
    await billing.openSubscription(trx, companyId, input.plan, now);
  });
  return credentials;
}
