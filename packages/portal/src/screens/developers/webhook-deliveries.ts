import { localized, msg, str } from '@lit/localize';
import { Task } from '@lit/task';
import type {
  PortalQueuedDelivery,
  WebhookDelivery,
  WebhookDeliveryPage,
  WebhookEndpoint,
} from '@idv/contract';
import { css, html, LitElement, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import '@awesome.me/webawesome/dist/components/badge/badge.js';
import '@awesome.me/webawesome/dist/components/button/button.js';
import '@awesome.me/webawesome/dist/components/callout/callout.js';
import { api, messageOf } from '../../lib/api.js';
import { formatDateTime, formatNumber } from '../../lib/format.js';
import { screenStyles } from '../shared-styles.js';
import { errorView, failureView, loadingView } from '../common/status-views.js';

/** Deliveries per page of the log. */
const PAGE_SIZE = 20;

/** While a delivery of the page is pending, the log reads itself again this often. */
const REFRESH_MS = 2000;

/** The test event's type (it names no verification). */
const TEST_EVENT = 'webhook.test';

/** An event type with line-break opportunities after its dots (narrow screens). */
const eventName = (type: string) =>
  type.split('.').map((part, i) => (i === 0 ? part : html`.<wbr />${part}`));

const variantOf = (status: WebhookDelivery['status']) =>
  status === 'succeeded' ? 'success' : status === 'failed' ? 'danger' : 'warning';

/** One attempt as a line: its number, its answer (status or error), when and how long. */
const attemptLine = (attempt: WebhookDelivery['attempts'][number]) =>
  html`<li>
    <span class=${attempt.success ? 'ok' : 'ko'}
      >#${attempt.attempt}
      ${attempt.statusCode === null ? (attempt.error ?? msg('no answer')) : `HTTP ${attempt.statusCode}`}</span
    >
    <span class="quiet"
      ><span class="wide">${formatDateTime(attempt.startedAt)} · </span>${attempt.durationMs}
      ms</span
    >
  </li>`;

/**
 * The delivery log of one endpoint, newest first: each delivery's status and every attempt's
 * answer; a finished delivery can be resent (the same event, queued again to the endpoint).
 * While a delivery of the page is still pending the log reads itself again every 2 s.
 */
@customElement('idv-webhook-deliveries')
@localized()
export class IdvWebhookDeliveries extends LitElement {
  static override styles = [
    screenStyles,
    css`
      :host {
        margin: var(--wa-space-s) 0 var(--wa-space-l);
      }
      h3 {
        font-size: var(--wa-font-size-m);
        margin: 0 0 var(--wa-space-s);
      }
      .event {
        font-family: var(--wa-font-family-code);
        font-size: 0.9em;
      }
      ol {
        margin: 0;
        padding: 0;
        list-style: none;
        display: grid;
        gap: var(--wa-space-3xs);
      }
      .ok {
        color: var(--wa-color-success-on-quiet);
      }
      .ko {
        color: var(--wa-color-danger-on-quiet);
      }
      .quiet {
        display: block;
        color: var(--wa-color-text-quiet);
        font-size: var(--wa-font-size-xs);
      }
      .status {
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        gap: var(--wa-space-xs);
      }
      .head {
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        justify-content: space-between;
        gap: var(--wa-space-xs);
      }
    `,
  ];

  /** The endpoint whose deliveries are shown. */
  @property({ attribute: false }) endpoint: WebhookEndpoint | undefined;
  /** Bumped by the parent after a send, to read the log again. */
  @property({ attribute: false }) version = 0;

  @state() private page = 1;
  @state() private reads = 0;
  @state() private busy: string | undefined;
  @state() private error: string | undefined;

  private readonly deliveries = new Task(this, {
    task: async ([endpoint, page], { signal }) =>
      endpoint === undefined
        ? undefined
        : api<WebhookDeliveryPage>(
            `/webhook-endpoints/${endpoint._id}/deliveries?page=${page}&size=${PAGE_SIZE}`,
            { signal },
          ),
    args: () => [this.endpoint, this.page, this.version, this.reads] as const,
  });

  private timer: ReturnType<typeof setTimeout> | undefined;

  override updated(): void {
    // Pending deliveries are being attempted: read the log again until they finish.
    const pending = this.deliveries.value?.data.some((d) => d.status === 'pending') ?? false;
    if (pending && this.timer === undefined)
      this.timer = setTimeout(() => {
        this.timer = undefined;
        this.reads++;
      }, REFRESH_MS);
  }

  override disconnectedCallback(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    super.disconnectedCallback();
  }

  private async resend(delivery: WebhookDelivery): Promise<void> {
    if (this.endpoint === undefined) return;
    this.busy = delivery._id;
    this.error = undefined;
    try {
      await api<PortalQueuedDelivery>(
        `/webhook-endpoints/${this.endpoint._id}/deliveries/${delivery._id}/resend`,
        { method: 'POST' },
      );
      this.page = 1;
      this.reads++;
    } catch (error) {
      this.error = messageOf(error, msg('The delivery could not be resent.'));
    } finally {
      this.busy = undefined;
    }
  }

  private renderRow(delivery: WebhookDelivery) {
    return html`<tr>
      <td>
        <span class="event">${eventName(delivery.type)}</span><br />${
          delivery.type === TEST_EVENT
            ? html`<span class="quiet">${msg('Test event')}</span>`
            : html`<a href="/app/verifications/${delivery.verificationId}"
                >${msg('Verification')}<span class="visually-hidden">
                  ${delivery.verificationId}</span
                ></a
              >`
        }
      </td>
      <td>
        <div class="status">
          <wa-badge variant=${variantOf(delivery.status)}>${delivery.status}</wa-badge>
          ${
            delivery.status === 'pending'
              ? nothing
              : html`<wa-button
                  size="small"
                  appearance="outlined"
                  class="resend"
                  ?loading=${this.busy === delivery._id}
                  @click=${() => this.resend(delivery)}
                  >${msg('Resend')}<span class="visually-hidden">
                    ${msg(str`${delivery.type} of ${formatDateTime(delivery.createdAt)}`)}</span
                  ></wa-button
                >`
          }
        </div>
      </td>
      <td>
        ${
          delivery.attempts.length === 0
            ? html`<span class="quiet">${msg('Not attempted yet')}</span>`
            : html`<ol aria-label=${msg('Attempts')}>
                ${delivery.attempts.map(attemptLine)}
              </ol>`
        }
      </td>
      <td class="wide">${formatDateTime(delivery.createdAt)}</td>
    </tr>`;
  }

  private renderPage(page: WebhookDeliveryPage) {
    if (page.data.length === 0)
      return html`<div class="empty" role="status"><p>${msg('No delivery yet.')}</p></div>`;
    const last = Math.max(1, Math.ceil(page.total / page.size));
    return html`<div class="table-wrap">
        <table id="deliveries">
          <caption class="visually-hidden">
            ${msg(str`Deliveries, newest first (${formatNumber(page.total)} in all)`)}
          </caption>
          <thead>
            <tr>
              <th scope="col">${msg('Event')}</th>
              <th scope="col">${msg('Status')}</th>
              <th scope="col">${msg('Attempts')}</th>
              <th scope="col" class="wide">${msg('Created')}</th>
            </tr>
          </thead>
          <tbody>
            ${page.data.map((delivery) => this.renderRow(delivery))}
          </tbody>
        </table>
      </div>
      ${
        last === 1
          ? nothing
          : html`<div class="pager">
              <span>${msg(str`Page ${page.page} of ${last}`)}</span>
              <wa-button
                size="small"
                appearance="outlined"
                ?disabled=${page.page <= 1}
                @click=${() => (this.page = page.page - 1)}
                >${msg('Newer')}</wa-button
              >
              <wa-button
                size="small"
                appearance="outlined"
                ?disabled=${page.page >= last}
                @click=${() => (this.page = page.page + 1)}
                >${msg('Older')}</wa-button
              >
            </div>`
      }`;
  }

  override render() {
    if (this.endpoint === undefined) return nothing;
    return html`<section aria-labelledby="deliveries-title">
      <div class="head">
        <h3 id="deliveries-title">
          ${msg(html`Deliveries to <span class="mono">${this.endpoint.url}</span>`)}
        </h3>
        <wa-button
          size="small"
          appearance="outlined"
          id="refresh-deliveries"
          @click=${() => this.reads++}
          >${msg('Refresh')}</wa-button
        >
      </div>
      ${errorView(this.error)}
      ${this.deliveries.render({
        pending: loadingView,
        complete: (page) => (page === undefined ? nothing : this.renderPage(page)),
        error: (error) => failureView(error, msg('This cannot be read.')),
      })}
    </section>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'idv-webhook-deliveries': IdvWebhookDeliveries;
  }
}
