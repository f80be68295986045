import { localized, msg } from '@lit/localize';
import type { PortalSessionView } from '@idv/contract';
import { css, html, LitElement, nothing } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import '@awesome.me/webawesome/dist/components/button/button.js';
import '@awesome.me/webawesome/dist/components/callout/callout.js';
import '@awesome.me/webawesome/dist/components/input/input.js';
import { api, ApiFailure } from '../lib/api.js';
import { screenStyles } from './shared-styles.js';

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

  @state() private error: string | undefined;
  @state() private busy = false;
  /** Showing the password-reset form instead of the sign-in. */
  @state() private resetting = false;
  /** The server's answer to a reset request (the same for every address). */
  @state() private resetSent: string | undefined;

  private async requestReset(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const data = new FormData(event.target as HTMLFormElement);
    this.busy = true;
    this.error = undefined;
    try {
      const answer = await api<{ message: string }>('/password-reset', {
        method: 'POST',
        body: { email: String(data.get('email') ?? '') },
      });
      this.resetSent = answer.message;
    } catch (error) {
      this.error =
        error instanceof ApiFailure && error.status === 429
          ? msg('Too many attempts. Wait a few minutes and try again.')
          : error instanceof ApiFailure
            ? error.message
            : msg('The service cannot be reached.');
    } finally {
      this.busy = false;
    }
  }

  private showReset(resetting: boolean): void {
    this.resetting = resetting;
    this.resetSent = undefined;
    this.error = undefined;
  }

  private renderReset() {
    return html`<h1>${msg('Reset your password')}</h1>
      ${
        this.resetSent === undefined
          ? html`<p>
                ${msg('We e-mail you a link to choose a new password. It works once, for an hour.')}
              </p>
              <form @submit=${this.requestReset}>
                ${
                  this.error === undefined
                    ? nothing
                    : html`<wa-callout variant="danger" role="alert">${this.error}</wa-callout>`
                }
                <wa-input
                  name="email"
                  type="email"
                  label=${msg('E-mail')}
                  autocomplete="username"
                  required
                ></wa-input>
                <wa-button type="submit" variant="brand" ?loading=${this.busy}
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
    const form = event.target as HTMLFormElement;
    const data = new FormData(form);
    this.busy = true;
    this.error = undefined;
    try {
      const session = await api<PortalSessionView>('/session', {
        method: 'POST',
        body: {
          email: String(data.get('email') ?? ''),
          password: String(data.get('password') ?? ''),
        },
      });
      this.dispatchEvent(
        new CustomEvent('signed-in', { detail: session, bubbles: true, composed: true }),
      );
    } catch (error) {
      this.error =
        error instanceof ApiFailure && error.status === 429
          ? msg('Too many attempts. Wait a few minutes and try again.')
          : error instanceof ApiFailure
            ? error.message
            : msg('The service cannot be reached.');
    } finally {
      this.busy = false;
    }
  }

  override render() {
    if (this.resetting) return this.renderReset();
    return html`<h1>${msg('Sign in')}</h1>
      <form @submit=${this.submit}>
        ${
          this.error === undefined
            ? nothing
            : html`<wa-callout variant="danger" role="alert">${this.error}</wa-callout>`
        }
        <wa-input
          name="email"
          type="email"
          label=${msg('E-mail')}
          autocomplete="username"
          required
        ></wa-input>
        <wa-input
          name="password"
          type="password"
          label=${msg('Password')}
          autocomplete="current-password"
          password-toggle
          required
        ></wa-input>
        <wa-button type="submit" variant="brand" ?loading=${this.busy}>${msg('Sign in')}</wa-button>
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
