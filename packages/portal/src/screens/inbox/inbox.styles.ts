/** Styles of the verifications inbox (`idv-inbox`). */
import { css } from 'lit';
import { screenStyles } from '../shared-styles.js';

export const inboxStyles = [
  screenStyles,
  css`
    details.more {
      flex: 1 1 100%;
    }
    details.more summary {
      cursor: pointer;
      color: var(--wa-color-text-link);
      margin-bottom: var(--wa-space-s);
    }
    details.more summary:focus-visible {
      outline: var(--wa-focus-ring);
    }
    details.more .row {
      margin-bottom: var(--wa-space-s);
    }
  `,
];
