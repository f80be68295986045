/** Styles of the Company screen (`idv-company`). */
import { css } from 'lit';
import { screenStyles } from '../shared-styles.js';

export const companyStyles = [
  screenStyles,
  css`
    .layout {
      display: grid;
      grid-template-columns: minmax(0, 1fr) minmax(0, 22rem);
      gap: var(--wa-space-xl);
      align-items: start;
    }
    fieldset {
      border: 1px solid var(--wa-color-surface-border);
      border-radius: var(--wa-border-radius-m);
      padding: var(--wa-space-m);
      margin: 0;
      /* A fieldset is at least as wide as its content's min-content by default: on a phone that
         pushed the page 7 px wider than the screen. */
      min-inline-size: 0;
      display: flex;
      flex-direction: column;
      gap: var(--wa-space-m);
    }
    legend {
      font-weight: var(--wa-font-weight-semibold);
      padding: 0 var(--wa-space-2xs);
    }
    .colour {
      display: flex;
      flex-direction: column;
      gap: var(--wa-space-2xs);
    }
    .colour input {
      width: 4rem;
      height: 2.5rem;
      padding: 0;
      border: 1px solid var(--wa-color-surface-border);
      border-radius: var(--wa-border-radius-s);
      background: none;
    }
    .colour input:focus-visible {
      outline: var(--wa-focus-ring);
    }
    .hint {
      color: var(--wa-color-text-quiet);
      font-size: var(--wa-font-size-s);
      margin: 0;
    }
    .preview {
      position: sticky;
      top: var(--wa-space-m);
    }
    @media (max-width: 56rem) {
      .layout {
        grid-template-columns: minmax(0, 1fr);
      }
      .preview {
        position: static;
      }
    }
  `,
];
