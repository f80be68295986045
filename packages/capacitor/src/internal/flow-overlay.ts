/**
 * The full-screen flow of `IdvVerify.start()`: `<idv-verify>` in a modal `<dialog>` over the app,
 * its events forwarded to the plugin's listeners, and its outcome turned into the promise's
 * result or coded error.
 *
 * Outcomes: `idv-complete` resolves (its `callbackUrl` redirect is prevented: it would navigate
 * the app's web view away); `idv-expired`, the link errors and the person's cancel reject. A
 * network error is not an outcome (the flow offers to try again), but the overlay then shows a
 * Close button, as the flow's own cancel button is gone on that screen.
 */
import type { CaptureSource, IdvVerify as IdvVerifyElement } from '@idv/verify';
import type { IdvVerifyErrorCode, StartOptions, StartResult } from '../definitions.js';
import { IdvVerifyError } from '../errors.js';
import { idvEventNames, type IdvEventName } from './events.js';
import type { VerificationLink } from './link.js';
import { overlayStyles } from './flow-overlay.styles.js';
import { overlayText } from './overlay-text.js';

/** What the overlay needs. */
export interface FlowOverlayOptions {
  link: VerificationLink;
  start: StartOptions;
  /** The native source inside a native app; the element's default (web) source otherwise. */
  captureSource?: CaptureSource | undefined;
  /** Opens the app's settings page, where the platform allows it (iOS). */
  openSettings?: (() => void) | undefined;
  /** Receives every `idv-*` event of the element. */
  onEvent(type: IdvEventName, detail: unknown): void;
}

/** Error codes of the element that end the flow, and the plugin's code for each. */
const endingErrors: Record<string, IdvVerifyErrorCode> = {
  LINK_ALREADY_USED: 'LINK_ALREADY_USED',
  LINK_INACTIVE: 'LINK_INACTIVE',
  USER_CANCELLED: 'CANCELLED',
};
const permissionErrors = new Set(['CAMERA_PERMISSION_DENIED', 'LOCATION_PERMISSION_DENIED']);

type Outcome = { result: StartResult } | { error: IdvVerifyError };

/** Default of `StartOptions.closeDelay`. */
export const defaultCloseDelay = 2000;

/** One run of the flow. */
export class FlowOverlay {
  private readonly host = document.createElement('div');
  private readonly dialog = document.createElement('dialog');
  private readonly bar = document.createElement('div');
  private readonly closeButton = document.createElement('button');
  private readonly settingsButton = document.createElement('button');
  private readonly element: IdvVerifyElement;
  private outcome?: Outcome;
  private closeTimer?: ReturnType<typeof setTimeout>;
  private lastError?: string;
  private step?: string;
  private finished = false;
  private resolve!: (result: StartResult) => void;
  private reject!: (error: IdvVerifyError) => void;

  /** Settles when the flow has closed. */
  readonly done = new Promise<StartResult>((resolve, reject) => {
    this.resolve = resolve;
    this.reject = reject;
  });

  constructor(private readonly options: FlowOverlayOptions) {
    const { link, start } = options;
    const element = document.createElement('idv-verify');
    element.setAttribute('link-id', link.linkId);
    if (link.apiBase) element.setAttribute('api-base', link.apiBase);
    if (link.handoffToken) element.setAttribute('handoff-token', link.handoffToken);
    if (start.lang) element.setAttribute('lang', start.lang);
    element.setAttribute('theme', start.theme ?? 'auto');
    if (start.fingerprintUrl) element.setAttribute('fingerprint-url', start.fingerprintUrl);
    if (start.noGeolocation) element.setAttribute('no-geolocation', '');
    const branding = start.branding ?? {};
    if (branding.brandColor) element.setAttribute('brand-color', branding.brandColor);
    if (branding.logoSrc) element.setAttribute('logo-src', branding.logoSrc);
    if (branding.businessName) element.setAttribute('business-name', branding.businessName);
    if (options.captureSource) element.captureSource = options.captureSource;
    for (const name of idvEventNames) element.addEventListener(name, this.onElementEvent);
    this.element = element;

    const text = overlayText(start.lang);
    this.closeButton.type = 'button';
    this.closeButton.textContent = text.close;
    this.closeButton.addEventListener('click', () => this.leave());
    this.settingsButton.type = 'button';
    this.settingsButton.textContent = text.openSettings;
    this.settingsButton.addEventListener('click', () => options.openSettings?.());
    this.bar.className = 'bar';
    this.bar.append(this.settingsButton, this.closeButton);
    this.showBar(false, false);

    const theme = start.theme ?? 'auto';
    this.dialog.style.setProperty('color-scheme', theme === 'auto' ? 'light dark' : theme);
    this.dialog.setAttribute('aria-label', text.title);
    this.dialog.addEventListener('cancel', (event) => {
      // Escape (or a platform back gesture mapped to it): leave the flow.
      event.preventDefault();
      this.leave();
    });
    this.dialog.append(element, this.bar);
    this.host.dataset.idvFlow = '';
    const root = this.host.attachShadow({ mode: 'open' });
    root.adoptedStyleSheets = [overlayStyles()];
    root.append(this.dialog);
  }

  /** Shows the flow; answers `done`. */
  open(): Promise<StartResult> {
    document.body.append(this.host);
    document.addEventListener('visibilitychange', this.onVisibilityChange);
    this.dialog.showModal();
    return this.done;
  }

  /**
   * Closes the flow now; a flow without an outcome yet rejects with `CANCELLED`. The element
   * leaves by its own cancel path first, so the service hears `USER_CANCELLED` while the
   * verification is open.
   */
  cancel(): void {
    this.end({ error: new IdvVerifyError('CANCELLED', 'The flow was closed by the app.') }, 0);
    this.element.cancel();
    this.closeNow();
  }

  private readonly onElementEvent = (event: Event): void => {
    const type = event.type as IdvEventName;
    const detail = (event as CustomEvent).detail as Record<string, unknown>;
    if (type === 'idv-complete') event.preventDefault();
    this.options.onEvent(type, detail);
    switch (type) {
      case 'idv-complete':
        this.end({
          result: {
            verificationId: String(detail.verificationId),
            status: detail.status as StartResult['status'],
          },
        });
        break;
      case 'idv-expired':
        this.end({ error: new IdvVerifyError('EXPIRED', 'The verification link has expired.') });
        break;
      case 'idv-error': {
        const code = String(detail.code);
        this.lastError = code;
        const ending = endingErrors[code];
        if (ending) this.end({ error: new IdvVerifyError(ending, String(detail.message)) });
        else if (permissionErrors.has(code) && this.options.openSettings) this.showBar(true, false);
        break;
      }
      case 'idv-step-change':
        this.step = String(detail.step);
        // The flow's own header (with its cancel button) is gone on a stopping screen.
        this.showBar(false, this.step === 'error');
        break;
      default:
        // The other events only pass through to `onEvent` (above).
        break;
    }
  };

  /**
   * Back in the app (from its settings page, typically): once nothing is refused any more, the
   * Open Settings button goes.
   */
  private readonly onVisibilityChange = (): void => {
    const source = this.options.captureSource;
    if (document.visibilityState !== 'visible' || this.settingsButton.hidden || !source) return;
    source.checkPermissions().then(
      ({ camera, location }) => {
        if (camera !== 'denied' && location !== 'denied')
          this.showBar(false, !this.closeButton.hidden);
      },
      () => undefined,
    );
  };

  private showBar(settings: boolean, close: boolean): void {
    this.settingsButton.hidden = !settings;
    this.closeButton.hidden = !close;
    this.bar.hidden = !settings && !close;
  }

  /**
   * The person closed the flow (Escape, Close): keep a known outcome, else say why the flow
   * stopped; the element leaves by its own cancel path, as for `cancel()`.
   */
  private leave(): void {
    const code: IdvVerifyErrorCode =
      this.step === 'error' && this.lastError === 'NETWORK_ERROR' ? 'NETWORK_ERROR' : 'CANCELLED';
    this.end({ error: new IdvVerifyError(code, 'The person closed the verification.') }, 0);
    this.element.cancel();
    this.closeNow();
  }

  /** Records the first outcome and closes after `delay` ms. */
  private end(outcome: Outcome, delay = this.options.start.closeDelay ?? defaultCloseDelay): void {
    if (this.outcome) return;
    this.outcome = outcome;
    this.closeTimer = setTimeout(() => this.closeNow(), Math.max(0, delay));
  }

  private closeNow(): void {
    if (this.finished || !this.outcome) return;
    this.finished = true;
    clearTimeout(this.closeTimer);
    for (const name of idvEventNames) this.element.removeEventListener(name, this.onElementEvent);
    document.removeEventListener('visibilitychange', this.onVisibilityChange);
    if (this.dialog.open) this.dialog.close();
    this.host.remove();
    const outcome = this.outcome;
    if ('result' in outcome) this.resolve(outcome.result);
    else this.reject(outcome.error);
  }
}
