/**
 * Layout shared by every screen: the card and its header, the progress bar, the screen column,
 * headings and text, the round hero icons, lists, spinners and status lines.
 */
import { css } from 'lit';

/** The card, header, progress bar, screens, typography, heroes, lists, spinners and status lines. */
export const layoutStyles = css`
  *,
  *::before,
  *::after {
    box-sizing: inherit;
  }

  .base {
    position: relative;
    display: flex;
    flex-direction: column;
    flex: 1;
    width: 100%;
    max-width: var(--idv-max-width);
    min-height: 560px;
    margin: 0 auto;
    background: var(--idv-color-surface);
    border: 1px solid var(--idv-color-border);
    border-radius: var(--idv-radius);
    box-shadow:
      0 1px 2px rgb(16 24 40 / 0.05),
      0 12px 32px -12px rgb(16 24 40 / 0.18);
    overflow: hidden;
  }

  @container (max-width: 520px) {
    .base {
      border: none;
      border-radius: 0;
      box-shadow: none;
    }
  }

  .header {
    display: flex;
    align-items: center;
    gap: 0.75rem;
    /* Room for the cancel button even when it is gone (result, stop screens): no jump. */
    min-height: 4.25rem;
    padding: 0.75rem 0.75rem 0.75rem 1.25rem;
    border-bottom: 1px solid var(--idv-color-border);
  }

  .brand {
    display: flex;
    align-items: center;
    gap: 0.625rem;
    min-width: 0;
    flex: 1;
    font-weight: 600;
    font-size: 0.95rem;
  }

  .brand span {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }

  .logo {
    height: 28px;
    max-width: 120px;
    object-fit: contain;
  }

  .monogram {
    display: grid;
    place-items: center;
    width: 28px;
    height: 28px;
    flex: none;
    border-radius: 8px;
    background: var(--idv-color-primary);
    color: var(--idv-color-on-primary);
    font-size: 0.85rem;
    font-weight: 700;
  }

  .icon {
    width: 1.5rem;
    height: 1.5rem;
    flex: none;
  }

  .progress {
    display: flex;
    gap: 0.375rem;
    padding: 0.875rem 1.25rem 0;
  }

  .progress span {
    flex: 1;
    height: 4px;
    border-radius: 2px;
    background: var(--idv-color-border);
    transition: background var(--idv-transition);
  }

  .progress span.done,
  .progress span.current {
    background: var(--idv-color-primary);
  }

  .progress span.current {
    opacity: 0.55;
  }

  .body {
    display: flex;
    flex-direction: column;
    flex: 1;
    gap: var(--idv-spacing);
    padding: 1.5rem 1.25rem 1.25rem;
  }

  .screen {
    display: flex;
    flex-direction: column;
    flex: 1;
    gap: var(--idv-spacing);
    animation: enter 220ms cubic-bezier(0.2, 0, 0, 1);
  }

  @keyframes enter {
    from {
      transform: translateY(6px);
    }
  }

  h2 {
    margin: 0;
    font-size: 1.375rem;
    line-height: 1.25;
    font-weight: 650;
    letter-spacing: -0.01em;
  }

  h2:focus {
    outline: none;
  }

  p {
    margin: 0;
  }

  .muted {
    color: var(--idv-color-text-muted);
  }

  .small {
    font-size: 0.875rem;
  }

  /* A live region that stays in the tree (so it is announced) and takes no room while empty. */
  .notice {
    margin: 0;
    padding: 0 1rem;
    text-align: center;
  }

  .hero {
    display: grid;
    place-items: center;
    width: 3.5rem;
    height: 3.5rem;
    border-radius: 50%;
    background: color-mix(in srgb, var(--idv-color-primary) 12%, transparent);
    color: var(--idv-color-primary);
  }

  .hero .icon {
    width: 1.75rem;
    height: 1.75rem;
  }

  .hero.success {
    background: color-mix(in srgb, var(--idv-color-success) 14%, transparent);
    color: var(--idv-color-success);
  }

  .hero.danger {
    background: color-mix(in srgb, var(--idv-color-danger) 12%, transparent);
    color: var(--idv-color-danger);
  }

  .hero.warning {
    background: color-mix(in srgb, var(--idv-color-warning) 14%, transparent);
    color: var(--idv-color-warning);
  }

  .list {
    display: grid;
    gap: 0.625rem;
    margin: 0;
    padding: 0;
    list-style: none;
  }

  .list li {
    display: flex;
    align-items: center;
    gap: 0.75rem;
    padding: 0.75rem 0.875rem;
    border-radius: var(--idv-radius-control);
    background: var(--idv-color-surface-alt);
  }

  .list .icon {
    color: var(--idv-color-primary);
  }

  .spacer {
    flex: 1;
  }

  .spinner {
    width: 2.25rem;
    height: 2.25rem;
    border-radius: 50%;
    border: 3px solid color-mix(in srgb, currentColor 22%, transparent);
    border-top-color: currentColor;
    animation: spin 0.9s linear infinite;
  }

  .busy {
    display: grid;
    place-items: center;
    align-content: center;
    gap: 1rem;
    flex: 1;
    min-height: 14rem;
    text-align: center;
    color: var(--idv-color-primary);
  }

  .busy p {
    color: var(--idv-color-text);
  }

  @keyframes spin {
    to {
      transform: rotate(360deg);
    }
  }

  .status-line {
    display: flex;
    align-items: center;
    gap: 0.5rem;
    font-size: 0.9rem;
    color: var(--idv-color-text-muted);
  }

  .status-line .dot {
    width: 0.5rem;
    height: 0.5rem;
    border-radius: 50%;
    background: var(--idv-color-primary);
    animation: pulse 1.6s ease-in-out infinite;
  }

  @keyframes pulse {
    50% {
      opacity: 0.3;
    }
  }

  @media (prefers-reduced-motion: reduce) {
    .screen {
      animation: none;
    }
    .spinner,
    .status-line .dot {
      animation-duration: 3s;
    }
    .progress span {
      transition: none;
    }
  }
`;
