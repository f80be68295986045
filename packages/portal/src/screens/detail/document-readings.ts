import { localized, msg, str } from '@lit/localize';
import type { DocumentReadings, ReadingRow } from '@idv/contract';
import { css, html, LitElement, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import '@awesome.me/webawesome/dist/components/badge/badge.js';
import { screenStyles } from '../shared-styles.js';

/** How each compared field is named (in the portal's language). */
const FIELD_LABELS: Record<string, () => string> = {
  firstNames: () => msg('First names'),
  lastNames: () => msg('Last names'),
  birthDate: () => msg('Date of birth'),
  gender: () => msg('Sex'),
  nationality: () => msg('Nationality'),
  idNumber: () => msg('Document number'),
  dateOfIssue: () => msg('Date of issue'),
  dateOfExpiry: () => msg('Date of expiry'),
};

/** The badge of each comparison state (words, not colour alone). */
const STATES: Record<ReadingRow['state'], { label: () => string; variant: string }> = {
  agree: { label: () => msg('agree'), variant: 'success' },
  mismatch: { label: () => msg('disagree'), variant: 'danger' },
  resolved: { label: () => msg('settled'), variant: 'warning' },
  single: { label: () => msg('read once'), variant: 'neutral' },
};

/** Why a settled disagreement was settled, for people. */
const EVIDENCE: Record<string, () => string> = {
  'check-digit': () => msg('the other reading fails the MRZ check digit'),
  barcode: () => msg('the barcode carries this value'),
  'icao-code': () => msg('the only known ICAO code among the OCR confusions'),
  'name-rules': () => msg('the MRZ name is the printed name by ICAO transliteration or truncation'),
  'ocr-confusion': () => msg('the readings agree once a known OCR confusion is undone'),
};

/**
 * The fields read from the MRZ, the visual zone and the barcode side by side; a row where they
 * disagree is highlighted and says so, a settled one gives the value kept and the evidence.
 */
@customElement('idv-document-readings')
@localized()
export class IdvDocumentReadings extends LitElement {
  static override styles = [
    screenStyles,
    css`
      /* On a phone the columns do not fit: the table scrolls in its own frame (focusable, so
         the keyboard scrolls it too), the field names stay in view, values keep one line. */
      .readings {
        /* A shadow at an edge where more columns are scrolled out of view (the covers scroll
           with the content and hide the shadow at the ends). */
        background:
          linear-gradient(to left, var(--wa-color-surface-default) 40%, transparent) right / 2rem
            100% no-repeat local,
          radial-gradient(farthest-side at 100% 50%, rgb(0 0 0 / 0.25), transparent) right / 0.75rem
            100% no-repeat scroll;
      }
      .readings:focus-visible {
        outline: var(--wa-focus-ring);
      }
      .readings td {
        white-space: nowrap;
      }
      .readings th[scope='row'] {
        position: sticky;
        inset-inline-start: 0;
        background: var(--wa-color-surface-default);
        min-width: 6rem;
      }
      .readings tr.mismatch th[scope='row'] {
        background: var(--wa-color-danger-fill-quiet);
      }
      .readings tr.resolved th[scope='row'] {
        background: var(--wa-color-warning-fill-quiet);
      }
      .readings .why {
        white-space: normal;
        min-width: 12rem;
      }
      tr.mismatch {
        background: var(--wa-color-danger-fill-quiet);
      }
      tr.mismatch td.differs {
        font-weight: var(--wa-font-weight-bold);
      }
      tr.resolved {
        background: var(--wa-color-warning-fill-quiet);
      }
      .why {
        display: block;
        font-size: var(--wa-font-size-xs);
        color: var(--wa-color-text-quiet);
      }
      pre {
        font-family: var(--wa-font-family-code);
        font-size: var(--wa-font-size-s);
        background: var(--wa-color-surface-lowered);
        padding: var(--wa-space-s);
        border-radius: var(--wa-border-radius-s);
        overflow-x: auto;
        margin: var(--wa-space-xs) 0;
      }
      details {
        margin-top: var(--wa-space-s);
      }
      summary {
        cursor: pointer;
      }
    `,
  ];

  /** The readings (null: no document was read). */
  @property({ attribute: false }) readings: DocumentReadings | null = null;

  private renderRow(row: ReadingRow, withBarcode: boolean) {
    const values = [row.mrz, row.viz, row.barcode].filter((v): v is string => v !== null);
    const majority = values.find((v) => values.filter((w) => w === v).length > 1);
    const cell = (value: string | null) =>
      html`<td
        class=${row.state === 'mismatch' && value !== null && value !== majority ? 'differs' : ''}
      >
        ${value ?? html`<span aria-label=${msg('not read')}>—</span>`}
      </td>`;
    const state = STATES[row.state];
    return html`<tr class=${row.state}>
      <th scope="row">${FIELD_LABELS[row.field]?.() ?? row.field}</th>
      ${cell(row.mrz)} ${cell(row.viz)} ${withBarcode ? cell(row.barcode) : nothing}
      <td>
        <wa-badge variant=${state.variant}>${state.label()}</wa-badge>
        ${
          row.resolution === null
            ? nothing
            : html`<span class="why"
                >${msg(
                  str`kept ${row.resolution.value}: ${
                    EVIDENCE[row.resolution.evidence]?.() ?? row.resolution.evidence
                  }`,
                )}</span
              >`
        }
      </td>
    </tr>`;
  }

  override render() {
    const readings = this.readings;
    if (readings === null || readings.rows.length === 0)
      return html`<p>
        ${msg('No document reading was kept (nothing was read, or the data expired).')}
      </p>`;
    // The barcode column only when a barcode was read (most documents carry none).
    const withBarcode =
      readings.barcodes.length > 0 || readings.rows.some((row) => row.barcode !== null);
    const disagreements = readings.rows.filter((row) => row.state === 'mismatch').length;
    return html`<p role="status">
        ${
          disagreements === 0
            ? msg('The readings agree.')
            : disagreements === 1
              ? msg('1 field disagrees.')
              : msg(str`${disagreements} fields disagree.`)
        }
        ${
          readings.mrzValid === null
            ? msg('No MRZ was read.')
            : readings.mrzValid
              ? msg('Every MRZ check digit is valid.')
              : msg('An MRZ check digit is invalid.')
        }
        ${withBarcode ? '' : msg('No barcode was read.')}
      </p>
      <div
        class="table-wrap readings"
        tabindex="0"
        role="region"
        aria-label=${msg('Fields as each zone of the document reads them')}
      >
        <table>
          <caption class="visually-hidden">
            ${msg('Fields as each zone of the document reads them')}
          </caption>
          <thead>
            <tr>
              <th scope="col">${msg('Field')}</th>
              <th scope="col">MRZ</th>
              <th scope="col">${msg('Visual zone')}</th>
              ${withBarcode ? html`<th scope="col">${msg('Barcode')}</th>` : nothing}
              <th scope="col">${msg('Readings')}</th>
            </tr>
          </thead>
          <tbody>
            ${readings.rows.map((row) => this.renderRow(row, withBarcode))}
          </tbody>
        </table>
      </div>
      ${
        readings.mrzRaw === null
          ? nothing
          : html`<details>
              <summary>${msg('MRZ as read')}</summary>
              <pre>${readings.mrzRaw}</pre>
            </details>`
      }
      ${
        readings.barcodes.length === 0
          ? nothing
          : html`<details>
              <summary>${msg(str`Barcodes (${readings.barcodes.length})`)}</summary>
              ${readings.barcodes.map((b) => html`<pre>${b.format}: ${b.raw}</pre>`)}
            </details>`
      }`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'idv-document-readings': IdvDocumentReadings;
  }
}
