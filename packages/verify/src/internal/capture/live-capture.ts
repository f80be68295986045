/** The live camera screen: viewfinder, guide, coaching line, manual and upload buttons. */
import { html, nothing, type TemplateResult } from 'lit';
import type { CaptureScreenView } from './capture-screen-view.js';
import type { CaptureKind } from '../../api/types.js';
import { icons } from '../ui/icons.js';
import { documentOverlay, faceOverlay } from './capture-overlays.js';
import { uploadButton, uploadErrorText } from '../features/document/upload-button.js';

/** The heading of a capture screen: what to photograph. */
export function captureHeading(screen: CaptureScreenView, kind: CaptureKind): TemplateResult {
  return html`<h2 tabindex="-1">${screen.capture.captureText.captureTitles[kind]}</h2>`;
}

/** The live capture of `kind`. */
export function liveCapture(screen: CaptureScreenView, kind: CaptureKind): TemplateResult {
  const t = screen.t;
  const controller = screen.capture;
  const capture = controller.view;
  const view = controller.camera?.view;
  return html`<div class="screen">
    ${captureHeading(screen, kind)}
    <p class="muted small">${screen.capture.captureText.captureInstructions[kind]}</p>
    <div part="viewfinder" class="viewfinder ${kind === 'selfie' ? 'selfie mirrored' : ''}">
      ${view ?? nothing}
      ${
        capture.phase === 'starting'
          ? html`<div class="placeholder"><div class="spinner" aria-hidden="true"></div></div>`
          : nothing
      }
      ${kind === 'selfie' ? faceOverlay(capture) : documentOverlay(capture, screen.passport)}
      <p class="coach ${capture.good ? 'good' : ''}" role="status" aria-live="polite">
        ${capture.coach ?? ''}
      </p>
    </div>
    ${uploadErrorText(screen)}
    <div class="spacer"></div>
    <div class="actions">
      ${
        capture.manual
          ? html`<button
              type="button"
              part="capture-button"
              @click=${() =>
                kind === 'selfie'
                  ? controller.selfie?.takeManually()
                  : controller.document.takePhoto(kind)}
            >
              ${icons.camera}${t.captureButton}
            </button>`
          : nothing
      }
      ${kind === 'selfie' ? nothing : uploadButton(screen, kind, capture.manual ? 'secondary' : 'quiet')}
    </div>
  </div>`;
}
