import { localized, msg } from '@lit/localize';
import type { RotatedWebhookSecret } from '@idv/contract';
import { css, html, LitElement, nothing } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import '@awesome.me/webawesome/dist/components/button/button.js';
import '@awesome.me/webawesome/dist/components/callout/callout.js';
import '@awesome.me/webawesome/dist/components/copy-button/copy-button.js';
import '@awesome.me/webawesome/dist/components/input/input.js';
import { api, messageOf } from '../../lib/api.js';
import { screenStyles } from '../shared-styles.js';
import { requestConfirmation } from '../common/confirmation.js';
import { errorView } from '../common/status-views.js';

/**
 * The webhook signing secret: revealed only after the person types their password again (the
 * server checks it like a sign-in), and rotated after a confirmation.
 */
@customElement('idv-webhook-secret')
@localized()
export class IdvWebhookSecret extends LitElement {
  static override styles = [
    screenStyles,
    css`
      .secret {
        margin: var(--wa-space-m) 0;
      }
      form {
        max-width: 28rem;
        margin-bottom: var(--wa-space-m);
      }
    `,
  ];

  @state() private secret: string | undefined;
  /** The password form of the reveal is open. */
  @state() private confirming = false;
  @state() private busy = false;
  @state() private error: string | undefined;

  private async reveal(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    const password = String(new FormData(form).get('password') ?? '');
    this.busy = true;
    this.error = undefined;
    try {
      this.secret = (
        await api<RotatedWebhookSecret>('/developers/webhook-secret/reveal', {
          method: 'POST',
          body: { password },
        })
      ).webhookSecret;
      this.confirming = false;
    } catch (error) {
      this.error = messageOf(error, msg('The webhook secret cannot be read.'));
    } finally {
      this.busy = false;
      form.reset();
    }
  }

  private rotate(): void {
    requestConfirmation(this, {
      title: msg('Rotate the webhook secret'),
      text: msg(
        'The new secret signs every delivery from now on: update your receivers, or they will refuse the signatures.',
      ),
      action: msg('Rotate the webhook secret'),
      run: async () => {
        this.secret = (
          await api<RotatedWebhookSecret>('/developers/webhook-secret', { method: 'POST' })
        ).webhookSecret;
      },
    });
  }

  private async openReveal(): Promise<void> {
    this.confirming = true;
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLElement>('#reveal-password')?.focus();
  }

  private renderReveal() {
    return html`<form
      id="reveal-form"
      @submit=${this.reveal}
      aria-label=${msg('Reveal the webhook secret')}
    >
      <wa-input
        id="reveal-password"
        name="password"
        type="password"
        label=${msg('Your password')}
        hint=${msg('Type your password again to see the secret.')}
        autocomplete="current-password"
        required
      ></wa-input>
      <div class="actions">
        <wa-button type="submit" variant="brand" ?loading=${this.busy}>${msg('Reveal')}</wa-button>
        <wa-button
          appearance="outlined"
          @click=${() => {
            this.confirming = false;
            this.error = undefined;
          }}
          >${msg('Cancel')}</wa-button
        >
      </div>
    </form>`;
  }

  override render() {
    return html`<h2>${msg('Webhook signing secret')}</h2>
      <p>
        ${msg(
          'Every delivery is signed with it (Standard Webhooks); your receivers check the signature.',
        )}
      </p>
      ${errorView(this.error)}
      ${
        this.secret === undefined
          ? nothing
          : html`<p class="secret">
              <span class="mono" id="webhook-secret">${this.secret}</span>
              <wa-copy-button
                value=${this.secret}
                copy-label=${msg('Copy the webhook secret')}
                success-label=${msg('Copied')}
              ></wa-copy-button>
            </p>`
      }
      ${this.confirming ? this.renderReveal() : nothing}
      <div class="actions">
        ${
          this.secret === undefined && !this.confirming
            ? html`<wa-button
                id="reveal-webhook-secret"
                appearance="outlined"
                @click=${this.openReveal}
                >${msg('Reveal the webhook secret…')}</wa-button
              >`
            : nothing
        }
        <wa-button appearance="outlined" variant="danger" @click=${this.rotate}
          >${msg('Rotate the webhook secret…')}</wa-button
        >
      </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'idv-webhook-secret': IdvWebhookSecret;
  }
}
