import { localized, msg, str } from '@lit/localize';
import { Task } from '@lit/task';
import type { PortalOverview, PortalOverviewDay } from '@idv/contract';
import { css, html, LitElement, nothing, svg } from 'lit';
import { customElement } from 'lit/decorators.js';
import '@awesome.me/webawesome/dist/components/callout/callout.js';
import '@awesome.me/webawesome/dist/components/spinner/spinner.js';
import { api } from '../lib/api.js';
import { dateFormat, formatNumber, numberFormat } from '../lib/format.js';
import { screenStyles } from './shared-styles.js';
import { failureView, loadingView } from './common/status-views.js';

/** The outcomes of the chart, bottom to top, with their legend (in the portal's language) and colour class. */
const SERIES = [
  { key: 'success', label: () => msg('Success') },
  { key: 'failed', label: () => msg('Failed') },
  { key: 'expired', label: () => msg('Expired') },
  { key: 'open', label: () => msg('Open') },
] as const satisfies readonly {
  key: keyof Omit<PortalOverviewDay, 'day'>;
  label: () => string;
}[];

/** Chart geometry, in viewBox units (the SVG scales to its container). */
const WIDTH = 600;
const HEIGHT = 200;
const AXIS = 28;
const TOP = 8;

const formatPercent = (value: number) =>
  numberFormat({ style: 'percent', maximumFractionDigits: 1 }).format(value);
const formatDay = (day: string) =>
  dateFormat({ month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

/** A round scale maximum (1, 2, 5 × 10ⁿ) at or above `max`. */
function niceMax(max: number): number {
  if (max <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 5, 10]) if (step * power >= max) return step * power;
  return 10 * power;
}

const totalOf = (day: PortalOverviewDay) => day.success + day.failed + day.expired + day.open;

/**
 * Overview: verifications per day by outcome (an inline SVG drawn from the server's aggregates,
 * with the same figures as a table for screen readers), the pass rate, the review queue, the
 * month's quota and the most frequent failure reasons.
 */
@customElement('idv-overview')
@localized()
export class IdvOverview extends LitElement {
  static override styles = [
    screenStyles,
    css`
      .cards {
        display: grid;
        grid-template-columns: repeat(auto-fit, minmax(11rem, 1fr));
        gap: var(--wa-space-m);
        margin: 0 0 var(--wa-space-l);
        padding: 0;
        list-style: none;
      }
      .cards li {
        border: 1px solid var(--wa-color-surface-border);
        border-radius: var(--wa-border-radius-m);
        padding: var(--wa-space-m);
        background: var(--wa-color-surface-raised);
      }
      .figure {
        display: block;
        font-size: var(--wa-font-size-2xl);
        font-weight: var(--wa-font-weight-bold);
        margin-top: var(--wa-space-2xs);
      }
      .label {
        color: var(--wa-color-text-quiet);
        font-size: var(--wa-font-size-s);
      }
      meter {
        width: 100%;
        margin-top: var(--wa-space-xs);
      }
      figure {
        margin: 0;
        max-width: 48rem;
      }
      figcaption {
        font-weight: var(--wa-font-weight-semibold);
        margin-bottom: var(--wa-space-s);
      }
      svg {
        width: 100%;
        height: auto;
        display: block;
      }
      .grid line {
        stroke: var(--wa-color-surface-border);
      }
      .axis text,
      text.axis {
        fill: var(--wa-color-text-quiet);
        font-size: 14px;
      }
      .success {
        fill: var(--wa-color-success-fill-loud);
        background: var(--wa-color-success-fill-loud);
      }
      .failed {
        fill: var(--wa-color-danger-fill-loud);
        background: var(--wa-color-danger-fill-loud);
      }
      .expired {
        fill: var(--wa-color-neutral-fill-loud);
        background: var(--wa-color-neutral-fill-loud);
      }
      .open {
        fill: var(--wa-color-warning-fill-loud);
        background: var(--wa-color-warning-fill-loud);
      }
      .legend {
        display: flex;
        flex-wrap: wrap;
        gap: var(--wa-space-xs) var(--wa-space-m);
        list-style: none;
        padding: 0;
        margin: var(--wa-space-s) 0 0;
        font-size: var(--wa-font-size-s);
      }
      .swatch {
        display: inline-block;
        width: 0.8em;
        height: 0.8em;
        border-radius: 2px;
        margin-inline-end: var(--wa-space-2xs);
        vertical-align: -0.05em;
      }
      ol.reasons {
        margin: 0;
        padding-inline-start: 1.5em;
      }
      ol.reasons li {
        padding: var(--wa-space-2xs) 0;
      }
    `,
  ];

  private readonly overview = new Task(this, {
    task: async (_args, { signal }) => api<PortalOverview>('/overview', { signal }),
    args: () => [] as const,
  });

  private renderChart(days: PortalOverviewDay[]) {
    const max = niceMax(Math.max(0, ...days.map(totalOf)));
    const plotHeight = HEIGHT - AXIS - TOP;
    const slot = (WIDTH - AXIS) / days.length;
    const barWidth = Math.max(2, slot * 0.7);
    const y = (value: number) => TOP + plotHeight - (value / max) * plotHeight;
    const total = days.reduce((sum, day) => sum + totalOf(day), 0);
    const labelEvery = Math.ceil(days.length / 6);
    return html`<figure>
      <figcaption id="chart-title">${msg('Verifications per day, by outcome (UTC)')}</figcaption>
      <svg
        viewBox="0 0 ${WIDTH} ${HEIGHT}"
        role="img"
        aria-labelledby="chart-title"
        aria-describedby="chart-summary"
      >
        <g class="grid axis">
          ${(max % 2 === 0 ? [0, max / 2, max] : [0, max]).map(
            (value) =>
              svg`<line x1=${AXIS} x2=${WIDTH} y1=${y(value)} y2=${y(value)}></line>
                <text x=${AXIS - 4} y=${y(value) + 3} text-anchor="end">${formatNumber(value)}</text>`,
          )}
        </g>
        ${days.map((day, index) => {
          let base = 0;
          const x = AXIS + index * slot + (slot - barWidth) / 2;
          return svg`<g>
            ${SERIES.map(({ key }) => {
              const value = day[key];
              if (value === 0) return nothing;
              const top = y(base + value);
              const bottom = y(base);
              base += value;
              return svg`<rect class=${key} x=${x} y=${top} width=${barWidth} height=${bottom - top}></rect>`;
            })}
            ${
              (index % labelEvery === 0 && days.length - 1 - index >= labelEvery / 2) ||
              index === days.length - 1
                ? svg`<text
                    class="axis"
                    x=${index === days.length - 1 ? WIDTH : x + barWidth / 2}
                    y=${HEIGHT - 8}
                    text-anchor=${index === days.length - 1 ? 'end' : index === 0 ? 'start' : 'middle'}
                    >${formatDay(day.day)}</text
                  >`
                : nothing
            }
          </g>`;
        })}
      </svg>
      <p id="chart-summary" class="visually-hidden">
        ${msg(
          str`${formatNumber(total)} verifications over ${days.length} days; the table below lists each day.`,
        )}
      </p>
      <ul class="legend" aria-label=${msg('Legend')}>
        ${SERIES.map(
          ({ key, label }) =>
            html`<li><span class="swatch ${key}" aria-hidden="true"></span>${label()}</li>`,
        )}
      </ul>
      <div class="visually-hidden">
        <table>
          <caption>
            ${msg('Verifications per day')}
          </caption>
          <thead>
            <tr>
              <th scope="col">${msg('Day')}</th>
              ${SERIES.map(({ label }) => html`<th scope="col">${label()}</th>`)}
            </tr>
          </thead>
          <tbody>
            ${days.map(
              (day) =>
                html`<tr>
                  <th scope="row">${formatDay(day.day)}</th>
                  ${SERIES.map(({ key }) => html`<td>${formatNumber(day[key])}</td>`)}
                </tr>`,
            )}
          </tbody>
        </table>
      </div>
    </figure>`;
  }

  private renderOverview(overview: PortalOverview) {
    const { usage } = overview;
    return html`<ul class="cards">
        <li>
          <span class="label">${msg(str`Pass rate, last ${overview.days.length} days`)}</span>
          <span class="figure" id="pass-rate"
            >${overview.passRate === null ? '—' : formatPercent(overview.passRate)}</span
          >
        </li>
        <li>
          <span class="label">${msg('Failed, not reviewed')}</span>
          <span class="figure" id="to-review">${formatNumber(overview.toReview)}</span>
          ${
            overview.toReview > 0
              ? html`<a href="/app/?status=failed">${msg('Review them in the inbox')}</a>`
              : nothing
          }
        </li>
        <li>
          <span class="label" id="quota-label">${msg('Quota used this month')}</span>
          <span class="figure" id="quota"
            >${formatNumber(usage.used)} / ${formatNumber(usage.quota)}</span
          >
          <meter
            min="0"
            max=${usage.quota}
            value=${usage.used}
            high=${usage.quota * 0.8}
            optimum="0"
            aria-labelledby="quota-label"
          ></meter>
        </li>
      </ul>
      ${this.renderChart(overview.days)}
      <h2>${msg('Top failure reasons')}</h2>
      ${
        overview.topFailureReasons.length === 0
          ? html`<div class="empty" role="status">
              <p>${msg('No failed verification in this period.')}</p>
            </div>`
          : html`<ol class="reasons" id="reasons">
              ${overview.topFailureReasons.map(
                (reason) =>
                  html`<li>
                    <span class="mono">${reason.reason}</span>: ${formatNumber(reason.count)}
                  </li>`,
              )}
            </ol>`
      }`;
  }

  override render() {
    return html`<h1>${msg('Overview')}</h1>
      ${this.overview.render({
        pending: loadingView,
        complete: (overview) => this.renderOverview(overview),
        error: (error) => failureView(error, msg('The overview cannot be read.')),
      })}`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'idv-overview': IdvOverview;
  }
}
