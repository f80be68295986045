import { localized, msg } from '@lit/localize';
import { Task } from '@lit/task';
import type { PortalCredentials, RotatedClientSecret } from '@idv/contract';
import { css, html, LitElement, nothing } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import '@awesome.me/webawesome/dist/components/button/button.js';
import '@awesome.me/webawesome/dist/components/copy-button/copy-button.js';
import { api } from '../../lib/api.js';
import { requestConfirmation } from '../common/confirmation.js';
import { shownOnceSecretStyles, shownOnceSecretView } from '../common/shown-once-secret.js';
import { failureView, loadingView } from '../common/status-views.js';
import { definitionListStyles, screenStyles } from '../shared-styles.js';

/**
 * The API client of the company: its id and token address; the secret is shown once, after a
 * rotation (confirmed first) that revokes every token of the client.
 */
@customElement('idv-api-credentials')
@localized()
export class IdvApiCredentials extends LitElement {
  static override styles = [
    screenStyles,
    definitionListStyles,
    shownOnceSecretStyles,
    css`
      dd {
        display: flex;
        align-items: center;
        gap: var(--wa-space-xs);
        min-width: 0;
      }
      @media (max-width: 40rem) {
        dl {
          grid-template-columns: 1fr;
        }
      }
    `,
  ];

  @state() private clientSecret: RotatedClientSecret | undefined;

  private readonly credentials = new Task(this, {
    task: async (_args, { signal }) =>
      api<PortalCredentials>('/developers/credentials', { signal }),
    args: () => [] as const,
  });

  private rotate(): void {
    requestConfirmation(this, {
      title: msg('Rotate the client secret'),
      text: msg(
        'A new secret replaces the current one at once, and every access token of the client stops working. Your integrations fail until they use the new secret.',
      ),
      action: msg('Rotate the client secret'),
      run: async () => {
        this.clientSecret = await api<RotatedClientSecret>('/developers/client-secret', {
          method: 'POST',
        });
      },
    });
  }

  private renderCredentials(credentials: PortalCredentials) {
    return html`<dl>
        <dt>${msg('Client id')}</dt>
        <dd>
          <span class="mono" id="client-id">${credentials.clientId}</span>
          <wa-copy-button
            value=${credentials.clientId}
            copy-label=${msg('Copy the client id')}
            success-label=${msg('Copied')}
          ></wa-copy-button>
        </dd>
        <dt>${msg('Token address')}</dt>
        <dd><span class="mono">${credentials.tokenUrl}</span></dd>
        <dt>${msg('Client secret')}</dt>
        <dd>${msg('Shown once, when you rotate it.')}</dd>
      </dl>
      <wa-button
        id="rotate-client-secret"
        appearance="outlined"
        variant="danger"
        @click=${this.rotate}
        >${msg('Rotate the client secret…')}</wa-button
      >
      ${
        this.clientSecret === undefined
          ? nothing
          : shownOnceSecretView({
              text: msg('New client secret. Copy it now: it is not shown again.'),
              id: 'client-secret',
              value: this.clientSecret.clientSecret,
              copyLabel: msg('Copy the client secret'),
            })
      }`;
  }

  override render() {
    return html`<h2>${msg('API credentials')}</h2>
      ${this.credentials.render({
        pending: loadingView,
        complete: (credentials) => this.renderCredentials(credentials),
        error: (error) => failureView(error, msg('This cannot be read.')),
      })}`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'idv-api-credentials': IdvApiCredentials;
  }
}
