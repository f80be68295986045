import { msg, str } from '@lit/localize';

/**
 * The activity log's action codes (what the server records, `activity_logs.action`) as people
 * read them, in the portal's language. A code the portal does not know yet (a newer server) has
 * no label: the screen shows it as it is.
 */
const LABELS: ReadonlyMap<string, () => string> = new Map([
  ['link.created', () => msg('Link created')],
  ['link.emailed', () => msg('Link sent by e-mail')],
  ['token.issued', () => msg('API access token issued')],
  ['access_tokens.revoked', () => msg('API access tokens revoked')],
  ['client_secret.rotated', () => msg('Client secret rotated')],
  ['webhook_secret.revealed', () => msg('Webhook secret revealed')],
  ['webhook_secret.rotated', () => msg('Webhook secret rotated')],
  ['webhook_endpoint.created', () => msg('Webhook endpoint added')],
  ['webhook_endpoint.updated', () => msg('Webhook endpoint changed')],
  ['webhook_endpoint.deleted', () => msg('Webhook endpoint deleted')],
  ['webhook_endpoint.test_sent', () => msg('Webhook test event sent')],
  ['webhook_delivery.resent', () => msg('Webhook delivery resent')],
  ['verification.feedback', () => msg('Verification result overridden')],
  ['company.updated', () => msg('Company settings changed')],
  ['company.logo_uploaded', () => msg('Logo uploaded')],
  ['company.logo_removed', () => msg('Logo removed')],
  ['contact_request.created', () => msg('Contact request sent')],
  ['billing.payment_method_added', () => msg('Payment method added')],
  ['cloud_key.created', () => msg('Analysis key created')],
  ['cloud_key.rotated', () => msg('Analysis key rotated')],
  ['cloud_key.paused', () => msg('Analysis key paused')],
  ['cloud_key.resumed', () => msg('Analysis key resumed')],
  ['cloud_key.revoked', () => msg('Analysis key revoked')],
  ['portal.member.created', () => msg('Portal account created')],
  ['portal.member.invited', () => msg('Person invited')],
  ['portal.member.invitation.resent', () => msg('Invitation sent again')],
  ['portal.member.removed', () => msg('Person removed')],
  ['portal.sign-in.password', () => msg('Signed in with the password')],
  ['portal.sign-in.link', () => msg('Signed in with a one-time link')],
  ['portal.sign-out', () => msg('Signed out')],
  ['portal.password-reset.requested', () => msg('Password reset requested')],
]);

/** The prefix of a role change's code: `portal.member.role.{role}`. */
const ROLE_CHANGE = 'portal.member.role.';

/** The label of an action code, or undefined for a code the portal does not know. */
export function activityLabel(code: string): string | undefined {
  if (code.startsWith(ROLE_CHANGE) && code.length > ROLE_CHANGE.length) {
    const role = code.slice(ROLE_CHANGE.length);
    return msg(str`Role changed to ${role}`);
  }
  return LABELS.get(code)?.();
}
