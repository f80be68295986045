/** The header: the business's logo (or monogram) and name, and the cancel button. */
import { html, nothing, type TemplateResult } from 'lit';
import type { ScreenView } from '../../ui/screen-view.js';
import type { Branding } from './branding.js';
import { icons } from '../../ui/icons.js';

/**
 * The header, or nothing before the session opens when there is no name to show. `cancel` is the
 * cancel button's action, `undefined` where there is nothing to cancel.
 */
export function header(
  view: ScreenView,
  brand: Branding,
  cancel: (() => boolean) | undefined,
): TemplateResult | typeof nothing {
  const t = view.t;
  if (!brand.name && !cancel) return nothing;
  return html`<div part="header" class="header">
    <div class="brand">
      ${
        brand.logoUrl
          ? html`<img class="logo" src=${brand.logoUrl} alt=${t.logoAlt(brand.name)} />`
          : brand.name
            ? html`<span class="monogram" aria-hidden="true"
                >${brand.name.slice(0, 1).toUpperCase()}</span
              >`
            : nothing
      }
      <span>${brand.name}</span>
    </div>
    ${
      cancel
        ? html`<button class="icon-button" type="button" aria-label=${t.cancel} @click=${cancel}>
            ${icons.close}
          </button>`
        : nothing
    }
  </div>`;
}
