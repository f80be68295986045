import { localized, msg, str } from '@lit/localize';
import { Task } from '@lit/task';
import type { CreatedLink, PortalLinkItem, PortalSessionView } from '@idv/contract';
import { consume } from '@lit/context';
import { html, LitElement, nothing } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import '@awesome.me/webawesome/dist/components/badge/badge.js';
import '@awesome.me/webawesome/dist/components/button/button.js';
import '@awesome.me/webawesome/dist/components/callout/callout.js';
import '@awesome.me/webawesome/dist/components/checkbox/checkbox.js';
import '@awesome.me/webawesome/dist/components/copy-button/copy-button.js';
import '@awesome.me/webawesome/dist/components/input/input.js';
import '@awesome.me/webawesome/dist/components/radio/radio.js';
import '@awesome.me/webawesome/dist/components/radio-group/radio-group.js';
import '@awesome.me/webawesome/dist/components/spinner/spinner.js';
import '@awesome.me/webawesome/dist/components/textarea/textarea.js';
import { api, ApiFailure } from '../lib/api.js';
import { formatDateTime } from '../lib/format.js';
import { sessionContext } from '../lib/session-context.js';
import { screenStyles } from './shared-styles.js';
import './links/link-share.js';
import { errorView, failureView, loadingView } from './common/status-views.js';

/** Most metadata entries the API takes (`NewLinkBody.metadata`). */
const MAX_METADATA = 50;

/**
 * The metadata of the form: one `key=value` per line (blank lines skipped); throws a message for
 * people when a line has no key or the API's limits are passed.
 */
export function parseMetadata(text: string): Record<string, string> | undefined {
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  if (lines.length === 0) return undefined;
  if (lines.length > MAX_METADATA)
    throw new Error(msg(str`At most ${MAX_METADATA} metadata entries.`));
  const metadata: Record<string, string> = {};
  for (const line of lines) {
    const at = line.indexOf('=');
    const key = (at < 0 ? line : line.slice(0, at)).trim();
    const value = at < 0 ? '' : line.slice(at + 1).trim();
    if (key === '' || at < 0) throw new Error(msg(str`Metadata "${line}": write it as key=value.`));
    if (key.length > 100 || value.length > 1000)
      throw new Error(msg(str`Metadata "${key}": keys take 100 characters, values 1000.`));
    metadata[key] = value;
  }
  return metadata;
}

/**
 * Links: create one (FULL FLOW or ID ONLY, the person's id, metadata, adaptive flow), hand it over
 * (copy, QR code, e-mail), and list the latest with their state.
 */
@customElement('idv-links')
@localized()
export class IdvLinks extends LitElement {
  static override styles = screenStyles;

  @consume({ context: sessionContext, subscribe: true })
  @state()
  private session: PortalSessionView | undefined;

  @state() private created: CreatedLink | undefined;
  /** The listed link whose hand-over panel is open. */
  @state() private sharing: PortalLinkItem | undefined;
  @state() private error: string | undefined;
  @state() private busy = false;

  private readonly list = new Task(this, {
    task: async (_args, { signal }) => api<PortalLinkItem[]>('/links', { signal }),
    args: () => [this.created] as const,
  });

  private async create(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    const data = new FormData(form);
    const externalUserId = String(data.get('externalUserId') ?? '').trim();
    let metadata: Record<string, string> | undefined;
    try {
      metadata = parseMetadata(String(data.get('metadata') ?? ''));
    } catch (error) {
      this.error = (error as Error).message;
      return;
    }
    this.busy = true;
    this.error = undefined;
    try {
      this.created = await api<CreatedLink>('/links', {
        method: 'POST',
        body: {
          type: String(data.get('type') ?? 'FULL FLOW'),
          ...(externalUserId === '' ? {} : { externalUserId }),
          ...(data.get('adaptiveFlow') === null ? {} : { adaptiveFlow: true }),
          ...(metadata === undefined ? {} : { metadata }),
        },
      });
      this.sharing = undefined;
      form.reset();
    } catch (error) {
      this.error =
        error instanceof ApiFailure ? error.message : msg('The link could not be created.');
    } finally {
      this.busy = false;
    }
  }

  private renderForm() {
    if (!this.session?.permissions.includes('links:create')) return nothing;
    return html`<h2>${msg('New link')}</h2>
      <form @submit=${this.create}>
        ${errorView(this.error)}
        <wa-radio-group name="type" label=${msg('What the person does')} value="FULL FLOW" required>
          <wa-radio value="FULL FLOW">${msg('Document and selfie (FULL FLOW)')}</wa-radio>
          <wa-radio value="ID ONLY">${msg('Document only (ID ONLY)')}</wa-radio>
        </wa-radio-group>
        <div class="row">
          <wa-input
            name="externalUserId"
            label=${msg('Your id for the person (optional)')}
            maxlength="256"
          ></wa-input>
        </div>
        <wa-checkbox
          name="adaptiveFlow"
          value="on"
          hint=${msg('A returning person with an earlier success only takes a selfie (needs their id).')}
          >${msg('Adaptive flow')}</wa-checkbox
        >
        <wa-textarea
          name="metadata"
          label=${msg('Metadata (optional)')}
          hint=${msg('One key=value a line; sent back in the webhooks and the API.')}
          rows="2"
          resize="auto"
        ></wa-textarea>
        <div>
          <wa-button type="submit" variant="brand" ?loading=${this.busy}
            >${msg('Create link')}</wa-button
          >
        </div>
      </form>
      ${
        this.created === undefined
          ? nothing
          : html`<wa-callout variant="success" role="status" style="margin-top:var(--wa-space-m)">
              <strong>${msg('Link created.')}</strong>
              <idv-link-share
                linkId=${this.created.linkId}
                linkUrl=${this.created.linkUrl}
              ></idv-link-share>
            </wa-callout>`
      }`;
  }

  private renderList(links: PortalLinkItem[]) {
    if (links.length === 0)
      return html`<div class="empty" role="status"><p>${msg('No link yet.')}</p></div>`;
    return html`<div class="table-wrap">
      <table>
        <caption class="visually-hidden">
          ${msg('Links, newest first')}
        </caption>
        <thead>
          <tr>
            <th scope="col">${msg('Person')}</th>
            <th scope="col">${msg('State')}</th>
            <th scope="col" class="wide">${msg('Created')}</th>
            <th scope="col" class="wide">${msg('Type')}</th>
            <th scope="col" class="wide">${msg('Expires')}</th>
            <th scope="col">${msg('Link')}</th>
          </tr>
        </thead>
        <tbody>
          ${links.map(
            (link) =>
              html`<tr>
                <td>
                  <a href="/app/verifications/${link.verificationId}"
                    >${
                      link.externalUserId ??
                      html`<span class="mono">${link._id.slice(0, 8)}…</span>`
                    }<span class="visually-hidden"> ${msg('(open its verification)')}</span></a
                  >
                </td>
                <td>
                  <wa-badge variant=${link.active ? 'success' : 'neutral'}
                    >${link.active ? msg('open') : msg('closed')}</wa-badge
                  >
                </td>
                <td class="wide">${formatDateTime(link.createdAt)}</td>
                <td class="wide">${link.type}</td>
                <td class="wide">${formatDateTime(link.expiresAt)}</td>
                <td>
                  <wa-copy-button
                    value=${link.linkUrl}
                    copy-label=${msg(str`Copy the link of ${link.externalUserId ?? link._id}`)}
                    success-label=${msg('Copied')}
                  ></wa-copy-button>
                  ${
                    link.active && this.session?.permissions.includes('links:create')
                      ? html`<wa-button
                          size="small"
                          appearance="plain"
                          aria-expanded=${this.sharing?._id === link._id ? 'true' : 'false'}
                          @click=${() => {
                            this.sharing = this.sharing?._id === link._id ? undefined : link;
                          }}
                          >${msg('Share')}<span class="visually-hidden">
                            ${msg(str`the link of ${link.externalUserId ?? link._id}`)}</span
                          ></wa-button
                        >`
                      : nothing
                  }
                </td>
              </tr>`,
          )}
        </tbody>
      </table>
    </div>`;
  }

  private renderSharing() {
    const link = this.sharing;
    if (link === undefined) return nothing;
    return html`<section
      aria-label=${msg(str`Hand over the link of ${link.externalUserId ?? link._id}`)}
    >
      <idv-link-share
        linkId=${link._id}
        linkUrl=${link.linkUrl}
        expiresAt=${link.expiresAt}
      ></idv-link-share>
    </section>`;
  }

  override render() {
    return html`<h1>${msg('Links')}</h1>
      ${this.renderForm()}
      <h2>${msg('Latest links')}</h2>
      ${this.renderSharing()}
      ${this.list.render({
        pending: loadingView,
        complete: (links) => this.renderList(links),
        error: (error) => failureView(error, msg('The links cannot be read.')),
      })}`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'idv-links': IdvLinks;
  }
}
