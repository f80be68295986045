/** The location screen: why the business asks, share or skip, and a refused `required` location. */
import { html, nothing, type TemplateResult } from 'lit';
import type { ScreenView } from '../../ui/screen-view.js';
import type { LocationPhase } from './location-controller.js';
import { icons } from '../../ui/icons.js';
import { canOpenSettings, isInApp } from '../../flow/platform.js';
import { settingsButton } from '../../ui/settings-button.js';

/** What the location screen reads and does of its step. */
export interface LocationView {
  readonly phase: LocationPhase;
  /** True when the policy does not let the person go on without a location. */
  readonly required: boolean;
  share(): Promise<void>;
  skip(): Promise<void>;
}

/** The location screen. */
export function locationScreen(view: ScreenView, location: LocationView): TemplateResult {
  const t = view.t;
  const required = location.required;
  const name = view.brandName;
  if (location.phase === 'denied' || location.phase === 'unavailable') {
    return html`<div class="screen">
      <div class="hero warning" aria-hidden="true">${icons.pin}</div>
      <h2 tabindex="-1">${t.locationTitle}</h2>
      <p part="error" role="alert">
        ${
          location.phase === 'unavailable'
            ? t.locationUnavailableRequired
            : isInApp(view.source)
              ? t.locationDeniedRequiredApp
              : t.locationDeniedRequired
        }
      </p>
      <div class="spacer"></div>
      <div class="actions">
        <button type="button" @click=${location.share}>${t.tryAgain}</button>
        ${location.phase === 'denied' && canOpenSettings(view.source) ? settingsButton(t, view.source) : nothing}
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
      <button type="button" ?disabled=${locating || view.busy} @click=${location.share}>
        ${t.locationAllow}
      </button>
      ${
        required
          ? nothing
          : html`<button
              type="button"
              class="secondary"
              ?disabled=${locating || view.busy}
              @click=${location.skip}
            >
              ${t.locationSkip}
            </button>`
      }
    </div>
  </div>`;
}
