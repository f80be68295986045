/** The e-mail form of an adaptive link without an identifier. */
import { html, nothing, type TemplateResult } from 'lit';
import type { ScreenView } from '../../ui/screen-view.js';
import { icons } from '../../ui/icons.js';

/** What the identify screen reads and does of its step. */
export interface IdentifyView {
  /** The error under the e-mail field, if any. */
  readonly error: string | undefined;
  submit(event: Event): Promise<void>;
}

/** The identify screen. */
export function identifyScreen(view: ScreenView, identify: IdentifyView): TemplateResult {
  const t = view.t;
  const error = identify.error;
  return html`<form class="screen" novalidate @submit=${identify.submit}>
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
    <div class="actions"><button type="submit" ?disabled=${view.busy}>${t.continue}</button></div>
  </form>`;
}
