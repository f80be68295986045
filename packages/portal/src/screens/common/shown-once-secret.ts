import { msg } from '@lit/localize';
import { css, html, type TemplateResult } from 'lit';
import '@awesome.me/webawesome/dist/components/callout/callout.js';
import '@awesome.me/webawesome/dist/components/copy-button/copy-button.js';

/** A secret the server shows once (a created or rotated key): what it says and how to copy it. */
export interface ShownOnceSecret {
  /** The sentence above the secret ("Copy it now: it is not shown again."). */
  text: string;
  /** The id of the element holding the secret's text. */
  id: string;
  value: string;
  /** The copy button's label. */
  copyLabel: string;
}

/** The callout of a secret shown once, with a copy button (styled by `shownOnceSecretStyles`). */
export const shownOnceSecretView = (secret: ShownOnceSecret): TemplateResult =>
  html`<wa-callout variant="success" role="status" class="secret">
    <p>${secret.text}</p>
    <span class="mono" id=${secret.id}>${secret.value}</span>
    <wa-copy-button
      value=${secret.value}
      copy-label=${secret.copyLabel}
      success-label=${msg('Copied')}
    ></wa-copy-button>
  </wa-callout>`;

/** The styles of `shownOnceSecretView`, for the screens that show one. */
export const shownOnceSecretStyles = css`
  .secret {
    margin: var(--wa-space-m) 0;
  }
  .secret p {
    margin: 0 0 var(--wa-space-xs);
  }
`;
