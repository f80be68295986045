import { localized, msg } from '@lit/localize';
import type { TimelineEntry, VerificationDelivery } from '@idv/contract';
import { css, html, LitElement } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import '@awesome.me/webawesome/dist/components/badge/badge.js';
import { formatDateTime } from '../../lib/format.js';
import { screenStyles } from '../shared-styles.js';

/** What each timeline entry means, for people (the webhook events of the spec and the portal's own). */
const KINDS: Record<string, () => string> = {
  created: () => msg('Link created'),
  override: () => msg('Result overridden'),
  'verification.started': () => msg('Flow started'),
  'verification.addfront.started': () => msg('Front submitted'),
  'verification.addfront.successful': () => msg('Front read'),
  'verification.addfront.failed': () => msg('Front failed'),
  'verification.addback.started': () => msg('Back submitted'),
  'verification.addback.successful': () => msg('Back read'),
  'verification.addback.failed': () => msg('Back failed'),
  'verification.register.started': () => msg('Selfie submitted'),
  'verification.register.successful': () => msg('Liveness and face match passed'),
  'verification.register.failed': () => msg('Selfie failed'),
  'verification.successful': () => msg('Verification succeeded'),
  'verification.failed': () => msg('Verification failed'),
  'verification.expired': () => msg('Verification expired'),
};

const DELIVERY_VARIANTS: Record<VerificationDelivery['status'], string> = {
  succeeded: 'success',
  failed: 'danger',
  pending: 'warning',
};

/** The verification's timeline, oldest first, and the webhook deliveries of its events. */
@customElement('idv-verification-timeline')
@localized()
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
      return html`<p>
        ${msg('No webhook delivery (no endpoint was registered when its events fired).')}
      </p>`;
    return html`<div class="table-wrap">
      <table>
        <caption class="visually-hidden">
          ${msg('Webhook deliveries of this verification')}
        </caption>
        <thead>
          <tr>
            <th scope="col">${msg('Event')}</th>
            <th scope="col">${msg('Status')}</th>
            <th scope="col">${msg('Attempts')}</th>
            <th scope="col">${msg('Last answer')}</th>
            <th scope="col" class="wide">${msg('Event type')}</th>
            <th scope="col" class="wide">${msg('Endpoint')}</th>
            <th scope="col" class="wide">${msg('Updated')}</th>
          </tr>
        </thead>
        <tbody>
          ${this.deliveries.map(
            (d) =>
              html`<tr>
                <td>${KINDS[d.type]?.() ?? d.type}</td>
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
              ${KINDS[entry.kind]?.() ?? entry.kind}
              ${entry.detail === null ? '' : html`<span class="detail">— ${entry.detail}</span>`}
            </li>`,
        )}
      </ol>
      <h3>${msg('Webhook deliveries')}</h3>
      ${this.renderDeliveries()}`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'idv-verification-timeline': IdvVerificationTimeline;
  }
}
