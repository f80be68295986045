import { localized, msg, str } from '@lit/localize';
import type { RelatedVerification } from '@idv/contract';
import { html, LitElement } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import '@awesome.me/webawesome/dist/components/badge/badge.js';
import { formatDateTime, statusVariant } from '../../lib/format.js';
import { screenStyles } from '../shared-styles.js';

/** The same person's other verifications (same `externalUserId`), newest first, each a link. */
@customElement('idv-related-verifications')
@localized()
export class IdvRelatedVerifications extends LitElement {
  static override styles = screenStyles;

  /** The person's `externalUserId` (undefined: not known, so nothing can be related). */
  @property() person: string | undefined;
  /** The related verifications. */
  @property({ attribute: false }) related: RelatedVerification[] = [];

  override render() {
    if (this.person === undefined)
      return html`<p>
        ${msg(html`The link has no <code>externalUserId</code>: nothing to relate it to.`)}
      </p>`;
    if (this.related.length === 0)
      return html`<p>${msg(html`No other verification of <strong>${this.person}</strong>.`)}</p>`;
    return html`<div class="table-wrap">
      <table>
        <caption class="visually-hidden">
          ${msg(str`Other verifications of ${this.person}`)}
        </caption>
        <thead>
          <tr>
            <th scope="col">${msg('Created')}</th>
            <th scope="col">${msg('Status')}</th>
            <th scope="col">${msg('Verification')}</th>
          </tr>
        </thead>
        <tbody>
          ${this.related.map(
            (r) =>
              html`<tr>
                <td>${formatDateTime(r.createdAt)}</td>
                <td>
                  <wa-badge variant=${statusVariant(r.status)}>${r.status}</wa-badge>
                  ${r.dataExpired ? msg('data expired') : ''}
                </td>
                <td><a class="mono" href="/app/verifications/${r._id}">${r._id}</a></td>
              </tr>`,
          )}
        </tbody>
      </table>
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'idv-related-verifications': IdvRelatedVerifications;
  }
}
