import type { PortalSessionView } from '@idv/contract';
import { css, html, LitElement, nothing } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import '@awesome.me/webawesome/dist/components/button/button.js';
import '@awesome.me/webawesome/dist/components/callout/callout.js';
import '@awesome.me/webawesome/dist/components/input/input.js';
import { api, ApiFailure } from '../lib/api.js';
import { screenStyles } from './shared-styles.js';

/** Sign-in with e-mail and password; fires `signed-in` with the session. */
@customElement('idv-sign-in')
export class IdvSignIn extends LitElement {
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
          ? 'Too many attempts. Wait a few minutes and try again.'
          : error instanceof ApiFailure
            ? error.message
            : 'The service cannot be reached.';
    } finally {
      this.busy = false;
    }
  }

  override render() {
    return html`<h1>Sign in</h1>
      <form @submit=${this.submit}>
        ${
          this.error === undefined
            ? nothing
            : html`<wa-callout variant="danger" role="alert">${this.error}</wa-callout>`
        }
        <wa-input
          name="email"
          type="email"
          label="E-mail"
          autocomplete="username"
          required
        ></wa-input>
        <wa-input
          name="password"
          type="password"
          label="Password"
          autocomplete="current-password"
          password-toggle
          required
        ></wa-input>
        <wa-button type="submit" variant="brand" ?loading=${this.busy}>Sign in</wa-button>
      </form>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'idv-sign-in': IdvSignIn;
  }
}
