/**
 * Styles of the document choice: one large button per document, each with its drawing (an ID-1
 * card, a passport's data page) coloured by the theme's tokens.
 */
import { css } from 'lit';

/** The choice buttons and the document drawings. */
export const documentChoiceStyles = css`
  .choices {
    display: grid;
    gap: 0.625rem;
  }

  button.choice {
    justify-content: flex-start;
    gap: 1rem;
    padding: 0.75rem 1rem;
    border-color: var(--idv-color-border);
    background: var(--idv-color-surface);
    color: var(--idv-color-text);
    text-align: start;
  }

  button.choice:hover {
    border-color: var(--idv-color-primary);
  }

  .choice-text {
    display: grid;
    gap: 0.25rem;
  }

  .choice-hint {
    color: var(--idv-color-text-muted);
    font-size: 0.875rem;
    font-weight: 400;
  }

  .doc-drawing {
    flex: none;
    width: 6.5rem;
  }

  .doc-paper {
    fill: var(--idv-color-surface-alt);
    stroke: var(--idv-color-text-muted);
  }

  .doc-back {
    fill: var(--idv-color-border);
  }

  .doc-band {
    fill: var(--idv-color-primary);
  }

  .doc-photo {
    fill: var(--idv-color-border);
  }

  .doc-ink,
  .doc-line,
  .doc-mrz {
    fill: var(--idv-color-text-muted);
  }

  .doc-mrz {
    font: 600 6.4px monospace;
  }
`;
