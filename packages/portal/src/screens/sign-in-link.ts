import { localized, msg, str } from '@lit/localize';
import type { PortalSessionView } from '@idv/contract';
import { css, html, LitElement, nothing } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import '@awesome.me/webawesome/dist/components/button/button.js';
import '@awesome.me/webawesome/dist/components/callout/callout.js';
import '@awesome.me/webawesome/dist/components/input/input.js';
import { api, ApiFailure } from '../lib/api.js';
import { screenStyles } from './shared-styles.js';

/** Shortest password the server accepts. */
const MIN_PASSWORD = 12;

/**
 * The page a one-time sign-in link opens (`/app/sign-in#token=…`): the person chooses their
 * password, which spends the link and signs them in. Fires `signed-in` with the session.
 */
@customElement('idv-sign-in-link')
@localized()
export class IdvSignInLink extends LitElement {
  static override styles = [
    screenStyles,
    css`
      :host {
        max-width: 24rem;
        margin: 10vh auto 0;
      }
    `,
  ];

  @state() private error: string | undefined;
  @state() private busy = false;

  private readonly token = new URLSearchParams(location.hash.slice(1)).get('token') ?? '';

  private async submit(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const data = new FormData(event.target as HTMLFormElement);
    const password = String(data.get('password') ?? '');
    if (password !== String(data.get('confirm') ?? '')) {
      this.error = msg('The two passwords differ.');
      return;
    }
    this.busy = true;
    this.error = undefined;
    try {
      const session = await api<PortalSessionView>('/session/link', {
        method: 'POST',
        body: { token: this.token, password },
      });
      // The token is spent: keep it out of the history.
      history.replaceState(null, '', '/app/');
      this.dispatchEvent(
        new CustomEvent('signed-in', { detail: session, bubbles: true, composed: true }),
      );
    } catch (error) {
      this.error =
        error instanceof ApiFailure ? error.message : msg('The service cannot be reached.');
    } finally {
      this.busy = false;
    }
  }

  override render() {
    return html`<h1>${msg('Choose your password')}</h1>
      <p>
        ${msg('This sign-in link works once. Choose the password you will sign in with from now on.')}
      </p>
      <form @submit=${this.submit}>
        ${
          this.error === undefined
            ? nothing
            : html`<wa-callout variant="danger" role="alert">${this.error}</wa-callout>`
        }
        <wa-input
          name="password"
          type="password"
          label=${msg('New password')}
          hint=${msg(str`At least ${MIN_PASSWORD} characters`)}
          autocomplete="new-password"
          minlength=${MIN_PASSWORD}
          required
        ></wa-input>
        <wa-input
          name="confirm"
          type="password"
          label=${msg('Repeat the password')}
          autocomplete="new-password"
          minlength=${MIN_PASSWORD}
          required
        ></wa-input>
        <wa-button type="submit" variant="brand" ?loading=${this.busy}
          >${msg('Save and sign in')}</wa-button
        >
      </form>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'idv-sign-in-link': IdvSignInLink;
  }
}
