import type { AppServices } from '../services/index.js';
import { ApiClientOfCompany } from './api-client.js';
import { Inbox } from './inbox.js';
import { PortalMembers, type PortalMember } from './members.js';
import type { PortalRole } from './schema.js';
import { PortalSessions } from './sessions.js';
import { SignInLinks } from './sign-in-links.js';
import { SignInThrottle } from './sign-in-throttle.js';

/** The portal's own services, over the app's database and clock. */
export interface PortalServices {
  readonly members: PortalMembers;
  readonly signInLinks: SignInLinks;
  readonly sessions: PortalSessions;
  readonly inbox: Inbox;
  readonly throttle: SignInThrottle;
  /** The company's REST API client (the Developers screen). */
  readonly apiClients: ApiClientOfCompany;
}

/** Builds the portal's services beside the app's. */
export function createPortalServices(services: AppServices): PortalServices {
  const { database, clock, config } = services.context;
  return {
    members: new PortalMembers(database, clock),
    signInLinks: new SignInLinks(database, clock, config.publicAppUrl),
    sessions: new PortalSessions(database, clock),
    inbox: new Inbox(database, clock),
    throttle: new SignInThrottle(services),
    apiClients: new ApiClientOfCompany(database, services.companies),
  };
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
