import { localized, msg, str } from '@lit/localize';
import { css, html, LitElement, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import '@awesome.me/webawesome/dist/components/button/button.js';
import '@awesome.me/webawesome/dist/components/callout/callout.js';
import '@awesome.me/webawesome/dist/components/copy-button/copy-button.js';
import '@awesome.me/webawesome/dist/components/input/input.js';
import { api, ApiFailure } from '../../lib/api.js';
import { formatDateTime } from '../../lib/format.js';
import { qrCode } from '../../lib/qr-code.js';
import { screenStyles } from '../shared-styles.js';

/**
 * How to hand a link to the person: copy its URL, show its QR code (to scan with their phone), or
 * e-mail it through the server's mailer (rate-limited, in the activity log).
 */
@customElement('idv-link-share')
@localized()
export class IdvLinkShare extends LitElement {
  static override styles = [
    screenStyles,
    css`
      .share {
        display: grid;
        grid-template-columns: 10rem 1fr;
        gap: var(--wa-space-l);
        align-items: start;
      }
      .qr {
        width: 10rem;
        height: 10rem;
        display: block;
      }
      .url {
        display: flex;
        align-items: center;
        gap: var(--wa-space-xs);
        margin-bottom: var(--wa-space-m);
      }
      .url .mono {
        min-width: 0;
      }
      p {
        margin: 0 0 var(--wa-space-xs);
      }
      @media (max-width: 40rem) {
        .share {
          grid-template-columns: 1fr;
        }
      }
    `,
  ];

  /** The link's id (the e-mail route's). */
  @property() linkId = '';
  /** The URL to hand to the person. */
  @property() linkUrl = '';
  /** When the link stops working. */
  @property() expiresAt: string | undefined;

  @state() private message: { ok: boolean; text: string } | undefined;
  @state() private busy = false;

  private async send(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    const email = String(new FormData(form).get('email') ?? '').trim();
    this.busy = true;
    this.message = undefined;
    try {
      await api(`/links/${this.linkId}/email`, { method: 'POST', body: { email } });
      this.message = { ok: true, text: msg(str`The link was e-mailed to ${email}.`) };
      form.reset();
    } catch (error) {
      this.message = {
        ok: false,
        text:
          error instanceof ApiFailure && error.status === 429
            ? msg('Too many e-mails of this link for now: try again later.')
            : error instanceof ApiFailure
              ? error.message
              : msg('The e-mail could not be sent.'),
      };
    } finally {
      this.busy = false;
    }
  }

  override render() {
    return html`<div class="share">
      ${qrCode(this.linkUrl, msg('QR code of the link, to scan with a phone'))}
      <div>
        <p>
          ${
            this.expiresAt === undefined
              ? msg('Send it to the person; it works once.')
              : msg(
                  str`Send it to the person; it works once, until ${formatDateTime(this.expiresAt)}.`,
                )
          }
        </p>
        <div class="url">
          <span class="mono" id="created-url">${this.linkUrl}</span>
          <wa-copy-button
            value=${this.linkUrl}
            copy-label=${msg('Copy the link')}
            success-label=${msg('Copied')}
          ></wa-copy-button>
        </div>
        <form @submit=${this.send}>
          ${
            this.message === undefined
              ? nothing
              : html`<wa-callout variant=${this.message.ok ? 'success' : 'danger'} role="status"
                  >${this.message.text}</wa-callout
                >`
          }
          <div class="row">
            <wa-input
              name="email"
              type="email"
              label=${msg('Send by e-mail to')}
              autocomplete="off"
              maxlength="320"
              required
            ></wa-input>
            <wa-button type="submit" ?loading=${this.busy}>${msg('Send')}</wa-button>
          </div>
        </form>
      </div>
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'idv-link-share': IdvLinkShare;
  }
}
