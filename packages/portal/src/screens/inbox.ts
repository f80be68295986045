import { localized, msg, str } from '@lit/localize';
import { Task } from '@lit/task';
import type { PortalInboxPage } from '@idv/contract';
import { html, LitElement } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import '@awesome.me/webawesome/dist/components/badge/badge.js';
import '@awesome.me/webawesome/dist/components/button/button.js';
import '@awesome.me/webawesome/dist/components/callout/callout.js';
import '@awesome.me/webawesome/dist/components/input/input.js';
import '@awesome.me/webawesome/dist/components/option/option.js';
import '@awesome.me/webawesome/dist/components/select/select.js';
import '@awesome.me/webawesome/dist/components/spinner/spinner.js';
import { pollPage } from '../lib/api.js';
import { formatDateTime, STATUSES, statusVariant } from '../lib/format.js';
import {
  ALLOWED,
  apiQuery,
  FILTER_KEYS,
  filtersFromUrl,
  isFiltered,
  SORTS,
  urlOf,
  type FilterKey,
  type Filters,
  type SortChoice,
} from './inbox/inbox-filters.js';
import { inboxStyles } from './inbox/inbox.styles.js';
import { failureView, loadingView } from './common/status-views.js';

/** How often the inbox asks whether its page changed (live arrival), while the tab is visible. */
const POLL_MS = 10_000;

/**
 * The verifications inbox: server-side paging, a status filter and a search by id or
 * `externalUserId`, all kept in the URL (back and forward restore them).
 */
@customElement('idv-inbox')
@localized()
export class IdvInbox extends LitElement {
  static override styles = inboxStyles;

  /**
   * The page's query string, given by the shell on every navigation to the inbox: a link to
   * `/app/` (the navigation) shows what its URL says, not the filters of the last visit.
   */
  @property() query = '';

  @state() private filters: Filters = filtersFromUrl();

  /** Bumped when a poll finds the page changed: the rows are read again. */
  @state() private version = 0;
  /** What the live region says after a poll brought new results. */
  @state() private arrived = '';
  private etag: string | undefined;
  private timer: ReturnType<typeof setInterval> | undefined;

  private readonly rows = new Task(this, {
    task: async ([filters], { signal }) => {
      const { body, etag } = await pollPage<PortalInboxPage>(
        `/verifications?${apiQuery(filters)}`,
        undefined,
        signal,
      );
      this.etag = etag;
      return body!;
    },
    args: () => [this.filters, this.version] as const,
  });

  /**
   * Live arrival: polling with ETag. The server answers 304 while the page is the same; on a
   * change the rows are read again and the count announced. Chosen over server-sent events: no
   * connection held per open tab, nothing to wake across server processes, and it works through
   * any proxy; ten seconds is soon enough for results that take minutes.
   */
  private async poll(): Promise<void> {
    if (document.visibilityState !== 'visible' || this.rows.value === undefined) return;
    const before = this.rows.value.total;
    try {
      const { body } = await pollPage<PortalInboxPage>(
        `/verifications?${apiQuery(this.filters)}`,
        this.etag,
      );
      if (body === undefined) return;
      const added = body.total - before;
      this.arrived =
        added === 1
          ? msg('1 new verification.')
          : added > 1
            ? msg(str`${added} new verifications.`)
            : msg('The list changed.');
      this.version++;
    } catch {
      // A failed poll is retried at the next tick; the list stays as it is.
    }
  }

  protected override willUpdate(changed: Map<string, unknown>): void {
    if (changed.has('query')) this.filters = filtersFromUrl();
  }

  private readonly onPopState = () => {
    this.query = location.search;
    this.filters = filtersFromUrl();
  };

  override connectedCallback(): void {
    super.connectedCallback();
    addEventListener('popstate', this.onPopState);
    this.timer = setInterval(() => void this.poll(), POLL_MS);
  }

  override disconnectedCallback(): void {
    removeEventListener('popstate', this.onPopState);
    clearInterval(this.timer);
    super.disconnectedCallback();
  }

  private apply(next: Filters): void {
    this.filters = next;
    this.arrived = '';
    history.pushState(null, '', urlOf(next));
    // Keep `query` in step with the URL: the shell's next navigation to `/app/` (no filters) is
    // then a change, and the filters set here are not left on screen.
    this.query = location.search;
  }

  private search(event: SubmitEvent): void {
    event.preventDefault();
    const data = new FormData(event.target as HTMLFormElement);
    const next: Filters = {
      ...this.filters,
      q: String(data.get('q') ?? '').trim(),
      page: 1,
    };
    for (const key of ['from', 'to', 'reason'] as const) {
      const value = String(data.get(key) ?? '').trim();
      if (value !== '' && ALLOWED[key](value)) next[key] = value;
      else delete next[key];
    }
    this.apply(next);
  }

  /** A select of the filters changed: its `name` is the parameter. */
  private selectChanged(event: Event): void {
    const select = event.target as HTMLSelectElement;
    const key = select.getAttribute('name') as FilterKey | 'sort';
    const next: Filters = { ...this.filters, page: 1 };
    if (key === 'sort') next.sort = (select.value || 'newest') as SortChoice;
    else if (select.value === '') delete next[key];
    else next[key] = select.value;
    this.apply(next);
  }

  private statusChanged(event: Event): void {
    const value = (event.target as HTMLSelectElement).value as Filters['status'];
    this.apply({ ...this.filters, status: value, page: 1 });
  }

  private renderPage(result: PortalInboxPage) {
    if (result.total === 0) {
      const filtered = isFiltered(this.filters);
      return html`<div class="empty" role="status">
        ${
          filtered
            ? html`<p>${msg('No verification matches these filters.')}</p>`
            : html`<p>${msg('No verification yet.')}</p>
                <p>
                  ${msg(html`<a href="/app/links">Create a link</a> and send it to the person to verify.`)}
                </p>`
        }
      </div>`;
    }
    const first = (result.page - 1) * result.size + 1;
    const last = first + result.data.length - 1;
    const pages = Math.max(1, Math.ceil(result.total / result.size));
    return html`<div class="table-wrap">
        <table>
          <caption class="visually-hidden">
            ${msg(str`Verifications, ${SORTS[this.filters.sort].label().toLowerCase()}`)}
          </caption>
          <thead>
            <tr>
              <th scope="col">${msg('Person')}</th>
              <th scope="col">${msg('Status')}</th>
              <th scope="col">${msg('Created')}</th>
              <th scope="col" class="wide">${msg('Type')}</th>
              <th scope="col" class="wide">${msg('Failure reason')}</th>
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
                      }<span class="visually-hidden">
                        ${msg(str`(open verification ${row._id})`)}</span
                      ></a
                    >
                  </td>
                  <td><wa-badge variant=${statusVariant(row.status)}>${row.status}</wa-badge></td>
                  <td>${formatDateTime(row.createdAt)}</td>
                  <td class="wide">${row.type}</td>
                  <td class="wide mono">${row.errorCode ?? '—'}</td>
                </tr>`,
            )}
          </tbody>
        </table>
      </div>
      <nav class="pager" aria-label=${msg('Pages')}>
        <span role="status">${msg(str`${first}–${last} of ${result.total}`)}</span>
        <wa-button
          size="small"
          ?disabled=${result.page <= 1}
          @click=${() => this.apply({ ...this.filters, page: result.page - 1 })}
          >${msg('Previous')}</wa-button
        >
        <wa-button
          size="small"
          ?disabled=${result.page >= pages}
          @click=${() => this.apply({ ...this.filters, page: result.page + 1 })}
          >${msg('Next')}</wa-button
        >
      </nav>`;
  }

  override render() {
    return html`<h1>${msg('Verifications')}</h1>
      <form class="row" role="search" @submit=${this.search}>
        <wa-select
          label=${msg('Status')}
          .value=${this.filters.status}
          @change=${this.statusChanged}
          placeholder=${msg('Any status')}
          with-clear
        >
          ${STATUSES.map((status) => html`<wa-option value=${status}>${status}</wa-option>`)}
        </wa-select>
        <wa-input
          name="q"
          label=${msg('Search')}
          placeholder=${msg('Verification id or external user id')}
          .value=${this.filters.q}
          with-clear
        ></wa-input>
        <wa-button type="submit" variant="brand">${msg('Search')}</wa-button>
        <details class="more" ?open=${FILTER_KEYS.some((key) => this.filters[key])}>
          <summary>${msg('More filters and sorting')}</summary>
          <div class="row">
            <wa-select
              name="type"
              label=${msg('Type')}
              .value=${this.filters.type ?? ''}
              @change=${this.selectChanged}
              placeholder=${msg('Any type')}
              with-clear
            >
              <wa-option value="FULL FLOW">FULL FLOW</wa-option>
              <wa-option value="ID ONLY">ID ONLY</wa-option>
            </wa-select>
            <wa-select
              name="method"
              label=${msg('Method')}
              .value=${this.filters.method ?? ''}
              @change=${this.selectChanged}
              placeholder=${msg('Any method')}
              with-clear
            >
              <wa-option value="DOCUMENT">${msg('Document')}</wa-option>
              <wa-option value="FACE">${msg('Face only')}</wa-option>
            </wa-select>
            <wa-select
              name="sort"
              label=${msg('Sort')}
              .value=${this.filters.sort}
              @change=${this.selectChanged}
            >
              ${Object.entries(SORTS).map(
                ([value, { label }]) => html`<wa-option value=${value}>${label()}</wa-option>`,
              )}
            </wa-select>
          </div>
          <div class="row">
            <wa-input
              name="from"
              type="date"
              label=${msg('Created from')}
              .value=${this.filters.from ?? ''}
            ></wa-input>
            <wa-input
              name="to"
              type="date"
              label=${msg('Created until')}
              .value=${this.filters.to ?? ''}
            ></wa-input>
            <wa-input
              name="reason"
              label=${msg('Failure reason (error code)')}
              placeholder="SIDES_MISMATCH"
              .value=${this.filters.reason ?? ''}
            ></wa-input>
            <wa-button type="submit" appearance="outlined">${msg('Apply')}</wa-button>
          </div>
        </details>
      </form>
      <p class="visually-hidden" role="status" aria-live="polite" id="arrived">${this.arrived}</p>
      <h2 class="visually-hidden">${msg('Results')}</h2>
      <div class="results">
        ${this.rows.render({
          // A refresh (a poll found news) keeps the rows on screen while it reads.
          pending: () =>
            this.rows.value !== undefined && this.version > 0
              ? this.renderPage(this.rows.value)
              : loadingView(),
          complete: (result) => this.renderPage(result),
          error: (error) => failureView(error, msg('The list cannot be read.')),
        })}
      </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'idv-inbox': IdvInbox;
  }
}
