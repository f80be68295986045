/** The result: verified or not, and the way back to the business (`callbackUrl`). */
import { html, nothing, type TemplateResult } from 'lit';
import type { ScreenView } from '../../ui/screen-view.js';
import { safeUrl } from '../session/branding.js';
import { icons } from '../../ui/icons.js';

/** What the result screen reads of the outcome. */
export interface ResultView {
  readonly result: 'success' | 'failed' | undefined;
  /** True while the browser is about to follow the `callbackUrl`. */
  readonly redirectPending: boolean;
}

/** The result screen. */
export function resultScreen(
  view: ScreenView,
  outcome: ResultView,
  callbackUrl: string | null | undefined,
): TemplateResult {
  const t = view.t;
  const success = outcome.result === 'success';
  const callback = safeUrl(callbackUrl);
  return html`<div class="screen">
    <div class="hero ${success ? 'success' : 'danger'}" aria-hidden="true">
      ${success ? icons.check : icons.cross}
    </div>
    <h2 tabindex="-1">${success ? t.successTitle : t.failedTitle}</h2>
    <p class="muted" role="status">${success ? t.successBody : t.failedBody}</p>
    <div class="spacer"></div>
    ${
      callback
        ? html`${outcome.redirectPending ? html`<p class="status-line">${t.redirecting}</p>` : nothing}
            <div class="actions"><a class="button" href=${callback}>${t.continue}</a></div>`
        : nothing
    }
  </div>`;
}
