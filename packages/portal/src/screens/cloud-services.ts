import { localized, msg, str } from '@lit/localize';
import { Task } from '@lit/task';
import type { CloudKey, CloudKeyWithSecret } from '@idv/contract';
import { css, html, LitElement, nothing } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import '@awesome.me/webawesome/dist/components/badge/badge.js';
import '@awesome.me/webawesome/dist/components/button/button.js';
import '@awesome.me/webawesome/dist/components/input/input.js';
import '@awesome.me/webawesome/dist/components/option/option.js';
import '@awesome.me/webawesome/dist/components/progress-bar/progress-bar.js';
import '@awesome.me/webawesome/dist/components/select/select.js';
import { api } from '../lib/api.js';
import { formatDateTime, formatNumber } from '../lib/format.js';
import { ChangeController } from './common/change-controller.js';
import { ConfirmationController } from './common/confirmation-controller.js';
import { shownOnceSecretStyles, shownOnceSecretView } from './common/shown-once-secret.js';
import { errorView, failureView, loadingView } from './common/status-views.js';
import { screenStyles } from './shared-styles.js';

/** The analysis APIs a key opens, as people read them (in the portal's language). */
const SERVICES: { value: CloudKey['service']; label: () => string }[] = [
  { value: 'id', label: () => msg('Document reading (id)') },
  { value: 'face', label: () => msg('Face comparison (face)') },
  { value: 'antispoofing', label: () => msg('Anti-spoofing (antispoofing)') },
];

/**
 * Cloud services: the company's analysis API keys (create; the secret is shown once, after a
 * creation or a rotation; pause, resume, revoke) and each key's calls against its quota. The
 * server applies the REST API's rules (five keys per service, the trial quota). Owners, admins
 * and developers, on plans with the API.
 */
@customElement('idv-cloud-services')
@localized()
export class IdvCloudServices extends LitElement {
  static override styles = [
    screenStyles,
    shownOnceSecretStyles,
    css`
      td.usage {
        min-width: 10rem;
      }
      td.usage .actions {
        margin-top: var(--wa-space-xs);
      }
      wa-progress-bar {
        --track-height: 0.5rem;
        margin-top: var(--wa-space-2xs);
      }
      .quiet {
        color: var(--wa-color-text-quiet);
        font-size: var(--wa-font-size-xs);
      }
    `,
  ];

  @state() private version = 0;
  @state() private secret: CloudKeyWithSecret | undefined;
  private readonly changes = new ChangeController(this);
  /** Rotations and revocations, confirmed first; the keys are read again after each. */
  private readonly confirmations = new ConfirmationController(
    this,
    this.changes,
    () => this.version++,
  );

  private readonly keys = new Task(this, {
    task: async (_args, { signal }) => api<CloudKey[]>('/cloud-services/keys', { signal }),
    args: () => [this.version] as const,
  });

  /** Runs a change, then reads the keys again (after a failure too: they show what the server holds). */
  private async change(run: () => Promise<void>, failure: string): Promise<void> {
    await this.changes.run(run, failure);
    this.version++;
  }

  private async create(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    const data = new FormData(form);
    const name = String(data.get('name') ?? '').trim();
    await this.change(async () => {
      this.secret = await api<CloudKeyWithSecret>('/cloud-services/keys', {
        method: 'POST',
        body: { service: String(data.get('service') ?? ''), ...(name === '' ? {} : { name }) },
      });
      form.reset();
    }, msg('The key could not be created.'));
  }

  private async setPaused(key: CloudKey, paused: boolean): Promise<void> {
    await this.change(async () => {
      await api<CloudKey>(`/cloud-services/keys/${key._id}`, {
        method: 'PATCH',
        body: { paused },
      });
    }, msg('The key could not be changed.'));
  }

  private rotate(key: CloudKey): void {
    this.confirmations.ask({
      title: msg('Rotate the key'),
      text: msg(
        str`A new secret replaces the one of "${key.name}" at once: calls with the old one are refused. Its usage carries over.`,
      ),
      action: msg('Rotate the key'),
      run: async () => {
        this.secret = await api<CloudKeyWithSecret>(`/cloud-services/keys/${key._id}/rotate`, {
          method: 'POST',
        });
      },
    });
  }

  private revoke(key: CloudKey): void {
    this.confirmations.ask({
      title: msg('Revoke the key'),
      text: msg(
        str`"${key.name}" stops working for good and frees its place among the five keys of its service.`,
      ),
      action: msg('Revoke the key'),
      run: async () => {
        await api(`/cloud-services/keys/${key._id}`, { method: 'DELETE' });
        if (this.secret?._id === key._id) this.secret = undefined;
      },
    });
  }

  private renderSecret(key: CloudKeyWithSecret) {
    return shownOnceSecretView({
      text: msg(str`Secret of "${key.name}". Copy it now: it is not shown again.`),
      id: 'key-secret',
      value: key.secret,
      copyLabel: msg('Copy the secret'),
    });
  }

  private renderKey(key: CloudKey) {
    const percent = key.usage.limit === 0 ? 100 : (100 * key.usage.used) / key.usage.limit;
    return html`<tr>
      <td>
        ${key.name}<br /><span class="quiet"
          >${key.service} · <span class="mono">${key.prefix}…</span></span
        ><br />
        <wa-badge variant=${key.paused ? 'neutral' : 'success'}>${key.status}</wa-badge>
      </td>
      <td class="usage">
        ${msg(str`${formatNumber(key.usage.used)} of ${formatNumber(key.usage.limit)} calls`)}
        <wa-progress-bar
          value=${Math.min(100, percent)}
          label=${msg(str`Calls of ${key.name} used: ${Math.round(percent)} %`)}
        ></wa-progress-bar>
        <span class="quiet"
          >${
            key.lastUsedAt === null
              ? msg('Never used')
              : msg(str`Last used ${formatDateTime(key.lastUsedAt)}`)
          }</span
        >
        <div class="actions">
          <wa-button
            size="small"
            appearance="outlined"
            class="pause"
            ?disabled=${this.changes.busy}
            @click=${() => this.setPaused(key, !key.paused)}
            >${key.paused ? msg('Resume') : msg('Pause')}<span class="visually-hidden">
              ${key.name}</span
            ></wa-button
          >
          <wa-button
            size="small"
            appearance="outlined"
            class="rotate"
            @click=${() => this.rotate(key)}
            >${msg('Rotate…')}<span class="visually-hidden"> ${key.name}</span></wa-button
          >
          <wa-button
            size="small"
            appearance="outlined"
            variant="danger"
            class="revoke"
            @click=${() => this.revoke(key)}
            >${msg('Revoke…')}<span class="visually-hidden"> ${key.name}</span></wa-button
          >
        </div>
      </td>
    </tr>`;
  }

  private renderKeys(keys: CloudKey[]) {
    if (keys.length === 0)
      return html`<div class="empty" role="status"><p>${msg('No analysis key yet.')}</p></div>`;
    return html`<div class="table-wrap">
      <table id="keys">
        <caption class="visually-hidden">
          ${msg('Analysis keys and their usage')}
        </caption>
        <thead>
          <tr>
            <th scope="col">${msg('Key')}</th>
            <th scope="col">${msg('Usage and actions')}</th>
          </tr>
        </thead>
        <tbody>
          ${keys.map((key) => this.renderKey(key))}
        </tbody>
      </table>
    </div>`;
  }

  override render() {
    return html`<h1>${msg('Cloud services')}</h1>
      <p>
        ${msg(
          html`Keys of the analysis APIs (document reading, face comparison, anti-spoofing), sent as
            the <code>Api-Key</code> header. Five keys per service; each has its own quota of calls.`,
        )}
      </p>
      <form @submit=${this.create} aria-label=${msg('New analysis key')}>
        <div class="row">
          <wa-select name="service" label=${msg('Service')} value="id" required>
            ${SERVICES.map((s) => html`<wa-option value=${s.value}>${s.label()}</wa-option>`)}
          </wa-select>
          <wa-input name="name" label=${msg('Name (optional)')} maxlength="100"></wa-input>
          <wa-button type="submit" variant="brand" ?loading=${this.changes.busy}
            >${msg('Create the key')}</wa-button
          >
        </div>
      </form>
      ${errorView(this.changes.error)}
      ${this.secret === undefined ? nothing : this.renderSecret(this.secret)}
      <div class="results">
        ${this.keys.render({
          pending: loadingView,
          complete: (keys) => this.renderKeys(keys),
          error: (error) => failureView(error, msg('This cannot be read.')),
        })}
      </div>
      ${this.confirmations.dialog()}`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'idv-cloud-services': IdvCloudServices;
  }
}
