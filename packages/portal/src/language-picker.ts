import { localized, msg } from '@lit/localize';
import { css, html, LitElement } from 'lit';
import { customElement } from 'lit/decorators.js';
import { currentLanguage, LANGUAGES, useLanguage, type Language } from './lib/localization.js';

/**
 * `<idv-language-picker>`: the portal's language, chosen from the four the element speaks (each
 * named in itself). A native select: light in the initial bundle, keyboard and screen-reader
 * friendly as it is. The choice is kept for the next visit.
 */
@customElement('idv-language-picker')
@localized()
export class IdvLanguagePicker extends LitElement {
  static override styles = css`
    :host {
      display: inline-flex;
      align-items: center;
      gap: var(--wa-space-2xs);
      font-size: var(--wa-font-size-s);
      color: var(--wa-color-text-quiet);
    }
    select {
      font: inherit;
      color: var(--wa-color-text-normal);
      background: var(--wa-color-surface-default);
      border: 1px solid var(--wa-color-neutral-border-loud);
      border-radius: var(--wa-border-radius-s);
      padding: var(--wa-space-3xs) var(--wa-space-xs);
      min-height: 2rem;
    }
    select:focus-visible {
      outline: var(--wa-focus-ring);
    }
  `;

  private changed(event: Event): void {
    void useLanguage((event.target as HTMLSelectElement).value as Language, true);
  }

  override render() {
    const current = currentLanguage();
    return html`<label for="language">${msg('Language')}</label>
      <select id="language" @change=${this.changed}>
        ${LANGUAGES.map(
          ({ code, name }) =>
            html`<option value=${code} lang=${code} ?selected=${code === current}>${name}</option>`,
        )}
      </select>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'idv-language-picker': IdvLanguagePicker;
  }
}
