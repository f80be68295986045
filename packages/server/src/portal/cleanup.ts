import type { DatabaseHandle } from '../db/database.js';
import type { Clock } from '../lib/clock.js';
import { PortalSessions } from './sessions.js';
import { SignInLinks } from './sign-in-links.js';

/**
 * The portal's part of the periodic upkeep (`AppServices.maintain`): deletes the sessions and the
 * one-time links (sign-in links, invitations, password resets) past their expiry. People stay: an
 * invited person whose link expired is still listed, for an administrator to invite again or remove.
 */
export async function purgeExpiredPortalRows(
  database: DatabaseHandle,
  clock: Clock,
): Promise<{ sessions: number; links: number }> {
  const sessions = await new PortalSessions(database, clock).purgeExpired();
  // The link's URL is never built here: no public address is needed to delete rows.
  const links = await new SignInLinks(database, clock, '').purgeExpired();
  return { sessions, links };
}
