import { localized, msg, str } from '@lit/localize';
import { Task } from '@lit/task';
import type { PortalQueuedDelivery, WebhookEndpoint } from '@idv/contract';
import { css, html, LitElement, nothing } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import '@awesome.me/webawesome/dist/components/button/button.js';
import '@awesome.me/webawesome/dist/components/callout/callout.js';
import '@awesome.me/webawesome/dist/components/input/input.js';
import { api } from '../../lib/api.js';
import { screenStyles } from '../shared-styles.js';
import { requestConfirmation } from '../common/confirmation.js';
import { ChangeController } from '../common/change-controller.js';
import { failureView, loadingView } from '../common/status-views.js';
import './webhook-deliveries.js';

/**
 * The company's webhook endpoints: add, edit, delete (confirmed), send a signed test event, and
 * open one endpoint's delivery log.
 */
@customElement('idv-webhook-endpoints')
@localized()
export class IdvWebhookEndpoints extends LitElement {
  static override styles = [
    screenStyles,
    css`
      td.url {
        max-width: 22rem;
      }
      .notice {
        margin-top: var(--wa-space-m);
      }
    `,
  ];

  @state() private notice: string | undefined;
  private readonly changes = new ChangeController(this);
  @state() private editing: string | undefined;
  @state() private deliveriesOf: WebhookEndpoint | undefined;
  @state() private version = 0;
  /** Bumped after a test event, so the open delivery log reads again. */
  @state() private sends = 0;

  private readonly endpoints = new Task(this, {
    task: async (_args, { signal }) => api<WebhookEndpoint[]>('/webhook-endpoints', { signal }),
    args: () => [this.version] as const,
  });

  /** Runs a change, showing its failure in the section's alert. */
  private async change(run: () => Promise<void>, failure: string): Promise<void> {
    this.notice = undefined;
    await this.changes.run(run, failure);
  }

  private bodyOf(form: HTMLFormElement): { url: string; description: string } {
    const data = new FormData(form);
    return {
      url: String(data.get('url') ?? '').trim(),
      description: String(data.get('description') ?? '').trim(),
    };
  }

  private async add(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    await this.change(async () => {
      await api<WebhookEndpoint>('/webhook-endpoints', { method: 'POST', body: this.bodyOf(form) });
      form.reset();
      this.version++;
    }, msg('The endpoint could not be added.'));
  }

  private async save(event: SubmitEvent, endpoint: WebhookEndpoint): Promise<void> {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    await this.change(async () => {
      await api<WebhookEndpoint>(`/webhook-endpoints/${endpoint._id}`, {
        method: 'PATCH',
        body: this.bodyOf(form),
      });
      this.editing = undefined;
      this.version++;
    }, msg('The endpoint could not be saved.'));
  }

  private async sendTest(endpoint: WebhookEndpoint): Promise<void> {
    await this.change(async () => {
      await api<PortalQueuedDelivery>(`/webhook-endpoints/${endpoint._id}/test`, {
        method: 'POST',
      });
      this.notice = msg(
        str`Test event queued for ${endpoint.url}: its attempts appear in the deliveries.`,
      );
      this.deliveriesOf = endpoint;
      this.sends++;
    }, msg('The test event could not be sent.'));
  }

  private deleteEndpoint(endpoint: WebhookEndpoint): void {
    requestConfirmation(this, {
      title: msg('Delete the endpoint'),
      text: msg(
        str`${endpoint.url} receives no event any more; its pending deliveries are dropped.`,
      ),
      action: msg('Delete the endpoint'),
      run: async () => {
        await api(`/webhook-endpoints/${endpoint._id}`, { method: 'DELETE' });
        if (this.deliveriesOf?._id === endpoint._id) this.deliveriesOf = undefined;
        this.version++;
      },
    });
  }

  private renderRow(endpoint: WebhookEndpoint) {
    if (this.editing === endpoint._id)
      return html`<tr>
        <td colspan="3">
          <form
            @submit=${(event: SubmitEvent) => this.save(event, endpoint)}
            aria-label=${msg(str`Edit ${endpoint.url}`)}
          >
            <div class="row">
              <wa-input
                name="url"
                label=${msg('URL')}
                type="url"
                required
                value=${endpoint.url}
              ></wa-input>
              <wa-input
                name="description"
                label=${msg('Description')}
                maxlength="500"
                value=${endpoint.description}
              ></wa-input>
            </div>
            <div class="actions">
              <wa-button type="submit" variant="brand" ?loading=${this.changes.busy}
                >${msg('Save')}</wa-button
              >
              <wa-button appearance="outlined" @click=${() => (this.editing = undefined)}
                >${msg('Cancel')}</wa-button
              >
            </div>
          </form>
        </td>
      </tr>`;
    const open = this.deliveriesOf?._id === endpoint._id;
    return html`<tr>
      <td class="url"><span class="mono">${endpoint.url}</span></td>
      <td class="wide">${endpoint.description || '—'}</td>
      <td>
        <div class="actions">
          <wa-button
            size="small"
            appearance="outlined"
            aria-expanded=${open ? 'true' : 'false'}
            @click=${() => (this.deliveriesOf = open ? undefined : endpoint)}
            >${msg('Deliveries')}</wa-button
          >
          <wa-button
            size="small"
            appearance="outlined"
            class="send-test"
            ?disabled=${this.changes.busy}
            @click=${() => this.sendTest(endpoint)}
            >${msg('Send a test event')}</wa-button
          >
          <wa-button
            size="small"
            appearance="outlined"
            @click=${() => (this.editing = endpoint._id)}
            >${msg('Edit')}</wa-button
          >
          <wa-button
            size="small"
            appearance="outlined"
            variant="danger"
            @click=${() => this.deleteEndpoint(endpoint)}
            >${msg('Delete')}</wa-button
          >
        </div>
      </td>
    </tr>`;
  }

  private renderList(endpoints: WebhookEndpoint[]) {
    if (endpoints.length === 0)
      return html`<div class="empty" role="status"><p>${msg('No webhook endpoint yet.')}</p></div>`;
    return html`<div class="table-wrap">
      <table id="endpoints">
        <caption class="visually-hidden">
          ${msg('Webhook endpoints')}
        </caption>
        <thead>
          <tr>
            <th scope="col">${msg('URL')}</th>
            <th scope="col" class="wide">${msg('Description')}</th>
            <th scope="col">${msg('Actions')}</th>
          </tr>
        </thead>
        <tbody>
          ${endpoints.map((endpoint) => this.renderRow(endpoint))}
        </tbody>
      </table>
    </div>`;
  }

  override render() {
    return html`<h2>${msg('Webhook endpoints')}</h2>
      <form @submit=${this.add} aria-label=${msg('New webhook endpoint')}>
        <div class="row">
          <wa-input
            name="url"
            label=${msg('URL (HTTPS)')}
            type="url"
            required
            placeholder="https://example.com/idv-webhook"
          ></wa-input>
          <wa-input
            name="description"
            label=${msg('Description (optional)')}
            maxlength="500"
          ></wa-input>
          <wa-button type="submit" variant="brand" ?loading=${this.changes.busy}
            >${msg('Add the endpoint')}</wa-button
          >
        </div>
      </form>
      ${
        this.changes.error === undefined
          ? nothing
          : html`<wa-callout variant="danger" role="alert" class="notice"
              >${this.changes.error}</wa-callout
            >`
      }
      <p role="status" id="endpoint-notice" class="notice">${this.notice ?? nothing}</p>
      <div class="results">
        ${this.endpoints.render({
          pending: loadingView,
          complete: (endpoints) => this.renderList(endpoints),
          error: (error) => failureView(error, msg('This cannot be read.')),
        })}
      </div>
      ${
        this.deliveriesOf === undefined
          ? nothing
          : html`<idv-webhook-deliveries
              .endpoint=${this.deliveriesOf}
              .version=${this.sends}
            ></idv-webhook-deliveries>`
      }`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'idv-webhook-endpoints': IdvWebhookEndpoints;
  }
}
