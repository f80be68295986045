import { localized, msg } from '@lit/localize';
import { html, LitElement } from 'lit';
import { customElement } from 'lit/decorators.js';
import { ChangeController } from './common/change-controller.js';
import { ConfirmationController } from './common/confirmation-controller.js';
import { CONFIRM_EVENT, type Confirmation } from './common/confirmation.js';
import { errorView } from './common/status-views.js';
import { screenStyles } from './shared-styles.js';
import './developers/api-credentials.js';
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

  private readonly changes = new ChangeController(this);
  private readonly confirmations = new ConfirmationController(this, this.changes);

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
    this.changes.clear();
    this.confirmations.ask(event.detail);
  };

  override render() {
    return html`<h1>${msg('Developers')}</h1>
      ${errorView(this.changes.error)}
      <idv-api-credentials></idv-api-credentials>
      <idv-webhook-secret></idv-webhook-secret>
      <idv-webhook-endpoints></idv-webhook-endpoints>
      ${this.confirmations.dialog()}`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'idv-developers': IdvDevelopers;
  }
}
