import { Task } from '@lit/task';
import type {
  PortalCredentials,
  RotatedClientSecret,
  RotatedWebhookSecret,
  WebhookDelivery,
  WebhookDeliveryPage,
  WebhookEndpoint,
} from '@idv/contract';
import { css, html, LitElement, nothing } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import '@awesome.me/webawesome/dist/components/badge/badge.js';
import '@awesome.me/webawesome/dist/components/button/button.js';
import '@awesome.me/webawesome/dist/components/callout/callout.js';
import '@awesome.me/webawesome/dist/components/copy-button/copy-button.js';
import '@awesome.me/webawesome/dist/components/dialog/dialog.js';
import '@awesome.me/webawesome/dist/components/input/input.js';
import '@awesome.me/webawesome/dist/components/spinner/spinner.js';
import { api, ApiFailure } from '../lib/api.js';
import { formatDateTime } from '../lib/format.js';
import { screenStyles } from './shared-styles.js';

/** A change that asks for confirmation first (rotations and deletions cannot be undone). */
interface Confirmation {
  title: string;
  text: string;
  action: string;
  run: () => Promise<void>;
}

const messageOf = (error: unknown, fallback: string) =>
  error instanceof ApiFailure ? error.message : fallback;

/** An event type with line-break opportunities after its dots (narrow screens). */
const eventName = (type: string) =>
  type.split('.').map((part, i) => (i === 0 ? part : html`.<wbr />${part}`));

const deliveryVariant = (status: WebhookDelivery['status']) =>
  status === 'succeeded' ? 'success' : status === 'failed' ? 'danger' : 'warning';

/**
 * Developers: the API client id (the secret is shown once, after a rotation that revokes every
 * token), the webhook signing secret (revealed on demand, rotated), and the webhook endpoints with
 * each one's deliveries. For owners, admins and developers (the server checks the role).
 */
@customElement('idv-developers')
export class IdvDevelopers extends LitElement {
  static override styles = [
    screenStyles,
    css`
      dl {
        display: grid;
        grid-template-columns: max-content 1fr;
        gap: var(--wa-space-xs) var(--wa-space-m);
        margin: 0 0 var(--wa-space-m);
      }
      dt {
        color: var(--wa-color-text-quiet);
      }
      dd {
        margin: 0;
        display: flex;
        align-items: center;
        gap: var(--wa-space-xs);
        min-width: 0;
      }
      .secret {
        margin-top: var(--wa-space-m);
      }
      .secret p {
        margin: 0 0 var(--wa-space-xs);
      }
      .actions {
        display: flex;
        flex-wrap: wrap;
        gap: var(--wa-space-xs);
      }
      .event {
        font-family: var(--wa-font-family-code);
        font-size: 0.9em;
      }
      td.url {
        max-width: 22rem;
      }
      .deliveries {
        margin: var(--wa-space-s) 0 var(--wa-space-l);
      }
      .deliveries h3 {
        font-size: var(--wa-font-size-m);
        margin: 0 0 var(--wa-space-s);
      }
      @media (max-width: 40rem) {
        dl {
          grid-template-columns: 1fr;
        }
      }
    `,
  ];

  @state() private clientSecret: RotatedClientSecret | undefined;
  @state() private webhookSecret: string | undefined;
  @state() private confirmation: Confirmation | undefined;
  @state() private error: string | undefined;
  @state() private busy = false;
  @state() private editing: string | undefined;
  @state() private deliveriesOf: WebhookEndpoint | undefined;
  @state() private endpointsVersion = 0;

  private readonly credentials = new Task(this, {
    task: async (_args, { signal }) =>
      api<PortalCredentials>('/developers/credentials', { signal }),
    args: () => [] as const,
  });

  private readonly endpoints = new Task(this, {
    task: async (_args, { signal }) => api<WebhookEndpoint[]>('/webhook-endpoints', { signal }),
    args: () => [this.endpointsVersion] as const,
  });

  private readonly deliveries = new Task(this, {
    task: async ([endpoint], { signal }) =>
      endpoint === undefined
        ? undefined
        : api<WebhookDeliveryPage>(`/webhook-endpoints/${endpoint._id}/deliveries`, { signal }),
    args: () => [this.deliveriesOf] as const,
  });

  /** Runs a change, showing its failure in the screen's alert. */
  private async change(run: () => Promise<void>, failure: string): Promise<void> {
    this.busy = true;
    this.error = undefined;
    try {
      await run();
    } catch (error) {
      this.error = messageOf(error, failure);
    } finally {
      this.busy = false;
    }
  }

  private confirm(confirmation: Confirmation): void {
    this.confirmation = confirmation;
  }

  private async confirmed(): Promise<void> {
    const confirmation = this.confirmation;
    if (confirmation === undefined) return;
    await this.change(confirmation.run, `${confirmation.title} failed.`);
    this.confirmation = undefined;
  }

  private rotateClientSecret(): void {
    this.confirm({
      title: 'Rotate the client secret',
      text:
        'A new secret replaces the current one at once, and every access token of the client ' +
        'stops working. Your integrations fail until they use the new secret.',
      action: 'Rotate the client secret',
      run: async () => {
        this.clientSecret = await api<RotatedClientSecret>('/developers/client-secret', {
          method: 'POST',
        });
      },
    });
  }

  private rotateWebhookSecret(): void {
    this.confirm({
      title: 'Rotate the webhook secret',
      text:
        'The new secret signs every delivery from now on: update your receivers, or they will ' +
        'refuse the signatures.',
      action: 'Rotate the webhook secret',
      run: async () => {
        this.webhookSecret = (
          await api<RotatedWebhookSecret>('/developers/webhook-secret', { method: 'POST' })
        ).webhookSecret;
      },
    });
  }

  private async revealWebhookSecret(): Promise<void> {
    await this.change(async () => {
      this.webhookSecret = (
        await api<RotatedWebhookSecret>('/developers/webhook-secret')
      ).webhookSecret;
    }, 'The webhook secret cannot be read.');
  }

  private endpointBody(form: HTMLFormElement): { url: string; description: string } {
    const data = new FormData(form);
    return {
      url: String(data.get('url') ?? '').trim(),
      description: String(data.get('description') ?? '').trim(),
    };
  }

  private async addEndpoint(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    await this.change(async () => {
      await api<WebhookEndpoint>('/webhook-endpoints', {
        method: 'POST',
        body: this.endpointBody(form),
      });
      form.reset();
      this.endpointsVersion++;
    }, 'The endpoint could not be added.');
  }

  private async saveEndpoint(event: SubmitEvent, endpoint: WebhookEndpoint): Promise<void> {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    await this.change(async () => {
      await api<WebhookEndpoint>(`/webhook-endpoints/${endpoint._id}`, {
        method: 'PATCH',
        body: this.endpointBody(form),
      });
      this.editing = undefined;
      this.endpointsVersion++;
    }, 'The endpoint could not be saved.');
  }

  private deleteEndpoint(endpoint: WebhookEndpoint): void {
    this.confirm({
      title: 'Delete the endpoint',
      text: `${endpoint.url} receives no event any more; its pending deliveries are dropped.`,
      action: 'Delete the endpoint',
      run: async () => {
        await api(`/webhook-endpoints/${endpoint._id}`, { method: 'DELETE' });
        if (this.deliveriesOf?._id === endpoint._id) this.deliveriesOf = undefined;
        this.endpointsVersion++;
      },
    });
  }

  private renderCredentials(credentials: PortalCredentials) {
    return html`<dl>
        <dt>Client id</dt>
        <dd>
          <span class="mono" id="client-id">${credentials.clientId}</span>
          <wa-copy-button
            value=${credentials.clientId}
            copy-label="Copy the client id"
            success-label="Copied"
          ></wa-copy-button>
        </dd>
        <dt>Token address</dt>
        <dd><span class="mono">${credentials.tokenUrl}</span></dd>
        <dt>Client secret</dt>
        <dd>Shown once, when you rotate it.</dd>
      </dl>
      <wa-button
        id="rotate-client-secret"
        appearance="outlined"
        variant="danger"
        @click=${this.rotateClientSecret}
        >Rotate the client secret…</wa-button
      >
      ${
        this.clientSecret === undefined
          ? nothing
          : html`<wa-callout variant="success" role="status" class="secret">
              <p>New client secret. Copy it now: it is not shown again.</p>
              <span class="mono" id="client-secret">${this.clientSecret.clientSecret}</span>
              <wa-copy-button
                value=${this.clientSecret.clientSecret}
                copy-label="Copy the client secret"
                success-label="Copied"
              ></wa-copy-button>
            </wa-callout>`
      }`;
  }

  private renderWebhookSecret() {
    return html`<h2>Webhook signing secret</h2>
      <p>
        Every delivery is signed with it (Standard Webhooks); your receivers check the signature.
      </p>
      ${
        this.webhookSecret === undefined
          ? nothing
          : html`<p class="secret">
              <span class="mono" id="webhook-secret">${this.webhookSecret}</span>
              <wa-copy-button
                value=${this.webhookSecret}
                copy-label="Copy the webhook secret"
                success-label="Copied"
              ></wa-copy-button>
            </p>`
      }
      <div class="actions">
        ${
          this.webhookSecret === undefined
            ? html`<wa-button appearance="outlined" @click=${this.revealWebhookSecret}
                >Reveal the webhook secret</wa-button
              >`
            : nothing
        }
        <wa-button appearance="outlined" variant="danger" @click=${this.rotateWebhookSecret}
          >Rotate the webhook secret…</wa-button
        >
      </div>`;
  }

  private renderEndpointRow(endpoint: WebhookEndpoint) {
    if (this.editing === endpoint._id)
      return html`<tr>
        <td colspan="3">
          <form
            @submit=${(event: SubmitEvent) => this.saveEndpoint(event, endpoint)}
            aria-label="Edit ${endpoint.url}"
          >
            <div class="row">
              <wa-input name="url" label="URL" type="url" required value=${endpoint.url}></wa-input>
              <wa-input
                name="description"
                label="Description"
                maxlength="500"
                value=${endpoint.description}
              ></wa-input>
            </div>
            <div class="actions">
              <wa-button type="submit" variant="brand" ?loading=${this.busy}>Save</wa-button>
              <wa-button appearance="outlined" @click=${() => (this.editing = undefined)}
                >Cancel</wa-button
              >
            </div>
          </form>
        </td>
      </tr>`;
    return html`<tr>
      <td class="url"><span class="mono">${endpoint.url}</span></td>
      <td class="wide">${endpoint.description || '—'}</td>
      <td>
        <div class="actions">
          <wa-button
            size="small"
            appearance="outlined"
            aria-expanded=${this.deliveriesOf?._id === endpoint._id ? 'true' : 'false'}
            @click=${() =>
              (this.deliveriesOf = this.deliveriesOf?._id === endpoint._id ? undefined : endpoint)}
            >Deliveries</wa-button
          >
          <wa-button
            size="small"
            appearance="outlined"
            @click=${() => (this.editing = endpoint._id)}
            >Edit</wa-button
          >
          <wa-button
            size="small"
            appearance="outlined"
            variant="danger"
            @click=${() => this.deleteEndpoint(endpoint)}
            >Delete</wa-button
          >
        </div>
      </td>
    </tr>`;
  }

  private renderEndpoints(endpoints: WebhookEndpoint[]) {
    if (endpoints.length === 0)
      return html`<div class="empty" role="status"><p>No webhook endpoint yet.</p></div>`;
    return html`<div class="table-wrap">
      <table id="endpoints">
        <caption class="visually-hidden">
          Webhook endpoints
        </caption>
        <thead>
          <tr>
            <th scope="col">URL</th>
            <th scope="col" class="wide">Description</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          ${endpoints.map((endpoint) => this.renderEndpointRow(endpoint))}
        </tbody>
      </table>
    </div>`;
  }

  private renderDeliveries(endpoint: WebhookEndpoint, page: WebhookDeliveryPage) {
    return html`<section class="deliveries" aria-labelledby="deliveries-title">
      <h3 id="deliveries-title">Deliveries to <span class="mono">${endpoint.url}</span></h3>
      ${
        page.data.length === 0
          ? html`<div class="empty" role="status"><p>No delivery yet.</p></div>`
          : html`<div class="table-wrap">
              <table id="deliveries">
                <caption class="visually-hidden">
                  Deliveries, newest first (${page.total} in all)
                </caption>
                <thead>
                  <tr>
                    <th scope="col">Event</th>
                    <th scope="col">Status</th>
                    <th scope="col">Attempts</th>
                    <th scope="col">Last answer</th>
                    <th scope="col" class="wide">Created</th>
                  </tr>
                </thead>
                <tbody>
                  ${page.data.map((delivery) => {
                    const last = delivery.attempts.at(-1);
                    return html`<tr>
                      <td>
                        <span class="event">${eventName(delivery.type)}</span><br /><a
                          href="/app/verifications/${delivery.verificationId}"
                          >Verification<span class="visually-hidden">
                            ${delivery.verificationId}</span
                          ></a
                        >
                      </td>
                      <td>
                        <wa-badge variant=${deliveryVariant(delivery.status)}
                          >${delivery.status}</wa-badge
                        >
                      </td>
                      <td>${delivery.attempts.length}</td>
                      <td>
                        ${
                          last === undefined
                            ? '—'
                            : (last.statusCode ?? html`<span>${last.error ?? 'no answer'}</span>`)
                        }
                      </td>
                      <td class="wide">${formatDateTime(delivery.createdAt)}</td>
                    </tr>`;
                  })}
                </tbody>
              </table>
            </div>`
      }
    </section>`;
  }

  private renderDialog() {
    const confirmation = this.confirmation;
    return html`<wa-dialog
      label=${confirmation?.title ?? 'Confirm'}
      ?open=${confirmation !== undefined}
      @wa-after-hide=${(event: Event) => {
        if (event.target === event.currentTarget) this.confirmation = undefined;
      }}
    >
      <p>${confirmation?.text}</p>
      <wa-button slot="footer" appearance="outlined" @click=${() => (this.confirmation = undefined)}
        >Cancel</wa-button
      >
      <wa-button
        slot="footer"
        variant="danger"
        id="confirm"
        ?loading=${this.busy}
        @click=${this.confirmed}
        >${confirmation?.action ?? 'Confirm'}</wa-button
      >
    </wa-dialog>`;
  }

  override render() {
    const failure = (error: unknown) =>
      html`<wa-callout variant="danger" role="alert"
        >${messageOf(error, 'This cannot be read.')}</wa-callout
      >`;
    const loading = () =>
      html`<p role="status"><wa-spinner aria-hidden="true"></wa-spinner> Loading…</p>`;
    return html`<h1>Developers</h1>
      ${
        this.error === undefined
          ? nothing
          : html`<wa-callout variant="danger" role="alert">${this.error}</wa-callout>`
      }
      <h2>API credentials</h2>
      ${this.credentials.render({
        pending: loading,
        complete: (credentials) => this.renderCredentials(credentials),
        error: failure,
      })}
      ${this.renderWebhookSecret()}
      <h2>Webhook endpoints</h2>
      <form @submit=${this.addEndpoint} aria-label="New webhook endpoint">
        <div class="row">
          <wa-input
            name="url"
            label="URL (HTTPS)"
            type="url"
            required
            placeholder="https://example.com/idv-webhook"
          ></wa-input>
          <wa-input name="description" label="Description (optional)" maxlength="500"></wa-input>
          <wa-button type="submit" variant="brand" ?loading=${this.busy}
            >Add the endpoint</wa-button
          >
        </div>
      </form>
      <div class="results">
        ${this.endpoints.render({
          pending: loading,
          complete: (endpoints) => this.renderEndpoints(endpoints),
          error: failure,
        })}
      </div>
      ${
        this.deliveriesOf === undefined
          ? nothing
          : this.deliveries.render({
              pending: loading,
              complete: (page) =>
                page === undefined || this.deliveriesOf === undefined
                  ? nothing
                  : this.renderDeliveries(this.deliveriesOf, page),
              error: failure,
            })
      }
      ${this.renderDialog()}`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'idv-developers': IdvDevelopers;
  }
}
