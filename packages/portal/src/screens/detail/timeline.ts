import type { TimelineEntry, VerificationDelivery } from '@idv/contract';
import { css, html, LitElement } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import '@awesome.me/webawesome/dist/components/badge/badge.js';
import { formatDateTime } from '../../lib/format.js';
import { screenStyles } from '../shared-styles.js';

/** What each timeline entry means, for people (the webhook events of the spec and the portal's own). */
const KINDS: Record<string, string> = {
  created: 'Link created',
  override: 'Result overridden',
  'verification.started': 'Flow started',
  'verification.addfront.started': 'Front submitted',
  'verification.addfront.successful': 'Front read',
  'verification.addfront.failed': 'Front failed',
  'verification.addback.started': 'Back submitted',
  'verification.addback.successful': 'Back read',
  'verification.addback.failed': 'Back failed',
  'verification.register.started': 'Selfie submitted',
  'verification.register.successful': 'Liveness and face match passed',
  'verification.register.failed': 'Selfie failed',
  'verification.successful': 'Verification succeeded',
  'verification.failed': 'Verification failed',
  'verification.expired': 'Verification expired',
};

const DELIVERY_VARIANTS: Record<VerificationDelivery['status'], string> = {
  succeeded: 'success',
  failed: 'danger',
  pending: 'warning',
};

/** The verification's timeline, oldest first, and the webhook deliveries of its events. */
@customElement('idv-verification-timeline')
export class IdvVerificationTimeline extends LitElement {
  static override styles = [
    screenStyles,
    css`
      ol {
        list-style: none;
        margin: 0;
        padding: 0 0 0 var(--wa-space-m);
        border-inline-start: 2px solid var(--wa-color-surface-border);
      }
      li {
        position: relative;
        padding: var(--wa-space-2xs) 0 var(--wa-space-s);
      }
      li::before {
        content: '';
        position: absolute;
        inset-inline-start: calc(-1 * var(--wa-space-m) - 6px);
        top: 0.55rem;
        width: 10px;
        height: 10px;
        border-radius: 50%;
        background: var(--wa-color-brand-fill-loud);
      }
      time {
        display: block;
        font-size: var(--wa-font-size-xs);
        color: var(--wa-color-text-quiet);
      }
      .detail {
        color: var(--wa-color-text-quiet);
      }
      h3 {
        font-size: var(--wa-font-size-m);
        margin: var(--wa-space-l) 0 var(--wa-space-xs);
      }
    `,
  ];

  /** The entries, oldest first. */
  @property({ attribute: false }) entries: TimelineEntry[] = [];
  /** The webhook deliveries of the verification's events, newest first. */
  @property({ attribute: false }) deliveries: VerificationDelivery[] = [];

  private renderDeliveries() {
    if (this.deliveries.length === 0)
      return html`<p>No webhook delivery (no endpoint was registered when its events fired).</p>`;
    return html`<div class="table-wrap">
      <table>
        <caption class="visually-hidden">
          Webhook deliveries of this verification
        </caption>
        <thead>
          <tr>
            <th scope="col">Event</th>
            <th scope="col">Status</th>
            <th scope="col">Attempts</th>
            <th scope="col">Last answer</th>
            <th scope="col" class="wide">Event type</th>
            <th scope="col" class="wide">Endpoint</th>
            <th scope="col" class="wide">Updated</th>
          </tr>
        </thead>
        <tbody>
          ${this.deliveries.map(
            (d) =>
              html`<tr>
                <td>${KINDS[d.type] ?? d.type}</td>
                <td><wa-badge variant=${DELIVERY_VARIANTS[d.status]}>${d.status}</wa-badge></td>
                <td>${d.attempts}</td>
                <td>${d.lastStatusCode ?? d.lastError ?? '—'}</td>
                <td class="wide mono">${d.type}</td>
                <td class="wide mono">${d.endpointUrl}</td>
                <td class="wide">${formatDateTime(d.updatedAt)}</td>
              </tr>`,
          )}
        </tbody>
      </table>
    </div>`;
  }

  override render() {
    return html`<ol>
        ${this.entries.map(
          (entry) =>
            html`<li>
              <time datetime=${entry.at}>${formatDateTime(entry.at)}</time>
              ${KINDS[entry.kind] ?? entry.kind}
              ${entry.detail === null ? '' : html`<span class="detail">— ${entry.detail}</span>`}
            </li>`,
        )}
      </ol>
      <h3>Webhook deliveries</h3>
      ${this.renderDeliveries()}`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'idv-verification-timeline': IdvVerificationTimeline;
  }
}
