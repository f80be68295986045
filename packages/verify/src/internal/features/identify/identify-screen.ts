/** The e-mail form of an adaptive link without an identifier. */
import { html, nothing, type TemplateResult } from 'lit';
import type { FlowController } from '../../flow/flow-controller.js';
import { icons } from '../../ui/icons.js';

/** The identify screen. */
export function identifyScreen(flow: FlowController): TemplateResult {
  const t = flow.t;
  const error = flow.identification.error;
  return html`<form class="screen" novalidate @submit=${flow.identification.submit}>
    <div class="hero" aria-hidden="true">${icons.mail}</div>
    <h2 tabindex="-1">${t.identifyTitle}</h2>
    <p class="muted">${t.identifyBody}</p>
    <label class="field">
      <span>${t.emailLabel}</span>
      <input
        type="email"
        name="email"
        autocomplete="email"
        inputmode="email"
        required
        aria-invalid=${error ? 'true' : 'false'}
        aria-describedby="email-error"
      />
    </label>
    <p id="email-error" class="error-text" role="alert">${error ?? nothing}</p>
    <div class="spacer"></div>
    <div class="actions"><button type="submit" ?disabled=${flow.busy}>${t.continue}</button></div>
  </form>`;
}
