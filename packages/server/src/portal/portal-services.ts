import type { AppServices } from '../services/index.js';
import { PortalActivity } from './activity.js';
import { ApiClientOfCompany } from './api-client.js';
import { Inbox } from './inbox.js';
import { Overview } from './overview.js';
import { PortalMembers, type PortalMember } from './members.js';
import { PasswordResets } from './password-resets.js';
import type { PortalRole } from './schema.js';
import { PortalSessions } from './sessions.js';
import { SignInLinks } from './sign-in-links.js';
import { SignInThrottle } from './sign-in-throttle.js';
import { PortalTeam } from './team.js';
import { WebhookSends } from './webhook-sends.js';
import { VerificationReview } from './verification-review.js';

/** The portal's own services, over the app's database and clock. */
export interface PortalServices {
  readonly members: PortalMembers;
  readonly signInLinks: SignInLinks;
  readonly sessions: PortalSessions;
  readonly inbox: Inbox;
  readonly throttle: SignInThrottle;
  /** The company's REST API client (the Developers screen). */
  readonly apiClients: ApiClientOfCompany;
  readonly team: PortalTeam;
  readonly overview: Overview;
  readonly passwordResets: PasswordResets;
  /** Test events and resends through the webhook outbox (the Developers screen). */
  readonly webhookSends: WebhookSends;
  /** The activity log as its screen reads it. */
  readonly activity: PortalActivity;
  /** The verification detail's review (readings, selfie, timeline, deliveries, related). */
  readonly review: VerificationReview;
}

/**
 * Builds the portal's services beside the app's; `onBackgroundError` receives the failures of
 * work done after the answer (the e-mail of a password reset).
 */
export function createPortalServices(
  services: AppServices,
  onBackgroundError: (error: unknown) => void = (error) =>
    process.emitWarning(`portal background work failed: ${String(error)}`),
): PortalServices {
  const { database, clock, config } = services.context;
  const members = new PortalMembers(database, clock);
  const signInLinks = new SignInLinks(database, clock, config.publicAppUrl);
  const { mailer, activity } = services;
  return {
    members,
    signInLinks,
    sessions: new PortalSessions(database, clock),
    inbox: new Inbox(database, clock),
    throttle: new SignInThrottle(services),
    apiClients: new ApiClientOfCompany(database, services.companies),
    overview: new Overview(database, clock, services.stats),
    review: new VerificationReview(database, services.verifications),
    team: new PortalTeam(database, members, signInLinks, clock, mailer, activity),
    passwordResets: new PasswordResets(
      database,
      clock,
      members,
      signInLinks,
      mailer,
      activity,
      onBackgroundError,
    ),
    webhookSends: new WebhookSends(services),
    activity: new PortalActivity(database),
  };
}

/** The portal services the server's plugin runs with, per app (tests wait on their work). */
const running = new WeakMap<AppServices, PortalServices>();

/** Remembers the services the portal plugin runs with for `services`. */
export function registerPortalServices(services: AppServices, portal: PortalServices): void {
  running.set(services, portal);
}

/** The portal services the server runs with for `services`, once its plugin is registered. */
export function runningPortalServices(services: AppServices): PortalServices | undefined {
  return running.get(services);
}

/**
 * Adds a person to a company and issues their one-time sign-in link (what `idv-server account
 * create --email` and the demo account of `npm start` print).
 */
export async function invitePortalMember(
  services: AppServices,
  input: { companyId: string; email: string; role: PortalRole },
): Promise<{ member: PortalMember; signInLink: string }> {
  const portal = createPortalServices(services);
  const member = await portal.members.create(input);
  await services.activity.record({
    companyId: input.companyId,
    userId: null,
    action: 'portal.member.created',
    resource: 'portal-member',
    resourceId: member.id,
  });
  return { member, signInLink: await portal.signInLinks.issue(member.id) };
}
