import { HOUR_MS } from '../lib/clock.js';
import { Errors } from '../lib/errors.js';
import type { AppServices } from '../services/index.js';

/** E-mails of links one company may send per hour. */
export const LINK_MAILS_PER_COMPANY_HOUR = 50;
/** E-mails of one link per hour (a resend or two, not a mail bomb at one address). */
export const LINK_MAILS_PER_LINK_HOUR = 3;

/** Who sends: the person signed in, of their company, from their address. */
export interface LinkMailActor {
  companyId: string;
  memberId: string;
  ip: string;
}

/**
 * "Send by e-mail" of the Links screen: e-mails the URL of one of the company's open links to the
 * person through the server's mailer (`.eml` files by default, SMTP when configured), counted in
 * the shared rate-limit store per company and per link, and written to the activity log (the
 * address itself is not kept there).
 */
export class LinkMail {
  constructor(private readonly services: AppServices) {}

  /**
   * Sends the link `linkId` to `to`. 404 for another company's or an unknown link, 409 for a
   * closed one, 429 with `Retry-After` past a budget.
   */
  async send(actor: LinkMailActor, linkId: string, to: string): Promise<void> {
    const { links, companies, mailer, activity, rateCounter, context } = this.services;
    const link = await links.get(actor.companyId, linkId);
    if (!link.active) throw Errors.conflict('the link is closed: create a new one');
    if (context.config.rateLimits) {
      for (const [bucket, max] of [
        [`portal-link-mail:company:${actor.companyId}`, LINK_MAILS_PER_COMPANY_HOUR],
        [`portal-link-mail:link:${linkId}`, LINK_MAILS_PER_LINK_HOUR],
      ] as const) {
        const state = await rateCounter.hit(bucket, HOUR_MS, max);
        if (state.current > max)
          throw Errors.tooManyRequests(Math.max(1, Math.ceil(state.ttl / 1000)));
      }
    }
    const company = await companies.get(actor.companyId);
    const url = `${context.config.publicAppUrl}/v/${link._id}`;
    await mailer.send({
      to,
      subject: `${company.name} asks you to verify your identity`,
      text:
        `${company.name} asks you to verify your identity: it takes a few minutes, with your ` +
        `identity document${link.type === 'FULL FLOW' ? ' and a selfie' : ''}.\n\n` +
        `Open this link on your phone (it works once, until ${link.expiresAt.slice(0, 16).replace('T', ' ')} UTC):\n` +
        `${url}\n\nIf you did not expect this, ignore this message.\n`,
    });
    await activity.record({
      companyId: actor.companyId,
      userId: actor.memberId,
      action: 'link.emailed',
      resource: 'link',
      resourceId: link._id,
      ip: actor.ip,
    });
  }
}
