/** `idv-server account …`: creating accounts and acting on their credentials. */
import { PLAN_NAMES, type PlanName } from '../services/plans.js';
import { configFrom, dataDirOption, HELP, parse, UsageError } from './usage.js';

/** `idv-server account create|sign-in-link|rotate-secret|revoke-tokens`. */
export async function commandAccount(args: string[]): Promise<void> {
  const { values, positionals } = parse(args, {
    company: { type: 'string' },
    plan: { type: 'string' },
    quota: { type: 'string' },
    email: { type: 'string' },
    'client-id': { type: 'string' },
    json: { type: 'boolean' },
    ...dataDirOption,
  });
  if (values.help === true) return void process.stdout.write(HELP);
  const action = positionals.length === 1 ? positionals[0] : undefined;
  if (action === 'rotate-secret' || action === 'revoke-tokens')
    return commandClientCredentials(action, values);
  if (action === 'sign-in-link') return commandSignInLink(values);
  if (action !== 'create')
    throw new UsageError(
      'expected: idv-server account create|sign-in-link|rotate-secret|revoke-tokens …',
    );
  const company = values.company as string | undefined;
  const plan = values.plan as string | undefined;
  if (company === undefined) throw new UsageError('--company NAME is required');
  if (plan === undefined || !(PLAN_NAMES as readonly string[]).includes(plan)) {
    throw new UsageError('--plan must be basic, premium or pro');
  }
  const quotaText = values.quota as string | undefined;
  if (quotaText !== undefined && !/^\d+$/.test(quotaText))
    throw new UsageError('--quota must be a whole number');
  const email = values.email as string | undefined;
  if (email !== undefined && !/^[^\s@]+@[^\s@]+$/.test(email))
    throw new UsageError('--email must be an e-mail address');
  const config = configFrom(values);
  const { createServices } = await import('../services/index.js');
  const services = await createServices({ config });
  try {
    const credentials = await services.accounts.create({
      company,
      plan: plan as PlanName,
      quota: quotaText === undefined ? undefined : Number(quotaText),
      email,
    });
    const { portalOwnerSignInLink } = await import('../portal/cli-owner.js');
    const signInLink =
      email === undefined
        ? undefined
        : await portalOwnerSignInLink(services, credentials.companyId, email, (warning) =>
            process.stderr.write(`${warning}\n`),
          );
    if (values.json === true) {
      process.stdout.write(`${JSON.stringify({ ...credentials, signInLink })}\n`);
    } else {
      process.stdout.write(
        `Created ${plan} account "${company}"\n` +
          `  userId         ${credentials.userId}\n  companyId      ${credentials.companyId}\n` +
          `  clientId       ${credentials.clientId}\n  clientSecret   ${credentials.clientSecret}\n` +
          `  webhookSecret  ${credentials.webhookSecret}\n` +
          'Keep the secrets in a backend secret store; GET /api/v1/users/me shows them again.\n' +
          (signInLink === undefined
            ? 'Add --email to get a sign-in link to the portal (/app/).\n'
            : `Portal sign-in link for ${email} (one use, 72 hours):\n  ${signInLink}\n`),
      );
    }
  } finally {
    await services.close();
  }
}

/**
 * `account rotate-secret` and `account revoke-tokens`: act on one API client, named by its client
 * id. Servers on the same database refuse the revoked tokens within `TOKEN_REVOCATION_DELAY_MS`.
 */
async function commandClientCredentials(
  action: 'rotate-secret' | 'revoke-tokens',
  values: Record<string, string | boolean | undefined>,
): Promise<void> {
  const clientId = values['client-id'];
  if (typeof clientId !== 'string' || clientId.trim() === '')
    throw new UsageError('--client-id ID is required');
  const { createServices } = await import('../services/index.js');
  const services = await createServices({ config: configFrom(values) });
  try {
    const user = await services.accounts.userOfClient(clientId);
    if (user === undefined) throw new UsageError(`no API client with id ${clientId}`);
    const activity = (name: string) =>
      services.activity.record({
        companyId: user.companyId,
        userId: user.userId,
        action: name,
        resource: 'user',
        resourceId: user.userId,
        ip: null,
      });
    if (action === 'rotate-secret') {
      const rotated = await services.accounts.rotateClientSecret(user.userId);
      await activity('client_secret.rotated');
      process.stdout.write(
        values.json === true
          ? `${JSON.stringify(rotated)}\n`
          : `New client secret for ${rotated.clientId} (shown once):\n  clientSecret   ${rotated.clientSecret}\n` +
              `Revoked ${rotated.revokedTokens} access token(s).\n`,
      );
    } else {
      const revokedTokens = await services.accounts.revokeTokens(user.userId);
      await activity('access_tokens.revoked');
      process.stdout.write(
        values.json === true
          ? `${JSON.stringify({ clientId, revokedTokens })}\n`
          : `Revoked ${revokedTokens} access token(s) of ${clientId}.\n`,
      );
    }
  } finally {
    await services.close();
  }
}

/** `account sign-in-link`: a new one-time portal sign-in link for a person, by e-mail. */
async function commandSignInLink(values: Record<string, string | boolean | undefined>) {
  const email = values.email;
  if (typeof email !== 'string') throw new UsageError('--email E is required');
  const { createServices } = await import('../services/index.js');
  const { createPortalServices } = await import('../portal/portal-services.js');
  const services = await createServices({ config: configFrom(values) });
  try {
    const portal = createPortalServices(services);
    const member = await portal.members.findByEmail(email);
    if (member === undefined) throw new UsageError(`no portal account for ${email}`);
    const signInLink = await portal.signInLinks.issue(member.id);
    process.stdout.write(
      values.json === true ? `${JSON.stringify({ email, signInLink })}\n` : `${signInLink}\n`,
    );
  } finally {
    await services.close();
  }
}
