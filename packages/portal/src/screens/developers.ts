import { localized, msg, str } from '@lit/localize';
import { html, LitElement, nothing } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import '@awesome.me/webawesome/dist/components/button/button.js';
import '@awesome.me/webawesome/dist/components/callout/callout.js';
import '@awesome.me/webawesome/dist/components/dialog/dialog.js';
import { screenStyles } from './shared-styles.js';
import './developers/api-credentials.js';
import { CONFIRM_EVENT, messageOf, type Confirmation } from './developers/confirmation.js';
import './developers/webhook-endpoints.js';
import './developers/webhook-secret.js';

/**
 * Developers: the API client (`idv-api-credentials`), the webhook signing secret
 * (`idv-webhook-secret`), and the webhook endpoints with their delivery logs
 * (`idv-webhook-endpoints`). The screen holds the one confirmation dialog its parts ask for
 * (rotations and deletions). For owners, admins and developers (the server checks the role).
 */
@customElement('idv-developers')
@localized()
export class IdvDevelopers extends LitElement {
  static override styles = [screenStyles];

  @state() private confirmation: Confirmation | undefined;
  @state() private busy = false;
  @state() private error: string | undefined;

  override connectedCallback(): void {
    super.connectedCallback();
    this.addEventListener(CONFIRM_EVENT, this.onConfirm);
  }

  override disconnectedCallback(): void {
    this.removeEventListener(CONFIRM_EVENT, this.onConfirm);
    super.disconnectedCallback();
  }

  private readonly onConfirm = (event: CustomEvent<Confirmation>) => {
    event.stopPropagation();
    this.error = undefined;
    this.confirmation = event.detail;
  };

  private async confirmed(): Promise<void> {
    const confirmation = this.confirmation;
    if (confirmation === undefined) return;
    this.busy = true;
    try {
      await confirmation.run();
    } catch (error) {
      this.error = messageOf(error, msg(str`${confirmation.title} failed.`));
    } finally {
      this.busy = false;
      this.confirmation = undefined;
    }
  }

  private renderDialog() {
    const confirmation = this.confirmation;
    return html`<wa-dialog
      label=${confirmation?.title ?? msg('Confirm')}
      ?open=${confirmation !== undefined}
      @wa-after-hide=${(event: Event) => {
        if (event.target === event.currentTarget) this.confirmation = undefined;
      }}
    >
      <p>${confirmation?.text}</p>
      <wa-button slot="footer" appearance="outlined" @click=${() => (this.confirmation = undefined)}
        >${msg('Cancel')}</wa-button
      >
      <wa-button
        slot="footer"
        variant="danger"
        id="confirm"
        ?loading=${this.busy}
        @click=${this.confirmed}
        >${confirmation?.action ?? msg('Confirm')}</wa-button
      >
    </wa-dialog>`;
  }

  override render() {
    return html`<h1>${msg('Developers')}</h1>
      ${
        this.error === undefined
          ? nothing
          : html`<wa-callout variant="danger" role="alert">${this.error}</wa-callout>`
      }
      <idv-api-credentials></idv-api-credentials>
      <idv-webhook-secret></idv-webhook-secret>
      <idv-webhook-endpoints></idv-webhook-endpoints>
      ${this.renderDialog()}`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'idv-developers': IdvDevelopers;
  }
}
