/** The header: the business's logo (or monogram) and name, and the cancel button. */
import { html, nothing, type TemplateResult } from 'lit';
import { FlowStep } from '../../../flow-step.js';
import type { FlowController } from '../../flow/flow-controller.js';
import { icons } from '../../ui/icons.js';

/** The header, or nothing before the session opens when there is no name to show. */
export function header(flow: FlowController): TemplateResult | typeof nothing {
  const brand = flow.session.branding;
  const t = flow.t;
  const cancellable =
    flow.session.current && flow.step !== FlowStep.result && flow.step !== FlowStep.error;
  if (!brand.name && !cancellable) return nothing;
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
      cancellable
        ? html`<button
            class="icon-button"
            type="button"
            aria-label=${t.cancel}
            @click=${flow.leaving.requestCancel}
          >
            ${icons.close}
          </button>`
        : nothing
    }
  </div>`;
}
