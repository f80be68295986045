import type { PaymentMethod, PaymentMethodResult } from '@idv/contract';
import { localized, msg, str } from '@lit/localize';
import { css, html, LitElement, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import '@awesome.me/webawesome/dist/components/button/button.js';
import '@awesome.me/webawesome/dist/components/callout/callout.js';
import '@awesome.me/webawesome/dist/components/input/input.js';
import { api } from '../../lib/api.js';
import { ChangeController } from '../common/change-controller.js';
import { formatDateTime } from '../../lib/format.js';
import { definitionListStyles, screenStyles } from '../shared-styles.js';
import { errorView } from '../common/status-views.js';

/** The name of the event sent once a payment method is added (the screen reads billing again). */
export const PAYMENT_METHOD_ADDED = 'idv-payment-method-added';

/** A card for people: "Visa •••• 4242". */
const cardOf = (method: Pick<PaymentMethod, 'brand' | 'last4'>): string =>
  `${method.brand.charAt(0).toUpperCase()}${method.brand.slice(1)} •••• ${method.last4}`;

/**
 * The payment method on the Billing screen, as the spec's billing API allows: the card in use
 * (brand and last digits; the server keeps nothing more) and adding one with a token of the
 * server's payment provider (`POST /app/api/billing/payment-method`, the service of
 * `POST /billing/paymentMethod`), which charges the open invoices at once. With no provider
 * configured on the server (`IDV_PAYMENT_PROVIDER`) the form is not offered. Owners and admins.
 *
 * @event idv-payment-method-added - A method was added; `detail` is the server's answer.
 */
@localized()
@customElement('idv-payment-method')
export class IdvPaymentMethod extends LitElement {
  static override styles = [
    screenStyles,
    definitionListStyles,
    css`
      form {
        max-width: 28rem;
      }
      .hint {
        color: var(--wa-color-text-quiet);
        font-size: var(--wa-font-size-s);
        margin: 0;
      }
      wa-callout {
        margin: var(--wa-space-s) 0;
        max-width: 28rem;
      }
    `,
  ];

  /** The method in use, or null. */
  @property({ attribute: false }) method: PaymentMethod | null = null;
  /** The server's payment provider, or null when none is configured. */
  @property({ attribute: false }) provider: string | null = null;
  /** Whether an invoice is waiting for a payment. */
  @property({ type: Boolean }) unpaid = false;

  @state() private notice: string | undefined;
  private readonly changes = new ChangeController(this);

  private async add(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    const token = String(new FormData(form).get('token') ?? '').trim();
    if (token === '') return;
    this.notice = undefined;
    await this.changes.run(async () => {
      const result = await api<PaymentMethodResult>('/billing/payment-method', {
        method: 'POST',
        body: { token },
      });
      const card = cardOf(result.paymentMethod);
      const paid = result.collectedInvoices.length;
      this.notice =
        paid === 0
          ? msg(str`${card} is added.`)
          : paid === 1
            ? msg(str`${card} is added; it paid the open invoice.`)
            : msg(str`${card} is added; it paid ${paid} open invoices.`);
      form.reset();
      this.dispatchEvent(
        new CustomEvent<PaymentMethodResult>(PAYMENT_METHOD_ADDED, {
          detail: result,
          bubbles: true,
          composed: true,
        }),
      );
    }, msg('The payment method could not be added.'));
  }

  private renderForm(provider: string) {
    return html`<form id="payment-method-form" @submit=${this.add}>
      <wa-input
        name="token"
        label=${msg('Payment token')}
        hint=${msg(
          str`A token of this server's payment provider (${provider}) for the card. The card number itself never reaches this server.`,
        )}
        required
        maxlength="200"
        autocomplete="off"
      ></wa-input>
      ${
        provider === 'local-test'
          ? html`<p class="hint" id="test-tokens">
              ${msg(
                'Local test provider: tok_visa, tok_mastercard and tok_amex are accepted, tok_chargeDeclined is declined. No money moves.',
              )}
            </p>`
          : nothing
      }
      <div>
        <wa-button type="submit" variant="brand" ?loading=${this.changes.busy}
          >${
            this.unpaid ? msg('Add and pay the invoices') : msg('Add the payment method')
          }</wa-button
        >
      </div>
    </form>`;
  }

  override render() {
    return html`<h2>${msg('Payment method')}</h2>
      ${
        this.method === null
          ? html`<p id="no-payment-method">${msg('No payment method yet.')}</p>`
          : html`<dl id="payment-method">
              <dt>${msg('Card')}</dt>
              <dd>${cardOf(this.method)}</dd>
              <dt>${msg('Added')}</dt>
              <dd>${formatDateTime(this.method.createdAt)}</dd>
            </dl>`
      }
      ${
        this.unpaid
          ? html`<wa-callout variant="warning"
              >${msg('Invoices are unpaid: adding a payment method collects them.')}</wa-callout
            >`
          : nothing
      }
      ${
        this.provider === null
          ? html`<p class="hint" id="no-provider">
              ${msg(
                'This server has no payment provider configured (IDV_PAYMENT_PROVIDER), so a payment method cannot be added here.',
              )}
            </p>`
          : this.renderForm(this.provider)
      }
      ${errorView(this.changes.error)}
      <p role="status" id="payment-method-notice">${this.notice ?? nothing}</p>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'idv-payment-method': IdvPaymentMethod;
  }
  interface HTMLElementEventMap {
    [PAYMENT_METHOD_ADDED]: CustomEvent<PaymentMethodResult>;
  }
}
