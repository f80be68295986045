/**
 * Styles of `<idv-verify>`, adopted by Lit as constructable stylesheets (no inline `<style>`, so a
 * strict `style-src` CSP holds). Every token is a custom property with a default on `:host`.
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

export const styles = css`
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
    min-height: 3.5rem;
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

  .notice {
    display: flex;
    gap: 0.75rem;
    padding: 0.875rem 1rem;
    border-radius: var(--idv-radius-control);
    background: color-mix(in srgb, var(--idv-color-warning) 10%, transparent);
    color: var(--idv-color-text);
    font-size: 0.925rem;
  }

  .notice .icon {
    color: var(--idv-color-warning);
  }

  /* Capture */
  .viewfinder {
    position: relative;
    overflow: hidden;
    width: 100%;
    aspect-ratio: 4 / 3;
    border-radius: var(--idv-radius-control);
    background: var(--idv-color-viewfinder);
    isolation: isolate;
  }

  .viewfinder.selfie {
    aspect-ratio: 3 / 4;
  }

  .viewfinder video,
  .viewfinder img {
    position: absolute;
    inset: 0;
    width: 100%;
    height: 100%;
    object-fit: cover;
  }

  .viewfinder.mirrored video {
    transform: scaleX(-1);
  }

  .overlay {
    position: absolute;
    inset: 0;
    width: 100%;
    height: 100%;
    pointer-events: none;
  }

  .overlay .mask {
    fill: rgb(8 10 14 / 0.55);
  }

  .overlay .guide {
    fill: none;
    stroke: rgb(255 255 255 / 0.9);
    stroke-width: 0.6;
    transition: stroke var(--idv-transition);
  }

  .overlay .guide.good {
    stroke: #3ddc84;
    stroke-width: 0.9;
  }

  .overlay .quad {
    fill: rgb(61 220 132 / 0.12);
    stroke: #3ddc84;
    stroke-width: 0.5;
    stroke-linejoin: round;
  }

  .overlay .hold {
    fill: none;
    stroke: #3ddc84;
    stroke-width: 1.2;
    stroke-linecap: round;
    transition: stroke-dashoffset 120ms linear;
  }

  .coach {
    position: absolute;
    left: 0;
    right: 0;
    bottom: 0.875rem;
    width: fit-content;
    max-width: calc(100% - 1.5rem);
    margin: 0 auto;
    padding: 0.5rem 0.875rem;
    border-radius: 999px;
    background: rgb(12 14 18 / 0.78);
    color: #ffffff;
    font-size: 0.925rem;
    font-weight: 600;
    text-align: center;
    backdrop-filter: blur(6px);
  }

  .coach.good {
    background: #15803d;
  }

  .placeholder {
    position: absolute;
    inset: 0;
    display: grid;
    place-items: center;
    align-content: center;
    gap: 0.75rem;
    color: rgb(255 255 255 / 0.85);
    font-size: 0.925rem;
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

  /* Hand-off */
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

  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    padding: 0;
    margin: -1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
    border: 0;
  }

  .footer {
    display: flex;
    justify-content: center;
    align-items: center;
    gap: 0.375rem;
    padding: 0 1.25rem 1rem;
    font-size: 0.75rem;
    color: var(--idv-color-text-muted);
  }

  .footer .icon {
    width: 0.9rem;
    height: 0.9rem;
  }

  @media (prefers-reduced-motion: reduce) {
    .screen {
      animation: none;
    }
    .spinner,
    .status-line .dot {
      animation-duration: 3s;
    }
    button,
    .overlay .guide,
    .overlay .hold,
    .progress span {
      transition: none;
    }
  }
`;
