/**
 * Styles of the hand-off panel: the QR code (black on white whatever the theme, so phones read it)
 * and the link.
 */
import { css } from 'lit';

/** The hand-off panel, its QR code and link. */
export const handoffStyles = css`
  .handoff {
    display: grid;
    justify-items: center;
    gap: 0.75rem;
    padding: 1rem;
    border: 1px solid var(--idv-color-border);
    border-radius: var(--idv-radius-control);
    text-align: center;
  }

  .qr {
    width: min(224px, 70%);
    height: auto;
    border-radius: 8px;
  }

  .qr-light {
    fill: #ffffff;
  }

  .qr-dark {
    fill: #000000;
  }

  .link {
    max-width: 100%;
    overflow-wrap: anywhere;
    font-size: 0.8rem;
    color: var(--idv-color-text-muted);
  }
`;
