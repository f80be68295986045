/**
 * Controls: the action column, buttons (primary, secondary, quiet, icon), the terms checkbox, the
 * e-mail field, error text and the file input behind the upload button.
 */
import { css } from 'lit';

/** Buttons, links styled as buttons, the terms checkbox, text fields, error text, upload input. */
export const controlStyles = css`
  .actions {
    display: grid;
    gap: 0.625rem;
  }

  button,
  .button {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    gap: 0.5rem;
    min-height: 3rem;
    padding: 0.75rem 1.25rem;
    border: 1px solid transparent;
    border-radius: var(--idv-radius-control);
    background: var(--idv-color-primary);
    color: var(--idv-color-on-primary);
    font: inherit;
    font-weight: 600;
    text-align: center;
    text-decoration: none;
    cursor: pointer;
    transition:
      filter var(--idv-transition),
      background var(--idv-transition),
      transform var(--idv-transition);
  }

  button:hover,
  .button:hover {
    filter: brightness(1.06);
  }

  button:active {
    transform: scale(0.985);
  }

  button:focus-visible,
  .button:focus-visible,
  input:focus-visible,
  label.upload:focus-within {
    outline: 2px solid var(--idv-color-primary);
    outline-offset: 2px;
    box-shadow: var(--idv-focus-ring);
  }

  button[disabled] {
    opacity: 0.5;
    cursor: not-allowed;
  }

  button.secondary,
  .button.secondary {
    background: transparent;
    color: var(--idv-color-text);
    border-color: var(--idv-color-border);
  }

  button.quiet {
    background: transparent;
    color: var(--idv-color-primary);
    min-height: 2.75rem;
  }

  button.icon-button {
    min-height: 2.75rem;
    width: 2.75rem;
    padding: 0;
    background: transparent;
    color: var(--idv-color-text-muted);
    border-radius: 50%;
  }

  button.icon-button:hover {
    background: var(--idv-color-surface-alt);
    filter: none;
  }

  .check {
    display: flex;
    gap: 0.75rem;
    align-items: flex-start;
    font-size: 0.9rem;
    color: var(--idv-color-text-muted);
    cursor: pointer;
  }

  .check input {
    width: 1.25rem;
    height: 1.25rem;
    margin: 0.125rem 0 0;
    flex: none;
    accent-color: var(--idv-color-primary);
  }

  .field {
    display: grid;
    gap: 0.375rem;
    font-weight: 600;
    font-size: 0.9rem;
  }

  .field input {
    min-height: 3rem;
    padding: 0.625rem 0.875rem;
    border: 1px solid var(--idv-color-border);
    border-radius: var(--idv-radius-control);
    background: var(--idv-color-surface);
    color: var(--idv-color-text);
    font: inherit;
    font-weight: 400;
  }

  .field input[aria-invalid='true'] {
    border-color: var(--idv-color-danger);
  }

  .error-text {
    color: var(--idv-color-danger);
    font-size: 0.875rem;
    font-weight: 500;
  }

  .upload {
    position: relative;
  }

  .upload input {
    position: absolute;
    width: 1px;
    height: 1px;
    opacity: 0;
    overflow: hidden;
  }

  @media (prefers-reduced-motion: reduce) {
    button {
      transition: none;
    }
  }
`;
