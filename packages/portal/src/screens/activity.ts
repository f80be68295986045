import { localized, msg, str } from '@lit/localize';
import { Task } from '@lit/task';
import type { PortalActivityEntry, PortalActivityPage } from '@idv/contract';
import { css, html, LitElement, nothing } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import '@awesome.me/webawesome/dist/components/button/button.js';
import '@awesome.me/webawesome/dist/components/callout/callout.js';
import '@awesome.me/webawesome/dist/components/option/option.js';
import '@awesome.me/webawesome/dist/components/select/select.js';
import '@awesome.me/webawesome/dist/components/spinner/spinner.js';
import { api } from '../lib/api.js';
import { formatDateTime, formatNumber } from '../lib/format.js';
import { activityLabel } from './activity/activity-labels.js';
import { screenStyles } from './shared-styles.js';
import { failureView, loadingView } from './common/status-views.js';

/** Entries per page. */
const PAGE_SIZE = 25;

/** The log's filters, as the URL keeps them (`?actor=…&action=…&page=…`). */
interface Filters {
  actor: string;
  action: string;
  page: number;
}

function filtersOfUrl(): Filters {
  const params = new URLSearchParams(location.search);
  const page = Number(params.get('page') ?? '1');
  return {
    actor: params.get('actor') ?? '',
    action: params.get('action') ?? '',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

function queryOf(filters: Filters, size?: number): string {
  const params = new URLSearchParams();
  if (filters.actor !== '') params.set('actor', filters.actor);
  if (filters.action !== '') params.set('action', filters.action);
  if (filters.page > 1) params.set('page', String(filters.page));
  if (size !== undefined) params.set('size', String(size));
  const query = params.toString();
  return query === '' ? '' : `?${query}`;
}

/** Who acted, for people: the person's address, the API client, or the server itself. */
function actorLabel(actor: PortalActivityEntry['actor']): string {
  if (actor.kind === 'api') return msg('API client');
  if (actor.kind === 'system') return msg('IDV (automatic)');
  return actor.email ?? msg('a removed person');
}

/**
 * What was done: the action's label, with its code below in a quieter style (what support and the
 * API speak of); a code without a label (a newer server's) as it is.
 */
function actionView(code: string) {
  const label = activityLabel(code);
  return label === undefined
    ? html`<span class="action">${code}</span>`
    : html`<span class="label">${label}</span><span class="action quiet">${code}</span>`;
}

/**
 * The activity log (owners and admins): every change of the company, newest first, with who did
 * it, what, when and from which address; paged and filtered by person and action on the server,
 * the filters kept in the URL.
 */
@customElement('idv-activity')
@localized()
export class IdvActivity extends LitElement {
  static override styles = [
    screenStyles,
    css`
      .action {
        font-family: var(--wa-font-family-code);
        font-size: 0.9em;
        overflow-wrap: anywhere;
      }
      .quiet {
        display: block;
        color: var(--wa-color-text-quiet);
        font-size: var(--wa-font-size-xs);
        overflow-wrap: anywhere;
      }
      td.who {
        overflow-wrap: anywhere;
        max-width: 16rem;
      }
    `,
  ];

  @state() private filters: Filters = filtersOfUrl();

  private readonly log = new Task(this, {
    task: async ([filters], { signal }) =>
      api<PortalActivityPage>(`/activity${queryOf(filters, PAGE_SIZE)}`, { signal }),
    args: () => [this.filters] as const,
  });

  private readonly onPopState = () => (this.filters = filtersOfUrl());

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
    history.pushState(null, '', `/app/activity${queryOf(next)}`);
  }

  private filterChanged(key: 'actor' | 'action', event: Event): void {
    const value = (event.target as HTMLSelectElement).value;
    this.apply({ ...this.filters, [key]: typeof value === 'string' ? value : '', page: 1 });
  }

  private renderFilters(page: PortalActivityPage | undefined) {
    return html`<form class="row" role="search" aria-label=${msg('Filter the activity')}>
      <wa-select
        id="actor-filter"
        label=${msg('Person')}
        placeholder=${msg('Anyone')}
        with-clear
        .value=${this.filters.actor}
        @change=${(event: Event) => this.filterChanged('actor', event)}
      >
        ${(page?.actors ?? []).map(
          (actor) => html`<wa-option value=${actor.id}>${actor.label}</wa-option>`,
        )}
      </wa-select>
      <wa-select
        id="action-filter"
        label=${msg('Action')}
        placeholder=${msg('Any action')}
        with-clear
        .value=${this.filters.action}
        @change=${(event: Event) => this.filterChanged('action', event)}
      >
        ${(page?.actions ?? []).map(
          (action) =>
            html`<wa-option value=${action}>${activityLabel(action) ?? action}</wa-option>`,
        )}
      </wa-select>
    </form>`;
  }

  private renderEntry(entry: PortalActivityEntry) {
    return html`<tr>
      <td>${formatDateTime(entry.createdAt)}</td>
      <td class="who">${actorLabel(entry.actor)}</td>
      <td>
        ${actionView(entry.action)}
        ${
          entry.resourceId === null
            ? nothing
            : html`<span class="quiet">${entry.resource} ${entry.resourceId}</span>`
        }
      </td>
      <td class="wide"><span class="mono">${entry.ip ?? '—'}</span></td>
    </tr>`;
  }

  private renderPage(page: PortalActivityPage) {
    if (page.data.length === 0)
      return html`<div class="empty" role="status"><p>${msg('No activity matches.')}</p></div>`;
    const last = Math.max(1, Math.ceil(page.total / page.size));
    return html`<div class="table-wrap">
        <table id="activity">
          <caption class="visually-hidden">
            ${msg(str`Activity, newest first (${formatNumber(page.total)} entries)`)}
          </caption>
          <thead>
            <tr>
              <th scope="col">${msg('When')}</th>
              <th scope="col">${msg('Who')}</th>
              <th scope="col">${msg('What')}</th>
              <th scope="col" class="wide">${msg('From')}</th>
            </tr>
          </thead>
          <tbody>
            ${page.data.map((entry) => this.renderEntry(entry))}
          </tbody>
        </table>
      </div>
      <nav class="pager" aria-label=${msg('Pages')}>
        <span
          >${
            page.total === 1
              ? msg(str`Page ${page.page} of ${last} · 1 entry`)
              : msg(str`Page ${page.page} of ${last} · ${formatNumber(page.total)} entries`)
          }</span
        >
        <wa-button
          size="small"
          appearance="outlined"
          ?disabled=${page.page <= 1}
          @click=${() => this.apply({ ...this.filters, page: page.page - 1 })}
          >${msg('Newer')}</wa-button
        >
        <wa-button
          size="small"
          appearance="outlined"
          id="older"
          ?disabled=${page.page >= last}
          @click=${() => this.apply({ ...this.filters, page: page.page + 1 })}
          >${msg('Older')}</wa-button
        >
      </nav>`;
  }

  override render() {
    return html`<h1>${msg('Activity')}</h1>
      ${this.renderFilters(this.log.value)}
      <div class="results">
        ${this.log.render({
          pending: loadingView,
          complete: (page) => this.renderPage(page),
          error: (error) => failureView(error, msg('This cannot be read.')),
        })}
      </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'idv-activity': IdvActivity;
  }
}
