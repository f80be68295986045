import { localized, msg } from '@lit/localize';
import type { PortalSessionView } from '@idv/contract';
import { css, html, LitElement } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import '@awesome.me/webawesome/dist/components/button/button.js';
import '@awesome.me/webawesome/dist/components/callout/callout.js';
import '@awesome.me/webawesome/dist/components/input/input.js';
import { api } from '../lib/api.js';
import { ChangeController } from './common/change-controller.js';
import { announceSignedIn, signInFailure } from './common/sign-in-outcome.js';
import { screenStyles } from './shared-styles.js';
import { errorView } from './common/status-views.js';

/** The e-mail field of both forms (the browser's saved sign-ins fill it). */
const emailField = () =>
  html`<wa-input
    name="email"
    type="email"
    label=${msg('E-mail')}
    autocomplete="username"
    required
  ></wa-input>`;

/**
 * Sign-in with e-mail and password; fires `signed-in` with the session. "Forgot your password?"
 * asks for a reset link by e-mail instead (the answer never says whether the address has an
 * account).
 */
@customElement('idv-sign-in')
@localized()
export class IdvSignIn extends LitElement {
  static override styles = [
    screenStyles,
    css`
      :host {
        max-width: 24rem;
        margin: 10vh auto 0;
      }
      .switch {
        margin: var(--wa-space-m) 0 0;
        text-align: center;
      }
    `,
  ];

  private readonly changes = new ChangeController(this);
  /** Showing the password-reset form instead of the sign-in. */
  @state() private resetting = false;
  /** The server's answer to a reset request (the same for every address). */
  @state() private resetSent: string | undefined;

  private async requestReset(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const data = new FormData(event.target as HTMLFormElement);
    await this.changes.run(async () => {
      const answer = await api<{ message: string }>('/password-reset', {
        method: 'POST',
        body: { email: String(data.get('email') ?? '') },
      });
      this.resetSent = answer.message;
    }, signInFailure);
  }

  private showReset(resetting: boolean): void {
    this.resetting = resetting;
    this.resetSent = undefined;
    this.changes.clear();
  }

  private renderReset() {
    return html`<h1>${msg('Reset your password')}</h1>
      ${
        this.resetSent === undefined
          ? html`<p>
                ${msg('We e-mail you a link to choose a new password. It works once, for an hour.')}
              </p>
              <form @submit=${this.requestReset}>
                ${errorView(this.changes.error)} ${emailField()}
                <wa-button type="submit" variant="brand" ?loading=${this.changes.busy}
                  >${msg('Send the link')}</wa-button
                >
              </form>`
          : html`<wa-callout variant="success" role="status" id="reset-sent"
              >${this.resetSent}</wa-callout
            >`
      }
      <p class="switch">
        <wa-button appearance="plain" @click=${() => this.showReset(false)}
          >${msg('Back to the sign-in')}</wa-button
        >
      </p>`;
  }

  private async submit(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const data = new FormData(event.target as HTMLFormElement);
    await this.changes.run(async () => {
      const session = await api<PortalSessionView>('/session', {
        method: 'POST',
        body: {
          email: String(data.get('email') ?? ''),
          password: String(data.get('password') ?? ''),
        },
      });
      announceSignedIn(this, session);
    }, signInFailure);
  }

  override render() {
    if (this.resetting) return this.renderReset();
    return html`<h1>${msg('Sign in')}</h1>
      <form @submit=${this.submit}>
        ${errorView(this.changes.error)} ${emailField()}
        <wa-input
          name="password"
          type="password"
          label=${msg('Password')}
          autocomplete="current-password"
          password-toggle
          required
        ></wa-input>
        <wa-button type="submit" variant="brand" ?loading=${this.changes.busy}
          >${msg('Sign in')}</wa-button
        >
      </form>
      <p class="switch">
        <wa-button appearance="plain" id="forgot" @click=${() => this.showReset(true)}
          >${msg('Forgot your password?')}</wa-button
        >
      </p>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'idv-sign-in': IdvSignIn;
  }
}
