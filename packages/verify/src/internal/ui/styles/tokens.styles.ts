/**
 * The element's design tokens: every color, radius, font and spacing is a custom property with a
 * default on `:host` (`--idv-*`), and the dark palette of `theme="dark"` and `theme="auto"`.
 */
import { css } from 'lit';

/** The dark palette, used by `theme="dark"` and by `theme="auto"` in a dark color scheme. */
const darkTokens = css`
  --idv-color-surface: #161a22;
  --idv-color-surface-alt: #1f242e;
  --idv-color-text: #eef1f6;
  --idv-color-text-muted: #a9b1bf;
  --idv-color-border: #2c3340;
  --idv-color-primary: #8aa6ff;
  --idv-color-on-primary: #0b1020;
  --idv-color-success: #4fd08c;
  --idv-color-danger: #ff8a80;
  --idv-color-warning: #ffc15e;
`;

/** Tokens and the host box. */
export const tokenStyles = css`
  :host {
    --idv-color-primary: #2f54d4;
    --idv-color-on-primary: #ffffff;
    --idv-color-surface: #ffffff;
    --idv-color-surface-alt: #f4f6f9;
    --idv-color-text: #151923;
    --idv-color-text-muted: #545c6b;
    --idv-color-border: #e0e4eb;
    --idv-color-success: #17794a;
    --idv-color-danger: #b3261e;
    --idv-color-warning: #8a5300;
    --idv-color-viewfinder: #0c0e12;
    --idv-radius: 16px;
    --idv-radius-control: 12px;
    --idv-font-family:
      ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial,
      sans-serif;
    --idv-max-width: 460px;
    --idv-spacing: 1rem;
    --idv-focus-ring: 0 0 0 3px color-mix(in srgb, var(--idv-color-primary) 45%, transparent);
    --idv-transition: 180ms cubic-bezier(0.2, 0, 0, 1);

    display: flex;
    flex-direction: column;
    box-sizing: border-box;
    color: var(--idv-color-text);
    font-family: var(--idv-font-family);
    font-size: 1rem;
    line-height: 1.5;
    -webkit-font-smoothing: antialiased;
    container-type: inline-size;
  }

  :host([hidden]) {
    display: none;
  }

  :host([theme='dark']) {
    ${darkTokens}
  }

  @media (prefers-color-scheme: dark) {
    :host([theme='auto']) {
      ${darkTokens}
    }
  }
`;
