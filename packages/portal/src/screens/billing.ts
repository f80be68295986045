import { localized, msg, str } from '@lit/localize';
import { Task } from '@lit/task';
import type { Invoice, PortalBilling } from '@idv/contract';
import { css, html, LitElement } from 'lit';
import { customElement } from 'lit/decorators.js';
import '@awesome.me/webawesome/dist/components/badge/badge.js';
import '@awesome.me/webawesome/dist/components/callout/callout.js';
import '@awesome.me/webawesome/dist/components/progress-bar/progress-bar.js';
import '@awesome.me/webawesome/dist/components/spinner/spinner.js';
import { api } from '../lib/api.js';
import { formatDate, formatDateTime, formatNumber, numberFormat } from '../lib/format.js';
import { definitionListStyles, screenStyles } from './shared-styles.js';
import './billing/payment-method.js';
import { failureView, loadingView } from './common/status-views.js';

/** An invoice's amount in its currency, for people. */
function amountOf(invoice: Invoice): string {
  try {
    return numberFormat({ style: 'currency', currency: invoice.currency.toUpperCase() }).format(
      invoice.amount,
    );
  } catch {
    return `${invoice.amount} ${invoice.currency}`;
  }
}

const invoiceVariant = (status: Invoice['status']) =>
  status === 'paid' ? 'success' : status === 'open' ? 'warning' : 'neutral';

/**
 * Billing (owners and admins): the plan, this month's verifications against the quota, the
 * subscription's state and its invoices, as the spec's billing API has them. Read only: a
 * payment method is added through `POST /billing/paymentMethod` with the provider's token.
 */
@customElement('idv-billing')
@localized()
export class IdvBilling extends LitElement {
  static override styles = [
    screenStyles,
    definitionListStyles,
    css`
      wa-progress-bar {
        --track-height: 0.6rem;
        max-width: 28rem;
        margin-top: var(--wa-space-2xs);
      }
      .plan {
        text-transform: capitalize;
      }
    `,
  ];

  private readonly billing = new Task(this, {
    task: async (_args, { signal }) => api<PortalBilling>('/billing', { signal }),
    args: () => [] as const,
  });

  private renderInvoices(invoices: Invoice[]) {
    if (invoices.length === 0)
      return html`<div class="empty" role="status"><p>${msg('No invoice yet.')}</p></div>`;
    return html`<div class="table-wrap">
      <table id="invoices">
        <caption class="visually-hidden">
          ${msg('Invoices, newest first')}
        </caption>
        <thead>
          <tr>
            <th scope="col">${msg('Period')}</th>
            <th scope="col">${msg('Amount')}</th>
            <th scope="col">${msg('Status')}</th>
            <th scope="col" class="wide">${msg('Paid')}</th>
          </tr>
        </thead>
        <tbody>
          ${invoices.map(
            (invoice) =>
              html`<tr>
                <td>${formatDate(invoice.periodStart)} – ${formatDate(invoice.periodEnd)}</td>
                <td>${amountOf(invoice)}</td>
                <td>
                  <wa-badge variant=${invoiceVariant(invoice.status)}>${invoice.status}</wa-badge>
                </td>
                <td class="wide">${formatDateTime(invoice.paidAt)}</td>
              </tr>`,
          )}
        </tbody>
      </table>
    </div>`;
  }

  private renderBilling(billing: PortalBilling) {
    const { usage, subscription } = billing;
    const percent = usage.quota === 0 ? 100 : Math.min(100, (100 * usage.used) / usage.quota);
    return html`<h2>${msg('Plan and usage')}</h2>
      <dl id="usage">
        <dt>${msg('Plan')}</dt>
        <dd class="plan">${usage.plan}</dd>
        <dt>${msg('This month')}</dt>
        <dd>
          ${msg(
            str`${formatNumber(usage.used)} of ${formatNumber(usage.quota)} verifications (${formatNumber(usage.remaining)} left; ${formatNumber(usage.linksGenerated)} links)`,
          )}
          <wa-progress-bar
            value=${percent}
            label=${msg(str`Quota used: ${Math.round(percent)} %`)}
          ></wa-progress-bar>
        </dd>
        <dt>${msg('Period')}</dt>
        <dd>${formatDate(usage.period.start)} – ${formatDate(usage.period.end)}</dd>
      </dl>
      <h2>${msg('Subscription')}</h2>
      ${
        subscription === null
          ? html`<div class="empty" role="status"><p>${msg('No subscription.')}</p></div>`
          : html`<dl id="subscription">
                <dt>${msg('Status')}</dt>
                <dd>
                  <wa-badge variant=${subscription.status === 'active' ? 'success' : 'danger'}
                    >${subscription.status}</wa-badge
                  >
                </dd>
                <dt>${msg('Current period ends')}</dt>
                <dd>${formatDateTime(subscription.currentPeriodEnd)}</dd>
              </dl>
              <h2>${msg('Invoices')}</h2>
              ${this.renderInvoices(subscription.invoices)}`
      }
      <idv-payment-method
        .method=${billing.paymentMethod}
        .provider=${billing.paymentProvider}
        ?unpaid=${subscription?.status === 'unpaid'}
        @idv-payment-method-added=${() => this.billing.run()}
      ></idv-payment-method>`;
  }

  override render() {
    return html`<h1>${msg('Billing')}</h1>
      ${this.billing.render({
        // A re-read (after a payment method was added) keeps the screen as it was meanwhile.
        pending: () =>
          this.billing.value === undefined ? loadingView() : this.renderBilling(this.billing.value),
        complete: (billing) => this.renderBilling(billing),
        error: (error) => failureView(error, msg('This cannot be read.')),
      })}`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'idv-billing': IdvBilling;
  }
}
