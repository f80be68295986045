import { localized, msg, str } from '@lit/localize';
import type { PortalSessionView } from '@idv/contract';
import { css, html, LitElement } from 'lit';
import { customElement } from 'lit/decorators.js';
import '@awesome.me/webawesome/dist/components/button/button.js';
import '@awesome.me/webawesome/dist/components/callout/callout.js';
import '@awesome.me/webawesome/dist/components/input/input.js';
import { api } from '../lib/api.js';
import { ChangeController } from './common/change-controller.js';
import { announceSignedIn, signInFailure } from './common/sign-in-outcome.js';
import { screenStyles } from './shared-styles.js';
import { errorView } from './common/status-views.js';

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

  private readonly changes = new ChangeController(this);

  private readonly token = new URLSearchParams(location.hash.slice(1)).get('token') ?? '';

  private async submit(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const data = new FormData(event.target as HTMLFormElement);
    const password = String(data.get('password') ?? '');
    if (password !== String(data.get('confirm') ?? '')) {
      this.changes.fail(msg('The two passwords differ.'));
      return;
    }
    await this.changes.run(async () => {
      const session = await api<PortalSessionView>('/session/link', {
        method: 'POST',
        body: { token: this.token, password },
      });
      // The token is spent: keep it out of the history.
      history.replaceState(null, '', '/app/');
      announceSignedIn(this, session);
    }, signInFailure);
  }

  override render() {
    return html`<h1>${msg('Choose your password')}</h1>
      <p>
        ${msg('This sign-in link works once. Choose the password you will sign in with from now on.')}
      </p>
      <form @submit=${this.submit}>
        ${errorView(this.changes.error)}
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
        <wa-button type="submit" variant="brand" ?loading=${this.changes.busy}
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
