/**
 * The capture screens of a side or the selfie, by phase: live camera, review, sending, retry with
 * the service's reason, camera fallback, and the platform's photo screen (sources without live
 * frames).
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { CaptureScreenView } from './capture-screen-view.js';
import type { CaptureKind } from '../../api/types.js';
import { icons } from '../ui/icons.js';
import { busyScreen } from '../ui/busy-screen.js';
import { cameraFallback } from './camera-fallback.js';
import { captureHeading, liveCapture } from './live-capture.js';
import { uploadButton, uploadErrorText } from '../features/document/upload-button.js';

/** The capture screen of `kind`. */
export function captureScreen(screen: CaptureScreenView, kind: CaptureKind): TemplateResult {
  const t = screen.t;
  const capture = screen.capture.view;
  switch (capture.phase) {
    case 'sending':
      return busyScreen(capture.coach ?? t.sending);
    case 'review':
      return reviewScreen(screen, kind);
    case 'retry':
      return retryScreen(screen, kind);
    case 'fallback':
      return cameraFallback(screen, kind);
    case 'photo':
      return photoScreen(screen, kind);
    default:
      return liveCapture(screen, kind);
  }
}

function reviewScreen(screen: CaptureScreenView, kind: CaptureKind): TemplateResult {
  const t = screen.t;
  const controller = screen.capture;
  return html`<div class="screen">
    <h2 tabindex="-1">${t.reviewTitle}</h2>
    <div part="viewfinder" class="viewfinder">
      <img
        src=${controller.view.reviewUrl ?? ''}
        alt=${screen.capture.captureText.captureTitles[kind]}
      />
    </div>
    <p class="muted small">${kind === 'selfie' ? t.reviewSelfieBody : t.reviewBody}</p>
    ${uploadErrorText(screen)}
    <div class="spacer"></div>
    <div class="actions">
      <button type="button" @click=${() => controller.document.send(kind as 'front' | 'back')}>
        ${t.usePhoto}
      </button>
      <button
        type="button"
        class="secondary"
        part="retake-button"
        @click=${() => controller.retake(kind)}
      >
        ${t.retake}
      </button>
    </div>
  </div>`;
}

function retryScreen(screen: CaptureScreenView, kind: CaptureKind): TemplateResult {
  const t = screen.t;
  const retry = screen.capture.view.retry;
  return html`<div class="screen">
    <div class="hero warning" aria-hidden="true">${icons.alert}</div>
    <h2 tabindex="-1">${t.retryTitle}</h2>
    <p part="error" role="alert">${retry?.message}</p>
    <p class="muted small">${t.retriesLeft(retry?.remaining ?? 0)}</p>
    <div class="spacer"></div>
    <div class="actions">
      <button type="button" @click=${() => screen.capture.retake(kind)}>${t.tryAgain}</button>
    </div>
  </div>`;
}

function photoScreen(screen: CaptureScreenView, kind: CaptureKind): TemplateResult {
  const t = screen.t;
  const controller = screen.capture;
  return html`<div class="screen">
    ${captureHeading(screen, kind)}
    <p class="muted">${screen.capture.captureText.captureInstructions[kind]}</p>
    ${uploadErrorText(screen)}
    <div class="spacer"></div>
    <div class="actions">
      <button type="button" part="capture-button" @click=${() => controller.takeNativePhoto(kind)}>
        ${icons.camera}${t.captureButton}
      </button>
      ${
        kind === 'selfie'
          ? nothing
          : screen.source.pickPhoto
            ? html`<button
                type="button"
                class="secondary"
                @click=${() => controller.takeNativePhoto(kind, true)}
              >
                ${icons.upload}${t.uploadInstead}
              </button>`
            : uploadButton(screen, kind, 'secondary')
      }
    </div>
  </div>`;
}
