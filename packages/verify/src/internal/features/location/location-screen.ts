/** The location screen: why the business asks, share or skip, and a refused `required` location. */
import { html, nothing, type TemplateResult } from 'lit';
import type { FlowController } from '../../flow/flow-controller.js';
import { icons } from '../../ui/icons.js';
import { canOpenSettings, isInApp } from '../../flow/platform.js';
import { settingsButton } from '../../ui/settings-button.js';

/** The location screen. */
export function locationScreen(flow: FlowController): TemplateResult {
  const t = flow.t;
  const location = flow.location;
  const required = location.required;
  const name = flow.session.branding.name;
  if (location.phase === 'denied' || location.phase === 'unavailable') {
    return html`<div class="screen">
      <div class="hero warning" aria-hidden="true">${icons.pin}</div>
      <h2 tabindex="-1">${t.locationTitle}</h2>
      <p part="error" role="alert">
        ${
          location.phase === 'unavailable'
            ? t.locationUnavailableRequired
            : isInApp(flow.source)
              ? t.locationDeniedRequiredApp
              : t.locationDeniedRequired
        }
      </p>
      <div class="spacer"></div>
      <div class="actions">
        <button type="button" @click=${location.share}>${t.tryAgain}</button>
        ${location.phase === 'denied' && canOpenSettings(flow.source) ? settingsButton(t, flow.source) : nothing}
      </div>
    </div>`;
  }
  const locating = location.phase === 'locating';
  return html`<div class="screen">
    <div class="hero" aria-hidden="true">${icons.pin}</div>
    <h2 tabindex="-1">${t.locationTitle}</h2>
    <p class="muted">${required ? t.locationBodyRequired(name) : t.locationBodyOptional(name)}</p>
    <div class="spacer"></div>
    ${
      locating
        ? html`<p class="status-line" role="status">
            <span class="dot" aria-hidden="true"></span>${t.locationLocating}
          </p>`
        : nothing
    }
    <div class="actions">
      <button type="button" ?disabled=${locating || flow.busy} @click=${location.share}>
        ${t.locationAllow}
      </button>
      ${
        required
          ? nothing
          : html`<button
              type="button"
              class="secondary"
              ?disabled=${locating || flow.busy}
              @click=${location.skip}
            >
              ${t.locationSkip}
            </button>`
      }
    </div>
  </div>`;
}
