import { Task } from '@lit/task';
import type { CreatedLink, PortalLinkItem, PortalSessionView } from '@idv/contract';
import { consume } from '@lit/context';
import { html, LitElement, nothing } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import '@awesome.me/webawesome/dist/components/badge/badge.js';
import '@awesome.me/webawesome/dist/components/button/button.js';
import '@awesome.me/webawesome/dist/components/callout/callout.js';
import '@awesome.me/webawesome/dist/components/copy-button/copy-button.js';
import '@awesome.me/webawesome/dist/components/input/input.js';
import '@awesome.me/webawesome/dist/components/radio/radio.js';
import '@awesome.me/webawesome/dist/components/radio-group/radio-group.js';
import '@awesome.me/webawesome/dist/components/spinner/spinner.js';
import { api, ApiFailure } from '../lib/api.js';
import { formatDateTime } from '../lib/format.js';
import { sessionContext } from '../lib/session-context.js';
import { screenStyles } from './shared-styles.js';

/** Links: create one (FULL FLOW or ID ONLY), copy its URL, and list the latest. */
@customElement('idv-links')
export class IdvLinks extends LitElement {
  static override styles = screenStyles;

  @consume({ context: sessionContext, subscribe: true })
  @state()
  private session: PortalSessionView | undefined;

  @state() private created: CreatedLink | undefined;
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
    this.busy = true;
    this.error = undefined;
    try {
      this.created = await api<CreatedLink>('/links', {
        method: 'POST',
        body: {
          type: String(data.get('type') ?? 'FULL FLOW'),
          ...(externalUserId === '' ? {} : { externalUserId }),
        },
      });
      form.reset();
    } catch (error) {
      this.error = error instanceof ApiFailure ? error.message : 'The link could not be created.';
    } finally {
      this.busy = false;
    }
  }

  private renderForm() {
    if (!this.session?.permissions.includes('links:create')) return nothing;
    return html`<h2>New link</h2>
      <form @submit=${this.create}>
        ${
          this.error === undefined
            ? nothing
            : html`<wa-callout variant="danger" role="alert">${this.error}</wa-callout>`
        }
        <wa-radio-group name="type" label="What the person does" value="FULL FLOW" required>
          <wa-radio value="FULL FLOW">Document and selfie (FULL FLOW)</wa-radio>
          <wa-radio value="ID ONLY">Document only (ID ONLY)</wa-radio>
        </wa-radio-group>
        <div class="row">
          <wa-input
            name="externalUserId"
            label="Your id for the person (optional)"
            maxlength="256"
          ></wa-input>
          <wa-button type="submit" variant="brand" ?loading=${this.busy}>Create link</wa-button>
        </div>
      </form>
      ${
        this.created === undefined
          ? nothing
          : html`<wa-callout variant="success" role="status" style="margin-top:var(--wa-space-m)">
              <p style="margin:0 0 var(--wa-space-xs)">
                Link created. Send it to the person; it works once.
              </p>
              <span class="mono" id="created-url">${this.created.linkUrl}</span>
              <wa-copy-button
                value=${this.created.linkUrl}
                copy-label="Copy the link"
                success-label="Copied"
              ></wa-copy-button>
            </wa-callout>`
      }`;
  }

  private renderList(links: PortalLinkItem[]) {
    if (links.length === 0) return html`<div class="empty" role="status"><p>No link yet.</p></div>`;
    return html`<div class="table-wrap">
      <table>
        <caption class="visually-hidden">
          Links, newest first
        </caption>
        <thead>
          <tr>
            <th scope="col">Person</th>
            <th scope="col">State</th>
            <th scope="col" class="wide">Created</th>
            <th scope="col" class="wide">Type</th>
            <th scope="col">Link</th>
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
                    }<span class="visually-hidden"> (open its verification)</span></a
                  >
                </td>
                <td>
                  <wa-badge variant=${link.active ? 'success' : 'neutral'}
                    >${link.active ? 'open' : 'closed'}</wa-badge
                  >
                </td>
                <td class="wide">${formatDateTime(link.createdAt)}</td>
                <td class="wide">${link.type}</td>
                <td>
                  <wa-copy-button
                    value=${link.linkUrl}
                    copy-label="Copy the link of ${link.externalUserId ?? link._id}"
                    success-label="Copied"
                  ></wa-copy-button>
                </td>
              </tr>`,
          )}
        </tbody>
      </table>
    </div>`;
  }

  override render() {
    return html`<h1>Links</h1>
      ${this.renderForm()}
      <h2>Latest links</h2>
      ${this.list.render({
        pending: () =>
          html`<p role="status"><wa-spinner aria-hidden="true"></wa-spinner> Loading…</p>`,
        complete: (links) => this.renderList(links),
        error: (error) =>
          html`<wa-callout variant="danger" role="alert"
            >${error instanceof Error ? error.message : 'The links cannot be read.'}</wa-callout
          >`,
      })}`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'idv-links': IdvLinks;
  }
}
