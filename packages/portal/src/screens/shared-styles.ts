import { css } from 'lit';

/** Layout rules the screens share (headings, forms, tables, rows of actions, the empty state). */
export const screenStyles = css`
  :host {
    display: block;
  }
  h1 {
    font-size: var(--wa-font-size-2xl);
    margin: 0 0 var(--wa-space-l);
  }
  h2 {
    font-size: var(--wa-font-size-l);
    margin: var(--wa-space-xl) 0 var(--wa-space-m);
  }
  form {
    display: flex;
    flex-direction: column;
    gap: var(--wa-space-m);
  }
  .row {
    display: flex;
    flex-direction: row;
    flex-wrap: wrap;
    gap: var(--wa-space-m);
    align-items: end;
  }
  .row > * {
    flex: 1 1 12rem;
  }
  .row > wa-button {
    flex: 0 0 auto;
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: var(--wa-space-xs);
  }
  /* A notice or an error naming data (an e-mail address, a URL) wraps instead of running out of
     its box on a phone. */
  wa-callout {
    overflow-wrap: anywhere;
  }
  .table-wrap {
    overflow-x: auto;
  }
  .results {
    margin-top: var(--wa-space-l);
  }
  .pager {
    display: flex;
    align-items: center;
    gap: var(--wa-space-s);
    margin-top: var(--wa-space-m);
  }
  .pager > :first-child {
    margin-inline-end: auto;
  }
  @media (max-width: 40rem) {
    .wide {
      display: none;
    }
  }
  table {
    width: 100%;
    border-collapse: collapse;
    font-size: var(--wa-font-size-s);
  }
  th,
  td {
    text-align: start;
    padding: var(--wa-space-xs) var(--wa-space-s);
    border-bottom: 1px solid var(--wa-color-surface-border);
    vertical-align: middle;
  }
  th {
    color: var(--wa-color-text-quiet);
    font-weight: var(--wa-font-weight-semibold);
  }
  a {
    color: var(--wa-color-text-link);
  }
  a:focus-visible {
    outline: var(--wa-focus-ring);
  }
  code,
  .mono {
    font-family: var(--wa-font-family-code);
    font-size: 0.9em;
    word-break: break-all;
  }
  .empty {
    text-align: center;
    padding: var(--wa-space-2xl) var(--wa-space-m);
    color: var(--wa-color-text-quiet);
    border: 1px dashed var(--wa-color-surface-border);
    border-radius: var(--wa-border-radius-m);
  }
  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
  }
`;

/** A list of terms and their values in two columns (`<dl>`): billing, payment method, credentials. */
export const definitionListStyles = css`
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
  }
`;
