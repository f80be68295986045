import type { AppServices } from '../services/index.js';
import { MemberInputError } from './members.js';
import { invitePortalMember } from './portal-services.js';

/**
 * Makes the e-mail of `idv-server account create --email` the company's portal owner and answers
 * their one-time sign-in link. An e-mail that already has a portal account (in another company:
 * one e-mail signs in to one company) keeps it; the API account is created all the same, with a
 * warning and no link.
 */
export async function portalOwnerSignInLink(
  services: AppServices,
  companyId: string,
  email: string,
  warn: (message: string) => void,
): Promise<string | undefined> {
  try {
    const invited = await invitePortalMember(services, { companyId, email, role: 'owner' });
    return invited.signInLink;
  } catch (error) {
    if (!(error instanceof MemberInputError)) throw error;
    warn(`no portal sign-in link: ${error.message}`);
    return undefined;
  }
}
