/** The camera cannot be used: why, and what the person can do (retry, upload, another device). */
import { html, nothing, type TemplateResult } from 'lit';
import type { CaptureScreenView } from './capture-screen-view.js';
import type { CaptureKind } from '../../api/types.js';
import { icons } from '../ui/icons.js';
import { settingsButton } from '../ui/settings-button.js';
import { handoffPanel } from '../features/handoff/handoff-panel.js';
import { uploadButton, uploadErrorText } from '../features/document/upload-button.js';

/** The fallback screen of `kind`. */
export function cameraFallback(screen: CaptureScreenView, kind: CaptureKind): TemplateResult {
  const t = screen.t;
  const controller = screen.capture;
  const capture = controller.view;
  const fallback = capture.fallback!;
  return html`<div class="screen">
    <div class="hero warning" aria-hidden="true">${icons.camera}</div>
    <h2 tabindex="-1">${fallback.title}</h2>
    <p part="error">${fallback.body}</p>
    ${uploadErrorText(screen)}
    ${controller.handoffShown ? handoffPanel(screen.t, screen.handoff) : nothing}
    <div class="spacer"></div>
    <div class="actions">
      ${
        fallback.canRetry
          ? html`<button type="button" @click=${() => controller.start(kind)}>
              ${t.tryAgain}
            </button>`
          : nothing
      }
      ${fallback.openSettings ? settingsButton(t, screen.source) : nothing}
      ${fallback.allowUpload && kind !== 'selfie' ? uploadButton(screen, kind, 'secondary') : nothing}
      ${
        controller.handoffShown
          ? nothing
          : html`<button type="button" class="secondary" @click=${controller.showHandoff}>
              ${icons.phone}${t.handoffOtherDevice}
            </button>`
      }
    </div>
  </div>`;
}
