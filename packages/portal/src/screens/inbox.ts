import { Task } from '@lit/task';
import type { PortalInboxPage, VerificationStatus } from '@idv/contract';
import { html, LitElement } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import '@awesome.me/webawesome/dist/components/badge/badge.js';
import '@awesome.me/webawesome/dist/components/button/button.js';
import '@awesome.me/webawesome/dist/components/callout/callout.js';
import '@awesome.me/webawesome/dist/components/input/input.js';
import '@awesome.me/webawesome/dist/components/option/option.js';
import '@awesome.me/webawesome/dist/components/select/select.js';
import '@awesome.me/webawesome/dist/components/spinner/spinner.js';
import { api } from '../lib/api.js';
import { formatDateTime, STATUSES, statusVariant } from '../lib/format.js';
import { screenStyles } from './shared-styles.js';

/** Rows per page. */
const PAGE_SIZE = 25;

/** The inbox's state, as kept in the URL (`?status=&q=&page=`). */
interface Filters {
  status: VerificationStatus | '';
  q: string;
  page: number;
}

function filtersFromUrl(): Filters {
  const params = new URLSearchParams(location.search);
  const status = params.get('status') ?? '';
  const page = Number(params.get('page') ?? '1');
  return {
    status: (STATUSES as string[]).includes(status) ? (status as VerificationStatus) : '',
    q: params.get('q') ?? '',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

function urlOf(filters: Filters): string {
  const params = new URLSearchParams();
  if (filters.status !== '') params.set('status', filters.status);
  if (filters.q !== '') params.set('q', filters.q);
  if (filters.page > 1) params.set('page', String(filters.page));
  const query = params.toString();
  return query === '' ? '/app/' : `/app/?${query}`;
}

/**
 * The verifications inbox: server-side paging, a status filter and a search by id or
 * `externalUserId`, all kept in the URL (back and forward restore them).
 */
@customElement('idv-inbox')
export class IdvInbox extends LitElement {
  static override styles = screenStyles;

  /**
   * The page's query string, given by the shell on every navigation to the inbox: a link to
   * `/app/` (the navigation) shows what its URL says, not the filters of the last visit.
   */
  @property() query = '';

  @state() private filters: Filters = filtersFromUrl();

  private readonly rows = new Task(this, {
    task: async ([filters], { signal }) => {
      const params = new URLSearchParams({ page: String(filters.page), size: String(PAGE_SIZE) });
      if (filters.status !== '') params.set('status', filters.status);
      if (filters.q.trim() !== '') params.set('q', filters.q.trim());
      return api<PortalInboxPage>(`/verifications?${params}`, { signal });
    },
    args: () => [this.filters] as const,
  });

  protected override willUpdate(changed: Map<string, unknown>): void {
    if (changed.has('query')) this.filters = filtersFromUrl();
  }

  private readonly onPopState = () => {
    this.filters = filtersFromUrl();
  };

  override connectedCallback(): void {
    super.connectedCallback();
    addEventListener('popstate', this.onPopState);
  }

  override disconnectedCallback(): void {
    removeEventListener('popstate', this.onPopState);
    super.disconnectedCallback();
  }

  private apply(next: Filters): void {
    this.filters = next;
    history.pushState(null, '', urlOf(next));
  }

  private search(event: SubmitEvent): void {
    event.preventDefault();
    const data = new FormData(event.target as HTMLFormElement);
    this.apply({ status: this.filters.status, q: String(data.get('q') ?? '').trim(), page: 1 });
  }

  private statusChanged(event: Event): void {
    const value = (event.target as HTMLSelectElement).value as Filters['status'];
    this.apply({ ...this.filters, status: value, page: 1 });
  }

  private renderPage(result: PortalInboxPage) {
    if (result.total === 0) {
      const filtered = this.filters.status !== '' || this.filters.q !== '';
      return html`<div class="empty" role="status">
        ${
          filtered
            ? html`<p>No verification matches these filters.</p>`
            : html`<p>No verification yet.</p>
                <p><a href="/app/links">Create a link</a> and send it to the person to verify.</p>`
        }
      </div>`;
    }
    const first = (result.page - 1) * result.size + 1;
    const last = first + result.data.length - 1;
    const pages = Math.max(1, Math.ceil(result.total / result.size));
    return html`<div class="table-wrap">
        <table>
          <caption class="visually-hidden">
            Verifications, newest first
          </caption>
          <thead>
            <tr>
              <th scope="col">Person</th>
              <th scope="col">Status</th>
              <th scope="col">Created</th>
              <th scope="col" class="wide">Type</th>
            </tr>
          </thead>
          <tbody>
            ${result.data.map(
              (row) =>
                html`<tr>
                  <td>
                    <a href="/app/verifications/${row._id}"
                      >${
                        row.externalUserId ??
                        html`<span class="mono">${row._id.slice(0, 8)}…</span>`
                      }<span class="visually-hidden"> (open verification ${row._id})</span></a
                    >
                  </td>
                  <td><wa-badge variant=${statusVariant(row.status)}>${row.status}</wa-badge></td>
                  <td>${formatDateTime(row.createdAt)}</td>
                  <td class="wide">${row.type}</td>
                </tr>`,
            )}
          </tbody>
        </table>
      </div>
      <nav class="pager" aria-label="Pages">
        <span role="status">${first}–${last} of ${result.total}</span>
        <wa-button
          size="small"
          ?disabled=${result.page <= 1}
          @click=${() => this.apply({ ...this.filters, page: result.page - 1 })}
          >Previous</wa-button
        >
        <wa-button
          size="small"
          ?disabled=${result.page >= pages}
          @click=${() => this.apply({ ...this.filters, page: result.page + 1 })}
          >Next</wa-button
        >
      </nav>`;
  }

  override render() {
    return html`<h1>Verifications</h1>
      <form class="row" role="search" @submit=${this.search}>
        <wa-select
          label="Status"
          .value=${this.filters.status}
          @change=${this.statusChanged}
          placeholder="Any status"
          with-clear
        >
          ${STATUSES.map((status) => html`<wa-option value=${status}>${status}</wa-option>`)}
        </wa-select>
        <wa-input
          name="q"
          label="Search"
          placeholder="Verification id or external user id"
          .value=${this.filters.q}
          with-clear
        ></wa-input>
        <wa-button type="submit" variant="brand">Search</wa-button>
      </form>
      <h2 class="visually-hidden">Results</h2>
      <div class="results">
        ${this.rows.render({
          pending: () =>
            html`<p role="status"><wa-spinner aria-hidden="true"></wa-spinner> Loading…</p>`,
          complete: (result) => this.renderPage(result),
          error: (error) =>
            html`<wa-callout variant="danger" role="alert"
              >${error instanceof Error ? error.message : 'The list cannot be read.'}</wa-callout
            >`,
        })}
      </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'idv-inbox': IdvInbox;
  }
}
