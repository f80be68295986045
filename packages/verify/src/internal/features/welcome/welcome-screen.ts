/** The welcome screen: who asks, what it takes, and the terms. */
import { html, nothing, type TemplateResult } from 'lit';
import type { ScreenView } from '../../ui/screen-view.js';
import type { TermsState } from './welcome-controller.js';
import type { FlowSession } from '../../../api/types.js';
import type { Translation } from '../../../i18n/translation.js';
import { icons } from '../../ui/icons.js';

/** What the document step will ask for: the chosen kind, else the kinds the link allows. */
function documentLine(t: Translation, session: FlowSession): string {
  const kinds = session.documentType ? [session.documentType] : session.documentTypes;
  if (!kinds.includes('PASSPORT')) return t.welcomeNeedDocument;
  return kinds.length === 1 ? t.welcomeNeedPassport : t.welcomeNeedAnyDocument;
}

/** What the welcome screen reads and does of its step. */
export interface WelcomeView {
  readonly terms: TermsState;
  setTermsChecked(checked: boolean): void;
  acceptTerms(): Promise<void>;
}

/** The welcome screen of an open session. */
export function welcomeScreen(
  view: ScreenView,
  session: FlowSession,
  welcome: WelcomeView,
): TemplateResult {
  const t = view.t;
  const face = session.method === 'FACE';
  const needs = session.requiredCaptures;
  const policy = session.company.locationPermission;
  const terms = welcome.terms;
  return html`<div class="screen">
    <div class="hero" aria-hidden="true">${icons.lock}</div>
    <h2 tabindex="-1">${t.welcomeTitle(view.brandName)}</h2>
    <p class="muted">${face ? t.welcomeBodyFace : t.welcomeBody}</p>
    <ul class="list">
      ${
        needs.includes('front') || needs.includes('back')
          ? html`<li>${icons.card}<span>${documentLine(t, session)}</span></li>`
          : nothing
      }
      ${needs.includes('selfie') ? html`<li>${icons.face}<span>${t.welcomeNeedSelfie}</span></li>` : nothing}
      ${policy === 'required' ? html`<li>${icons.pin}<span>${t.welcomeNeedLocation}</span></li>` : nothing}
    </ul>
    <div class="spacer"></div>
    <label class="check">
      <input
        type="checkbox"
        .checked=${terms.checked}
        aria-invalid=${terms.error ? 'true' : 'false'}
        aria-describedby="terms-error"
        @change=${(e: Event) => welcome.setTermsChecked((e.target as HTMLInputElement).checked)}
      />
      <span>${t.termsLabel}</span>
    </label>
    <p id="terms-error" class="error-text" role="alert">
      ${terms.error ? t.termsRequired : nothing}
    </p>
    <div class="actions">
      <button type="button" ?disabled=${view.busy} @click=${welcome.acceptTerms}>${t.start}</button>
    </div>
  </div>`;
}
