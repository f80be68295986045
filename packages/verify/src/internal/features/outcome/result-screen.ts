/** The result: verified or not, and the way back to the business (`callbackUrl`). */
import { html, nothing, type TemplateResult } from 'lit';
import type { FlowController } from '../../flow/flow-controller.js';
import { safeUrl } from '../session/branding.js';
import { icons } from '../../ui/icons.js';

/** The result screen. */
export function resultScreen(flow: FlowController): TemplateResult {
  const t = flow.t;
  const success = flow.outcome.result === 'success';
  const callbackUrl = safeUrl(flow.session.current?.callbackUrl);
  return html`<div class="screen">
    <div class="hero ${success ? 'success' : 'danger'}" aria-hidden="true">
      ${success ? icons.check : icons.cross}
    </div>
    <h2 tabindex="-1">${success ? t.successTitle : t.failedTitle}</h2>
    <p class="muted" role="status">${success ? t.successBody : t.failedBody}</p>
    <div class="spacer"></div>
    ${
      callbackUrl
        ? html`${flow.outcome.redirectPending ? html`<p class="status-line">${t.redirecting}</p>` : nothing}
            <div class="actions"><a class="button" href=${callbackUrl}>${t.continue}</a></div>`
        : nothing
    }
  </div>`;
}
