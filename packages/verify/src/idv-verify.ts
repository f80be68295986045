import { LitElement, html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { FlowApiError } from './api/flow-api-error.js';
import { FlowClient } from './api/flow-client.js';
import type {
  CaptureKind,
  CaptureOrigin,
  CaptureResult,
  DocumentCaptureMeta,
  FingerprintAnswer,
  FlowSession,
  GateReason,
  HandoffTicket,
  SelfieCaptureMeta,
  VerificationStatus,
} from './api/types.js';
import { CaptureSourceError, type CameraSession, type CaptureSource } from './capture-source.js';
import { DocumentCoach } from './capture/document-coach.js';
import {
  randomChallenge,
  SelfieSession,
  type ChallengeType,
} from './capture/liveness-challenge.js';
import { currentDevice, type DeviceInfo } from './device/device-info.js';
import { matchGate } from './device/gate.js';
import {
  IdvCaptureEvent,
  IdvCompleteEvent,
  IdvErrorEvent,
  IdvExpiredEvent,
  IdvHandoffEvent,
  IdvLocationEvent,
  IdvQualityEvent,
  IdvReadyEvent,
  IdvRequestCancelEvent,
  IdvStartEvent,
  IdvStepChangeEvent,
} from './events/index.js';
import { FlowStep } from './flow-step.js';
import { ambientLanguages, languageFor, loadTranslation, translationFor } from './i18n/localize.js';
import type { LanguageCode, Translation } from './i18n/translation.js';
import { resolveBranding, safeUrl, type Branding } from './internal/branding.js';
import {
  encodeOnMainThread,
  maxUploadBytes,
  nextFrame,
  sleep,
  uploadTypes,
} from './internal/frames.js';
import { icons } from './internal/icons.js';
import { linkIdFromUrl, resolveApiBase } from './internal/link.js';
import { deviceFixReport, noFixReport } from './location/geolocation-report.js';
import { sampleBestFix } from './location/location-sampler.js';
import { styles } from './idv-verify.styles.js';
import type * as QrModule from './internal/qr-code.js';
import { getDefaultCaptureSource } from './default-capture-source.js';
import { defaultWorkerUrl } from './worker-url.js';
import { hasGetUserMedia } from './web-capture-source.js';
import { WorkerBridge } from './worker-bridge.js';
import type { DocumentIssue, FaceFrameAnalysis, FaceIssue, Quad } from './worker/types.js';

/** Phases of a capture screen. */
type CapturePhase = 'starting' | 'live' | 'review' | 'sending' | 'retry' | 'fallback' | 'photo';

/** What a capture screen shows. */
interface CaptureView {
  phase: CapturePhase;
  coach?: string;
  good?: boolean;
  holdProgress?: number;
  quad?: Quad | null;
  manual?: boolean;
  reviewUrl?: string;
  retry?: { message: string; remaining: number };
  fallback?: { code: string; title: string; body: string; allowUpload: boolean; canRetry: boolean };
  uploadError?: string;
}

/** A photo waiting for review. */
interface PendingPhoto {
  blob: Blob;
  origin: CaptureOrigin;
  meta: DocumentCaptureMeta;
}

/** A full-resolution selfie frame kept for sending. */
interface KeptFrame {
  bitmap: ImageBitmap;
  score: number;
  role: 'frontal' | 'challenge';
  face: FaceFrameAnalysis;
}

/** A screen that stops the flow. */
interface StopScreen {
  kind: 'expired' | 'used' | 'inactive' | 'network' | 'missing' | 'cancelled' | 'other';
  title: string;
  body: string;
  canRetry: boolean;
}

const captureOrder: CaptureKind[] = ['front', 'back', 'selfie'];

/** Time after which the manual capture button appears (ms). */
const manualCaptureAfterMs = 8000;
/** Longest wait for the selfie challenge before the frames go as they are (ms). */
const challengeTimeoutMs = 12000;

/**
 * Walks a person through an identity verification: terms, location, device checks, hand-off,
 * document front and back, selfie with an active liveness challenge, and the result.
 *
 * @summary Remote identity verification capture element.
 *
 * @event idv-ready - The session is open and the first screen shows. `IdvReadyEvent`.
 * @event idv-start - The person accepted the terms. `IdvStartEvent`.
 * @event idv-step-change - The screen changed. `IdvStepChangeEvent`.
 * @event idv-capture - A capture was sent and answered. `IdvCaptureEvent`.
 * @event idv-quality - Live quality scores of a camera frame. `IdvQualityEvent`.
 * @event idv-location - A location was reported. `IdvLocationEvent`.
 * @event idv-handoff - A hand-off QR code was offered. `IdvHandoffEvent`.
 * @event idv-complete - Final result; cancelable (prevents the `callbackUrl` redirect). `IdvCompleteEvent`.
 * @event idv-error - Something went wrong. `IdvErrorEvent`.
 * @event idv-expired - The link or verification expired. `IdvExpiredEvent`.
 * @event idv-request-cancel - The person asked to leave; cancelable. `IdvRequestCancelEvent`.
 *
 * @csspart base - The card around everything.
 * @csspart header - The header with the business's name and logo.
 * @csspart progress - The capture progress bar.
 * @csspart viewfinder - The camera view.
 * @csspart overlay - The guide drawn over the camera view.
 * @csspart capture-button - The manual capture button.
 * @csspart retake-button - The retake button of the review.
 * @csspart error - The message of a screen that stops the flow.
 * @csspart qr - The hand-off QR code.
 *
 * @cssproperty --idv-color-primary - Accent color (the company's brand color when the plan allows).
 * @cssproperty --idv-color-on-primary - Text on the accent color.
 * @cssproperty --idv-color-surface - Card background.
 * @cssproperty --idv-color-surface-alt - Subtle background of lists.
 * @cssproperty --idv-color-text - Main text color.
 * @cssproperty --idv-color-text-muted - Secondary text color.
 * @cssproperty --idv-color-border - Borders and dividers.
 * @cssproperty --idv-color-success - Success color.
 * @cssproperty --idv-color-danger - Error color.
 * @cssproperty --idv-color-warning - Warning color.
 * @cssproperty --idv-radius - Card corner radius.
 * @cssproperty --idv-radius-control - Button and field corner radius.
 * @cssproperty --idv-font-family - Font stack.
 * @cssproperty --idv-max-width - Largest width of the card.
 * @cssproperty --idv-spacing - Gap between blocks.
 *
 * @example
 * <idv-verify link-id="3f1c…" lang="es" theme="auto"></idv-verify>
 */
export class IdvVerify extends LitElement {
  static override styles = styles;

  /** The link to verify (the `{linkId}` of a `linkUrl`). */
  @property({ attribute: 'link-id' }) linkId?: string;

  /** The full `linkUrl`; the link id and, without `api-base`, the service origin come from it. */
  @property({ attribute: 'link-url' }) linkUrl?: string;

  /** Base address of the verification service, ending in `/api/v1` (default: this origin). */
  @property({ attribute: 'api-base' }) apiBase?: string;

  /** Address of the connection fingerprint service (`GET /` with credentials). */
  @property({ attribute: 'fingerprint-url' }) fingerprintUrl?: string;

  /** Language (`en`, `es`, `pt`, `fr`); default from the page and the browser. */
  @property({ reflect: true }) override lang = '';

  /** Brand color override (`#rrggbb`; Premium and Pro plans). */
  @property({ attribute: 'brand-color' }) brandColor?: string;

  /** Logo override (Premium and Pro plans). */
  @property({ attribute: 'logo-src' }) logoSrc?: string;

  /** Business name override (every plan). */
  @property({ attribute: 'business-name' }) businessName?: string;

  /** Do not ask for the device location when the policy is `optional` (a `required` policy still asks). */
  @property({ attribute: 'no-geolocation', type: Boolean }) noGeolocation = false;

  /** Color theme. */
  @property({ reflect: true }) theme: 'light' | 'dark' | 'auto' = 'light';

  /** Origin of the parent page that receives the events by `postMessage` when framed. */
  @property({ attribute: 'parent-origin' }) parentOrigin?: string;

  /** One-time token that moves a session from another device (from the hand-off URL). */
  @property({ attribute: 'handoff-token' }) handoffToken?: string;

  /**
   * The platform seam (camera, photos, location, permissions). Defaults to the one registered with
   * `setDefaultCaptureSource`, else the web implementation.
   */
  @property({ attribute: false }) captureSource?: CaptureSource;

  /** URL of the capture worker script (default: `idv-verify.worker.js` beside this module). */
  @property({ attribute: false }) workerUrl?: string | URL;

  @state() private step: FlowStep = FlowStep.loading;
  @state() private session?: FlowSession;
  @state() private stop?: StopScreen;
  @state() private result?: 'success' | 'failed';
  @state() private termsChecked = false;
  @state() private termsError = false;
  @state() private locationPhase: 'ask' | 'locating' | 'denied' | 'unavailable' = 'ask';
  @state() private gateReason?: GateReason;
  @state() private handoff?: {
    ticket?: HandoffTicket;
    required: boolean;
    expired: boolean;
    error?: string;
  };
  @state() private showHandoffInCapture = false;
  @state() private emailError?: string;
  @state() private busy = false;
  @state() private capture: CaptureView = { phase: 'starting' };
  @state() private challenge?: ChallengeType;
  @state() private redirectPending = false;
  @state() private linkCopied = false;
  /** The QR renderer, loaded with the first hand-off (it is not needed on phones). */
  @state() private qr?: typeof QrModule;

  private client?: FlowClient;
  private bridge?: WorkerBridge;
  private camera?: CameraSession;
  private device: DeviceInfo = currentDevice();
  private fingerprint?: FingerprintAnswer;
  private fingerprintTask?: Promise<void>;
  private pendingPhoto?: PendingPhoto;
  private loopToken = 0;
  private runToken = 0;
  private statusTimer?: ReturnType<typeof setTimeout>;
  private handoffExpiryTimer?: ReturnType<typeof setTimeout>;
  private redirectTimer?: ReturnType<typeof setTimeout>;
  private focusHeading = false;
  private readonly abort = new AbortController();

  /** The language in force: the `lang` attribute, else the page's, else the browser's. */
  private get language(): LanguageCode {
    return languageFor(this.lang, ...(this.isConnected ? ambientLanguages(this) : []));
  }

  private get t(): Translation {
    return translationFor(this.language);
  }

  private get source(): CaptureSource {
    return this.captureSource ?? getDefaultCaptureSource();
  }

  private get branding(): Branding {
    return resolveBranding(this.session?.company, {
      businessName: this.businessName,
      brandColor: this.brandColor,
      logoSrc: this.logoSrc,
    });
  }

  private get resolvedLinkId(): string | undefined {
    return this.linkId || linkIdFromUrl(this.linkUrl);
  }

  override connectedCallback(): void {
    super.connectedCallback();
    document.addEventListener('visibilitychange', this.onVisibilityChange);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    document.removeEventListener('visibilitychange', this.onVisibilityChange);
    this.teardown();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('lang')) this.ensureTranslation();
  }

  /** Loads the translation in force when it is not loaded yet, then renders again. */
  private ensureTranslation(): Promise<void> {
    const code = this.language;
    if (translationFor(code).$code === code) return Promise.resolve();
    return loadTranslation(code).then(
      () => this.requestUpdate(),
      () => undefined,
    );
  }

  protected override updated(changed: PropertyValues<this>): void {
    this.applyBrandColor();
    if (
      (changed.has('linkId') || changed.has('linkUrl') || changed.has('apiBase')) &&
      this.isConnected
    ) {
      void this.begin();
    }
    if (this.focusHeading) {
      this.focusHeading = false;
      this.renderRoot.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true });
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Flow

  private async begin(): Promise<void> {
    this.teardown();
    const run = ++this.runToken;
    this.device = currentDevice();
    const linkId = this.resolvedLinkId;
    this.stop = undefined;
    this.session = undefined;
    this.result = undefined;
    if (!linkId) {
      this.showStop({ kind: 'missing', title: this.t.missingLink, body: '', canRetry: false });
      return;
    }
    this.goTo(FlowStep.loading);
    this.client = new FlowClient({ apiBase: resolveApiBase(this.apiBase, this.linkUrl) });
    this.bridge = new WorkerBridge({ url: this.workerUrl ?? defaultWorkerUrl(), idleMs: 30000 });
    try {
      const [session] = await Promise.all([this.openOrResume(linkId), this.ensureTranslation()]);
      if (run !== this.runToken) return;
      this.session = session;
    } catch (error) {
      if (run !== this.runToken) return;
      this.handleFatal(error);
      return;
    }
    this.fingerprintTask = this.collectFingerprint();
    const session = this.session;
    this.emit(
      new IdvReadyEvent({
        verificationId: session.verificationId,
        linkId: session.linkId,
        requiredCaptures: session.requiredCaptures,
      }),
    );
    if (this.isFinal(session.status)) {
      this.showResult(session.status);
    } else if (session.termsAccepted) {
      await this.afterWelcome();
    } else {
      this.goTo(FlowStep.welcome);
    }
  }

  private async openOrResume(linkId: string): Promise<FlowSession> {
    const client = this.client!;
    const key = `idv-verify:${linkId}`;
    const stored = this.handoffToken ? null : readStorage(key);
    if (stored) {
      client.sessionToken = stored;
      try {
        return await client.getSession();
      } catch (error) {
        if (!(error instanceof FlowApiError) || error.status !== 401) throw error;
        client.sessionToken = undefined;
      }
    }
    const created = await client.openSession(linkId, this.handoffToken || undefined);
    writeStorage(key, created.sessionToken);
    const { sessionToken: _token, ...session } = created;
    return session;
  }

  private async collectFingerprint(): Promise<void> {
    if (!this.fingerprintUrl) return;
    try {
      const response = await fetch(this.fingerprintUrl, {
        credentials: 'include',
        signal: this.abort.signal,
      });
      if (!response.ok) return;
      const raw = await response.text();
      const parsed = JSON.parse(raw) as { userData?: FingerprintAnswer['userData'] };
      if (!parsed.userData) return;
      this.fingerprint = { raw, userData: parsed.userData };
      await this.client?.forwardFingerprint(this.fingerprint);
    } catch {
      // Signals only: the flow goes on without them.
    }
  }

  private async acceptTerms(): Promise<void> {
    if (!this.termsChecked) {
      this.termsError = true;
      return;
    }
    await this.withBusy(async () => {
      this.session = await this.client!.acceptTerms();
      this.emit(
        new IdvStartEvent({
          verificationId: this.session.verificationId,
          operationGuid: this.session.operationGuid,
        }),
      );
      await this.afterWelcome();
    });
  }

  private async afterWelcome(): Promise<void> {
    const policy = this.session!.company.locationPermission;
    if (policy === 'required' || (policy === 'optional' && !this.noGeolocation)) {
      this.locationPhase = 'ask';
      this.goTo(FlowStep.location);
      return;
    }
    await this.afterLocation();
  }

  private async shareLocation(): Promise<void> {
    const session = this.session!;
    this.locationPhase = 'locating';
    try {
      const fix = await sampleBestFix(this.source, { signal: this.abort.signal });
      await this.waitForFingerprint();
      await this.reportLocation(deviceFixReport(fix, this.fingerprint));
      await this.afterLocation();
    } catch (error) {
      const denied = error instanceof CaptureSourceError && error.code === 'permission-denied';
      const code = denied ? 'LOCATION_PERMISSION_DENIED' : 'LOCATION_UNAVAILABLE';
      const required = session.company.locationPermission === 'required';
      await this.reportClientError(code, error instanceof Error ? error.message : code, true);
      if (required) {
        this.locationPhase = denied ? 'denied' : 'unavailable';
        return;
      }
      await this.waitForFingerprint();
      await this.reportLocation(noFixReport(denied ? 'denied' : 'prompt', this.fingerprint)).catch(
        () => undefined,
      );
      await this.afterLocation();
    }
  }

  private async skipLocation(): Promise<void> {
    await this.withBusy(async () => {
      const permissions = await this.source
        .checkPermissions()
        .catch(() => ({ location: 'prompt' as const }));
      const permission = permissions.location === 'unavailable' ? 'prompt' : permissions.location;
      await this.waitForFingerprint();
      await this.reportLocation(noFixReport(permission, this.fingerprint)).catch(() => undefined);
      await this.afterLocation();
    });
  }

  private async reportLocation(geolocation: ReturnType<typeof noFixReport>): Promise<void> {
    await this.client!.reportGeolocation(this.session!.verificationId, geolocation);
    this.emit(new IdvLocationEvent({ geolocation }));
  }

  private async waitForFingerprint(): Promise<void> {
    if (this.fingerprintTask) await Promise.race([this.fingerprintTask, sleep(3000)]);
  }

  private async afterLocation(): Promise<void> {
    const rule = matchGate(this.session!.company.gateRules, this.device);
    if (rule) {
      this.gateReason = rule.reason;
      this.goTo(FlowStep.gated);
      await this.reportClientError(
        'DEVICE_GATED',
        `Device gated by rule ${rule.id} (${rule.reason}).`,
        false,
      );
      await this.offerHandoff(true);
      return;
    }
    const mode = this.session!.company.handoffMode;
    if (this.device.formFactor === 'desktop' && mode !== 'never' && !this.handoffToken) {
      this.goTo(FlowStep.handoff);
      await this.offerHandoff(mode === 'require');
      return;
    }
    await this.afterHandoff();
  }

  private async continueHere(): Promise<void> {
    this.stopStatusPolling();
    this.handoff = undefined;
    await this.afterHandoff();
  }

  private async afterHandoff(): Promise<void> {
    if (this.session!.method === null) {
      this.emailError = undefined;
      this.goTo(FlowStep.identify);
      return;
    }
    this.nextCapture();
  }

  private async identify(event: Event): Promise<void> {
    event.preventDefault();
    const input = this.renderRoot.querySelector<HTMLInputElement>('input[type=email]');
    const email = input?.value.trim() ?? '';
    if (!input?.checkValidity() || !email) {
      this.emailError = this.t.emailInvalid;
      return;
    }
    await this.withBusy(async () => {
      try {
        await this.client!.identify(this.session!.verificationId, email);
      } catch (error) {
        if (error instanceof FlowApiError && (error.status === 400 || error.status === 409)) {
          this.emailError = error.status === 400 ? this.t.emailInvalid : error.message;
          return;
        }
        throw error;
      }
      this.session = await this.client!.getSession();
      this.nextCapture();
    });
  }

  private nextCapture(): void {
    const session = this.session!;
    const kind = captureOrder.find(
      (k) => session.requiredCaptures.includes(k) && !session.completedCaptures.includes(k),
    );
    if (!kind) {
      void this.finish();
      return;
    }
    this.goTo(kind);
    void this.startCapture(kind);
  }

  // ---------------------------------------------------------------------------------------------
  // Capture

  private async startCapture(kind: CaptureKind): Promise<void> {
    this.stopCamera();
    this.showHandoffInCapture = false;
    this.pendingPhoto = undefined;
    const token = ++this.loopToken;
    const source = this.source;
    if (!source.liveFrames) {
      this.capture = { phase: 'photo' };
      return;
    }
    this.capture = { phase: 'starting', coach: this.t.startingCamera };
    if (this.device.inAppBrowser && source.kind === 'web' && !hasGetUserMedia()) {
      await this.showCameraFallback(
        kind,
        new CaptureSourceError('unsupported', 'In-app browser without camera.'),
      );
      return;
    }
    let camera: CameraSession;
    try {
      camera = await source.openCamera({ facing: kind === 'selfie' ? 'user' : 'environment' });
    } catch (error) {
      if (token === this.loopToken) await this.showCameraFallback(kind, error);
      return;
    }
    if (token !== this.loopToken || this.step !== kind || document.visibilityState === 'hidden') {
      camera.stop();
      return;
    }
    this.camera = camera;
    if (kind === 'selfie') void this.runSelfieLoop(token);
    else void this.runDocumentLoop(kind, token);
  }

  private async showCameraFallback(kind: CaptureKind, error: unknown): Promise<void> {
    const t = this.t;
    const code =
      error instanceof CaptureSourceError
        ? error.code === 'permission-denied'
          ? 'CAMERA_PERMISSION_DENIED'
          : error.code === 'unsupported'
            ? 'UNSUPPORTED_BROWSER'
            : 'CAMERA_UNAVAILABLE'
        : 'CAMERA_UNAVAILABLE';
    const copy = {
      CAMERA_PERMISSION_DENIED: { title: t.cameraDeniedTitle, body: t.cameraDeniedBody },
      CAMERA_UNAVAILABLE: { title: t.cameraUnavailableTitle, body: t.cameraUnavailableBody },
      UNSUPPORTED_BROWSER: {
        title: t.unsupportedBrowserTitle,
        body: this.device.inAppBrowser ? t.inAppBrowserBody : t.unsupportedBrowserBody,
      },
    }[code];
    this.capture = {
      phase: 'fallback',
      fallback: {
        code,
        ...copy,
        allowUpload: kind !== 'selfie',
        canRetry: code !== 'UNSUPPORTED_BROWSER',
      },
    };
    await this.reportClientError(code, error instanceof Error ? error.message : code, true);
  }

  private async runDocumentLoop(kind: 'front' | 'back', token: number): Promise<void> {
    const coach = new DocumentCoach();
    const startedAt = performance.now();
    this.capture = { phase: 'live', coach: this.t.documentCoach['no-document'], quad: null };
    while (token === this.loopToken && this.camera) {
      const camera = this.camera;
      let analysis;
      try {
        const frame = await camera.grabFrame({ width: 640 });
        analysis = await this.bridge!.analyzeDocumentFrame(frame, this.abort.signal);
      } catch {
        if (token !== this.loopToken) return;
        // No worker or no frame: coaching is unavailable, the manual button takes over.
        this.capture = { ...this.capture, manual: true, coach: this.t.captureInstructions[kind] };
        return;
      }
      if (token !== this.loopToken) return;
      this.emit(new IdvQualityEvent({ kind, document: analysis }));
      const now = performance.now();
      const advice = coach.advise(analysis, now);
      const manual = now - startedAt > manualCaptureAfterMs;
      if (advice.kind === 'ready') {
        await this.takeDocumentPhoto(kind, analysis, true);
        return;
      }
      this.capture = {
        phase: 'live',
        quad: analysis.documentQuad,
        manual,
        good: advice.kind === 'hold',
        holdProgress: advice.kind === 'hold' ? advice.progress : 0,
        coach:
          advice.kind === 'issue'
            ? this.t.documentCoach[advice.issue as DocumentIssue]
            : advice.progress > 0
              ? this.t.documentGood
              : this.t.holdStill,
      };
      await nextFrame();
    }
  }

  private async takeDocumentPhoto(
    kind: 'front' | 'back',
    analysis: {
      blur: number;
      brightness: number;
      glare: number;
      fill: number;
      score: number;
    } | null,
    autoCaptured: boolean,
  ): Promise<void> {
    const camera = this.camera;
    if (!camera) return;
    this.loopToken += 1;
    const frame = await camera.grabFrame();
    const { width, height } = frame;
    let blob: Blob;
    try {
      blob = await this.bridge!.encodeJpeg(frame, 0.92, this.abort.signal);
    } catch {
      blob = await encodeOnMainThread(await camera.grabFrame(), 0.92);
    }
    this.stopCamera();
    if (this.step !== kind) return;
    const quality = analysis
      ? {
          blur: analysis.blur,
          brightness: analysis.brightness,
          glare: analysis.glare,
          fill: analysis.fill,
          score: analysis.score,
        }
      : null;
    this.showReview({
      blob,
      origin: 'camera',
      meta: { source: 'camera', quality, width, height, autoCaptured },
    });
  }

  private showReview(photo: PendingPhoto): void {
    this.revokeReview();
    this.pendingPhoto = photo;
    this.capture = { phase: 'review', reviewUrl: URL.createObjectURL(photo.blob) };
  }

  private async onUpload(kind: CaptureKind, event: Event): Promise<void> {
    const input = event.target as HTMLInputElement;
    const file = input.files?.[0];
    input.value = '';
    if (!file || kind === 'selfie') return;
    if (!uploadTypes.includes(file.type) || file.size > maxUploadBytes) {
      this.capture = { ...this.capture, uploadError: this.t.uploadFailed };
      return;
    }
    let width = 0;
    let height = 0;
    try {
      const bitmap = await createImageBitmap(file);
      ({ width, height } = bitmap);
      bitmap.close();
    } catch {
      this.capture = { ...this.capture, uploadError: this.t.uploadFailed };
      return;
    }
    this.stopCamera();
    this.loopToken += 1;
    this.showReview({
      blob: file,
      origin: 'upload',
      meta: { source: 'upload', quality: null, width, height, autoCaptured: false },
    });
  }

  private async takeNativePhoto(kind: CaptureKind, fromGallery = false): Promise<void> {
    const source = this.source;
    const facing = kind === 'selfie' ? 'user' : 'environment';
    const origin: CaptureOrigin = fromGallery ? 'upload' : 'native';
    try {
      const blob = fromGallery ? await source.pickPhoto?.() : await source.takePhoto?.({ facing });
      if (!blob) return;
      const bitmap = await createImageBitmap(blob);
      const { width, height } = bitmap;
      if (kind === 'selfie') {
        bitmap.close();
        await this.sendSelfie([blob], { source: 'native', challenge: null, frames: [] });
        return;
      }
      bitmap.close();
      this.showReview({
        blob,
        origin,
        meta: { source: origin, quality: null, width, height, autoCaptured: false },
      });
    } catch (error) {
      // The person closed the camera or the picker: the photo screen stays as it was.
      if (error instanceof CaptureSourceError && error.code === 'cancelled') return;
      await this.showCameraFallback(kind, error);
    }
  }

  private async usePhoto(kind: 'front' | 'back'): Promise<void> {
    const photo = this.pendingPhoto;
    if (!photo) return;
    this.capture = { phase: 'sending', coach: this.t.checking[kind] };
    try {
      const result = await this.client!.uploadDocument(kind, photo.blob, photo.meta);
      this.revokeReview();
      this.pendingPhoto = undefined;
      this.onCaptureResult(kind, photo.origin, result);
    } catch (error) {
      await this.onCaptureFailure(kind, error);
    }
  }

  private retake(kind: CaptureKind): void {
    this.revokeReview();
    this.pendingPhoto = undefined;
    void this.startCapture(kind);
  }

  private async runSelfieLoop(token: number): Promise<void> {
    const t = this.t;
    this.capture = { phase: 'starting', coach: t.preparingFaceCheck };
    try {
      await this.bridge!.prepareFaceDetection(this.abort.signal);
    } catch {
      if (token !== this.loopToken) return;
      // Without the face models the element cannot coach; the person takes the selfie by hand.
      this.capture = { phase: 'live', coach: t.captureInstructions.selfie, manual: true };
      return;
    }
    if (token !== this.loopToken) return;
    const session = new SelfieSession({ challenge: randomChallenge() });
    this.challenge = session.challenge;
    const kept: KeptFrame[] = [];
    const challengeText: Record<ChallengeType, string> = {
      'turn-left': t.challengeTurnLeft,
      'turn-right': t.challengeTurnRight,
      blink: t.challengeBlink,
    };
    this.capture = { phase: 'live', coach: t.faceCoach['no-face'] };
    let challengeStartedAt: number | undefined;
    while (token === this.loopToken && this.camera) {
      const camera = this.camera;
      let face: FaceFrameAnalysis;
      try {
        face = await this.bridge!.analyzeFaceFrame(
          await camera.grabFrame({ width: 640 }),
          this.abort.signal,
        );
      } catch {
        if (token !== this.loopToken) return;
        this.capture = { phase: 'live', coach: t.captureInstructions.selfie, manual: true };
        return;
      }
      if (token !== this.loopToken) return;
      this.emit(new IdvQualityEvent({ kind: 'selfie', face }));
      const now = performance.now();
      const choice = session.observe(face, now);
      if (choice && this.worthKeeping(kept, choice.role, choice.score)) {
        const bitmap = await camera.grabFrame({ width: 1280 }).catch(() => undefined);
        if (bitmap) this.keepFrame(kept, { bitmap, score: choice.score, role: choice.role, face });
      }
      if (session.phase === 'challenge') challengeStartedAt ??= now;
      const timedOut =
        challengeStartedAt !== undefined && now - challengeStartedAt > challengeTimeoutMs;
      if (session.phase === 'done' || timedOut) {
        this.capture = {
          phase: 'live',
          coach: session.passed ? t.challengeDone : t.holdStill,
          good: true,
        };
        await this.sendSelfieFrames(kept, session, now);
        return;
      }
      this.capture = {
        phase: 'live',
        good: session.phase === 'challenge' || face.ok,
        coach:
          session.phase === 'challenge'
            ? challengeText[session.challenge]
            : face.ok
              ? t.holdStill
              : t.faceCoach[face.issues[0] as FaceIssue],
      };
      await nextFrame();
    }
  }

  private worthKeeping(kept: KeptFrame[], role: KeptFrame['role'], score: number): boolean {
    const same = kept.filter((f) => f.role === role);
    const limit = role === 'frontal' ? 2 : 1;
    return same.length < limit || same.some((f) => f.score < score);
  }

  private keepFrame(kept: KeptFrame[], frame: KeptFrame): void {
    kept.push(frame);
    const same = kept.filter((f) => f.role === frame.role).sort((a, b) => b.score - a.score);
    const limit = frame.role === 'frontal' ? 2 : 1;
    for (const extra of same.slice(limit)) {
      extra.bitmap.close();
      kept.splice(kept.indexOf(extra), 1);
    }
  }

  private async sendSelfieFrames(
    kept: KeptFrame[],
    session: SelfieSession,
    now: number,
  ): Promise<void> {
    const camera = this.camera;
    this.loopToken += 1;
    if (kept.length === 0 && camera) {
      const bitmap = await camera.grabFrame({ width: 1280 });
      kept.push({
        bitmap,
        score: 0,
        role: 'frontal',
        face: { yaw: 0, pitch: 0, eyeOpenness: 0 } as FaceFrameAnalysis,
      });
    }
    this.stopCamera();
    const ordered = [
      ...kept.filter((f) => f.role === 'frontal').sort((a, b) => b.score - a.score),
      ...kept.filter((f) => f.role === 'challenge'),
    ].slice(0, 5);
    const blobs: Blob[] = [];
    for (const frame of ordered) {
      blobs.push(
        await this.bridge!.encodeJpeg(frame.bitmap, 0.9).catch(() =>
          encodeOnMainThread(frame.bitmap, 0.9),
        ),
      );
    }
    await this.sendSelfie(blobs, {
      source: 'camera',
      challenge: {
        type: session.challenge,
        passed: session.passed,
        durationMs: Math.round(session.durationMs(now)),
        samples: session.samples,
      },
      frames: ordered.map((f) => ({
        role: f.role,
        yaw: f.face.yaw,
        pitch: f.face.pitch,
        eyeOpenness: f.face.eyeOpenness,
      })),
    });
  }

  private async manualSelfie(): Promise<void> {
    const camera = this.camera;
    if (!camera) return;
    this.loopToken += 1;
    const bitmap = await camera.grabFrame({ width: 1280 });
    this.stopCamera();
    const blob = await this.bridge!.encodeJpeg(bitmap, 0.9).catch(() =>
      encodeOnMainThread(bitmap, 0.9),
    );
    await this.sendSelfie([blob], { source: 'camera', challenge: null, frames: [] });
  }

  private async sendSelfie(frames: Blob[], meta: SelfieCaptureMeta): Promise<void> {
    this.capture = { phase: 'sending', coach: this.t.checking.selfie };
    try {
      const result = await this.client!.uploadSelfie(frames, meta);
      this.onCaptureResult('selfie', meta.source, result);
    } catch (error) {
      await this.onCaptureFailure('selfie', error);
    }
  }

  private onCaptureResult(kind: CaptureKind, origin: CaptureOrigin, result: CaptureResult): void {
    const session = this.session!;
    this.emit(
      new IdvCaptureEvent({
        kind,
        source: origin,
        accepted: result.accepted,
        remainingRetries: result.remainingRetries,
        next: result.next,
        ...(result.error ? { error: result.error } : {}),
      }),
    );
    this.session = {
      ...session,
      status: result.status,
      step: result.step,
      remainingRetries: { ...session.remainingRetries, [kind]: result.remainingRetries },
      completedCaptures: result.accepted
        ? [...new Set([...session.completedCaptures, kind])]
        : session.completedCaptures,
    };
    if (result.status === 'expired') {
      this.showExpired();
    } else if (result.accepted) {
      if (result.next === 'done') void this.finish(result.status);
      else this.nextCapture();
    } else if (result.status === 'failed' || result.remainingRetries <= 0) {
      this.showResult('failed');
    } else {
      this.capture = {
        phase: 'retry',
        retry: {
          message: result.error?.message ?? this.t.retryTitle,
          remaining: result.remainingRetries,
        },
      };
    }
  }

  private async onCaptureFailure(kind: CaptureKind, error: unknown): Promise<void> {
    if (
      error instanceof FlowApiError &&
      (error.status === 409 || error.status === 410) &&
      !error.linkError
    ) {
      // The verification is no longer open: find out how it ended.
      await this.finish();
      return;
    }
    if (error instanceof FlowApiError && (error.expired || error.linkError)) {
      this.handleFatal(error);
      return;
    }
    await this.reportClientError(
      'UPLOAD_FAILED',
      error instanceof Error ? error.message : 'Upload failed',
      true,
    );
    this.capture = {
      phase: this.pendingPhoto ? 'review' : 'retry',
      reviewUrl: this.capture.reviewUrl,
      uploadError: this.t.uploadFailed,
      retry: { message: this.t.uploadFailed, remaining: this.session!.remainingRetries[kind] },
    };
    if (this.pendingPhoto && !this.capture.reviewUrl) this.showReview(this.pendingPhoto);
  }

  // ---------------------------------------------------------------------------------------------
  // Results

  private async finish(known?: VerificationStatus): Promise<void> {
    this.goTo(FlowStep.processing);
    const session = this.session!;
    let status: VerificationStatus | undefined = known && this.isFinal(known) ? known : undefined;
    for (let attempt = 0; !status && attempt < 60 && this.isConnected; attempt += 1) {
      try {
        const poll = await this.client!.pollStatus(session.verificationId, session.linkId);
        if (this.isFinal(poll.status)) status = poll.status;
      } catch (error) {
        if (error instanceof FlowApiError && error.status === 410) status = 'expired';
      }
      if (!status) await sleep(2000);
    }
    this.showResult(status ?? 'failed');
  }

  private isFinal(status: VerificationStatus): boolean {
    return status === 'success' || status === 'failed' || status === 'expired';
  }

  private showResult(status: VerificationStatus): void {
    this.stopCamera();
    this.stopStatusPolling();
    if (status === 'expired') {
      this.showExpired();
      return;
    }
    if (status !== 'success' && status !== 'failed') return;
    this.result = status;
    this.goTo(FlowStep.result);
    const session = this.session!;
    const callbackUrl = safeUrl(session.callbackUrl);
    const event = new IdvCompleteEvent({
      verificationId: session.verificationId,
      status,
      callbackUrl,
    });
    this.emit(event);
    if (callbackUrl && !event.defaultPrevented) {
      this.redirectPending = true;
      this.redirectTimer = setTimeout(() => window.location.assign(callbackUrl), 3000);
    }
  }

  private showExpired(): void {
    this.stopCamera();
    this.stopStatusPolling();
    this.emit(
      new IdvExpiredEvent({
        verificationId: this.session?.verificationId ?? null,
        linkId: this.resolvedLinkId ?? '',
      }),
    );
    this.showStop({
      kind: 'expired',
      title: this.t.expiredTitle,
      body: this.t.expiredBody,
      canRetry: false,
    });
  }

  private handleFatal(error: unknown): void {
    const t = this.t;
    if (error instanceof FlowApiError) {
      if (error.expired) {
        this.showExpired();
        return;
      }
      if (error.linkError === 'LinkAlreadyUsed') {
        this.emitError('LINK_ALREADY_USED', error.message, false);
        this.showStop({ kind: 'used', title: t.usedTitle, body: t.usedBody, canRetry: false });
        return;
      }
      if (error.linkError === 'LinkInactive' || error.status === 404) {
        this.emitError('LINK_INACTIVE', error.message, false);
        this.showStop({
          kind: 'inactive',
          title: t.inactiveTitle,
          body: t.expiredBody,
          canRetry: false,
        });
        return;
      }
    }
    const message = error instanceof Error ? error.message : String(error);
    this.emitError('NETWORK_ERROR', message, true);
    this.showStop({
      kind: 'network',
      title: t.networkErrorTitle,
      body: t.networkErrorBody,
      canRetry: true,
    });
  }

  private showStop(stop: StopScreen): void {
    this.stopCamera();
    this.stop = stop;
    this.goTo(FlowStep.error);
  }

  // ---------------------------------------------------------------------------------------------
  // Hand-off

  private async offerHandoff(required: boolean): Promise<void> {
    this.handoff = { required, expired: false };
    try {
      const [ticket] = await Promise.all([
        this.client!.createHandoff(),
        this.qr ? undefined : import('./internal/qr-code.js').then((m) => (this.qr = m)),
      ]);
      this.handoff = { ticket, required, expired: false };
      this.emit(
        new IdvHandoffEvent({
          handoffUrl: ticket.handoffUrl,
          expiresAt: ticket.expiresAt,
          required,
        }),
      );
      clearTimeout(this.handoffExpiryTimer);
      const remaining = Date.parse(ticket.expiresAt) - Date.now();
      if (Number.isFinite(remaining)) {
        this.handoffExpiryTimer = setTimeout(
          () => {
            if (this.handoff?.ticket === ticket) this.handoff = { ...this.handoff, expired: true };
          },
          Math.max(0, remaining),
        );
      }
      this.startStatusPolling();
    } catch (error) {
      this.handoff = {
        required,
        expired: false,
        error: error instanceof Error ? error.message : String(error),
      };
    }
  }

  private startStatusPolling(): void {
    this.stopStatusPolling();
    const session = this.session!;
    const poll = async (): Promise<void> => {
      try {
        const answer = await this.client!.pollStatus(session.verificationId, session.linkId);
        if (this.isFinal(answer.status)) {
          this.showResult(answer.status);
          return;
        }
      } catch (error) {
        if (error instanceof FlowApiError && error.status === 410) {
          this.showExpired();
          return;
        }
      }
      if (this.handoff) this.statusTimer = setTimeout(() => void poll(), 3000);
    };
    this.statusTimer = setTimeout(() => void poll(), 3000);
  }

  private stopStatusPolling(): void {
    clearTimeout(this.statusTimer);
    this.statusTimer = undefined;
  }

  private async copyHandoffLink(url: string): Promise<void> {
    try {
      await navigator.clipboard.writeText(url);
      this.linkCopied = true;
    } catch {
      this.linkCopied = false;
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Plumbing

  /** Dispatches an event and mirrors it to the parent window when framed. */
  private emit(event: CustomEvent): boolean {
    const proceed = this.dispatchEvent(event);
    if (this.parentOrigin && typeof window !== 'undefined' && window.parent !== window) {
      try {
        window.parent.postMessage(
          { source: 'idv-verify', type: event.type, detail: event.detail },
          this.parentOrigin,
        );
      } catch {
        // An invalid origin or an uncloneable detail must not break the flow.
      }
    }
    return proceed;
  }

  private emitError(code: string, message: string, recoverable: boolean): void {
    this.emit(new IdvErrorEvent({ code, message, recoverable }));
  }

  private async reportClientError(
    code: string,
    message: string,
    recoverable: boolean,
  ): Promise<void> {
    this.emitError(code, message, recoverable);
    const session = this.session;
    if (!session || !this.client) return;
    try {
      await this.client.reportError(session.verificationId, code, message.slice(0, 500));
    } catch {
      // Reporting is best effort.
    }
  }

  private goTo(step: FlowStep): void {
    const previous = this.step;
    if (previous === step && step !== FlowStep.loading) return;
    this.step = step;
    this.focusHeading = step !== FlowStep.loading;
    this.emit(new IdvStepChangeEvent({ step, previous: previous === step ? null : previous }));
  }

  private async withBusy(job: () => Promise<void>): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      await job();
    } catch (error) {
      this.handleFatal(error);
    } finally {
      this.busy = false;
    }
  }

  private requestCancel(): void {
    const event = new IdvRequestCancelEvent({ step: this.step });
    if (!this.emit(event)) return;
    const session = this.session;
    this.teardown();
    this.showStop({
      kind: 'cancelled',
      title: this.t.cancelledTitle,
      body: this.t.cancelledBody,
      canRetry: false,
    });
    if (session) {
      this.emitError('USER_CANCELLED', 'The person left the verification.', false);
      void this.client
        ?.reportError(session.verificationId, 'USER_CANCELLED', 'The person left the verification.')
        .catch(() => undefined);
    }
  }

  private readonly onVisibilityChange = (): void => {
    const capturing = this.step === 'front' || this.step === 'back' || this.step === 'selfie';
    if (document.visibilityState === 'hidden') {
      if (this.camera) {
        this.stopCamera();
        this.loopToken += 1;
      }
    } else if (
      capturing &&
      (this.capture.phase === 'live' || this.capture.phase === 'starting') &&
      !this.camera
    ) {
      void this.startCapture(this.step as CaptureKind);
    }
  };

  private stopCamera(): void {
    this.camera?.stop();
    this.camera = undefined;
  }

  private revokeReview(): void {
    if (this.capture.reviewUrl) URL.revokeObjectURL(this.capture.reviewUrl);
  }

  private teardown(): void {
    this.loopToken += 1;
    this.stopCamera();
    this.stopStatusPolling();
    clearTimeout(this.handoffExpiryTimer);
    clearTimeout(this.redirectTimer);
    this.redirectPending = false;
    this.revokeReview();
    this.bridge?.terminate();
  }

  // ---------------------------------------------------------------------------------------------
  // Rendering

  /**
   * Sets the brand color through the CSSOM (`style.setProperty`), which a strict CSP allows; a
   * `style` attribute (Lit's `styleMap` writes one on first render) would be blocked by
   * `style-src-attr`.
   */
  private applyBrandColor(): void {
    const base = this.renderRoot.querySelector<HTMLElement>('[part=base]');
    if (!base) return;
    const { color, onColor } = this.branding;
    if (color && onColor) {
      base.style.setProperty('--idv-color-primary', color);
      base.style.setProperty('--idv-color-on-primary', onColor);
    } else {
      base.style.removeProperty('--idv-color-primary');
      base.style.removeProperty('--idv-color-on-primary');
    }
  }

  protected override render(): TemplateResult {
    const brand = this.branding;
    const cancellable =
      this.session && this.step !== FlowStep.result && this.step !== FlowStep.error;
    return html`<div part="base" class="base" lang=${this.t.$code}>
      ${
        brand.name || cancellable
          ? html`<div part="header" class="header">
              <div class="brand">
                ${
                  brand.logoUrl
                    ? html`<img
                        class="logo"
                        src=${brand.logoUrl}
                        alt=${this.t.logoAlt(brand.name)}
                      />`
                    : brand.name
                      ? html`<span class="monogram" aria-hidden="true"
                          >${brand.name.slice(0, 1).toUpperCase()}</span
                        >`
                      : nothing
                }
                <span>${brand.name}</span>
              </div>
              ${
                cancellable
                  ? html`<button
                      class="icon-button"
                      type="button"
                      aria-label=${this.t.cancel}
                      @click=${this.requestCancel}
                    >
                      ${icons.close}
                    </button>`
                  : nothing
              }
            </div>`
          : nothing
      }
      ${this.renderProgress()}
      <div class="body">${this.renderStep()}</div>
    </div>`;
  }

  private renderProgress(): TemplateResult | typeof nothing {
    const session = this.session;
    const step = this.step;
    if (!session || (step !== 'front' && step !== 'back' && step !== 'selfie')) return nothing;
    const steps = captureOrder.filter((k) => session.requiredCaptures.includes(k));
    const index = steps.indexOf(step);
    return html`<div
      part="progress"
      class="progress"
      role="progressbar"
      aria-valuemin="1"
      aria-valuemax=${steps.length}
      aria-valuenow=${index + 1}
      aria-label=${this.t.progress(index + 1, steps.length)}
    >
      ${steps.map(
        (k, i) => html`<span class=${i < index ? 'done' : i === index ? 'current' : ''}></span>`,
      )}
    </div>`;
  }

  private renderStep(): TemplateResult {
    switch (this.step) {
      case FlowStep.loading:
        return this.renderBusy(this.t.loading);
      case FlowStep.welcome:
        return this.renderWelcome();
      case FlowStep.location:
        return this.renderLocation();
      case FlowStep.gated:
        return this.renderGated();
      case FlowStep.handoff:
        return this.renderHandoffStep();
      case FlowStep.identify:
        return this.renderIdentify();
      case FlowStep.front:
      case FlowStep.back:
      case FlowStep.selfie:
        return this.renderCapture(this.step);
      case FlowStep.processing:
        return this.renderBusy(this.t.processingTitle, this.t.processingBody);
      case FlowStep.result:
        return this.renderResult();
      case FlowStep.error:
        return this.renderStop();
    }
  }

  private renderBusy(title: string, body?: string): TemplateResult {
    return html`<div class="screen busy" role="status">
      <div class="spinner" aria-hidden="true"></div>
      <h2 tabindex="-1">${title}</h2>
      ${body ? html`<p class="muted">${body}</p>` : nothing}
    </div>`;
  }

  private renderWelcome(): TemplateResult {
    const t = this.t;
    const session = this.session!;
    const face = session.method === 'FACE';
    const needs = session.requiredCaptures;
    const policy = session.company.locationPermission;
    return html`<div class="screen">
      <div class="hero" aria-hidden="true">${icons.lock}</div>
      <h2 tabindex="-1">${t.welcomeTitle(this.branding.name)}</h2>
      <p class="muted">${face ? t.welcomeBodyFace : t.welcomeBody}</p>
      <ul class="list">
        ${
          needs.includes('front') || needs.includes('back')
            ? html`<li>${icons.card}<span>${t.welcomeNeedDocument}</span></li>`
            : nothing
        }
        ${needs.includes('selfie') ? html`<li>${icons.face}<span>${t.welcomeNeedSelfie}</span></li>` : nothing}
        ${policy === 'required' ? html`<li>${icons.pin}<span>${t.welcomeNeedLocation}</span></li>` : nothing}
      </ul>
      <div class="spacer"></div>
      <label class="check">
        <input
          type="checkbox"
          .checked=${this.termsChecked}
          aria-invalid=${this.termsError ? 'true' : 'false'}
          aria-describedby="terms-error"
          @change=${(e: Event) => {
            this.termsChecked = (e.target as HTMLInputElement).checked;
            this.termsError = false;
          }}
        />
        <span>${t.termsLabel}</span>
      </label>
      <p id="terms-error" class="error-text" role="alert">
        ${this.termsError ? t.termsRequired : nothing}
      </p>
      <div class="actions">
        <button type="button" ?disabled=${this.busy} @click=${this.acceptTerms}>${t.start}</button>
      </div>
    </div>`;
  }

  private renderLocation(): TemplateResult {
    const t = this.t;
    const required = this.session!.company.locationPermission === 'required';
    const name = this.branding.name;
    if (this.locationPhase === 'denied' || this.locationPhase === 'unavailable') {
      return html`<div class="screen">
        <div class="hero warning" aria-hidden="true">${icons.pin}</div>
        <h2 tabindex="-1">${t.locationTitle}</h2>
        <p part="error" role="alert">
          ${this.locationPhase === 'denied' ? t.locationDeniedRequired : t.locationUnavailableRequired}
        </p>
        <div class="spacer"></div>
        <div class="actions">
          <button type="button" @click=${this.shareLocation}>${t.tryAgain}</button>
        </div>
      </div>`;
    }
    const locating = this.locationPhase === 'locating';
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
        <button type="button" ?disabled=${locating || this.busy} @click=${this.shareLocation}>
          ${t.locationAllow}
        </button>
        ${
          required
            ? nothing
            : html`<button
                type="button"
                class="secondary"
                ?disabled=${locating || this.busy}
                @click=${this.skipLocation}
              >
                ${t.locationSkip}
              </button>`
        }
      </div>
    </div>`;
  }

  private renderGated(): TemplateResult {
    const t = this.t;
    return html`<div class="screen">
      <div class="hero warning" aria-hidden="true">${icons.phone}</div>
      <h2 tabindex="-1">${t.gatedTitle}</h2>
      <p part="error" class="muted">${this.gateReason ? t.gatedReasons[this.gateReason] : ''}</p>
      ${this.renderHandoffPanel()}
    </div>`;
  }

  private renderHandoffStep(): TemplateResult {
    const t = this.t;
    const required = this.handoff?.required ?? false;
    return html`<div class="screen">
      <h2 tabindex="-1">${t.handoffTitle}</h2>
      <p class="muted">${required ? t.handoffRequiredBody : t.handoffBody}</p>
      ${this.renderHandoffPanel()}
      <div class="spacer"></div>
      ${
        required
          ? nothing
          : html`<div class="actions">
              <button type="button" class="secondary" @click=${this.continueHere}>
                ${t.handoffContinueHere}
              </button>
            </div>`
      }
    </div>`;
  }

  private renderHandoffPanel(): TemplateResult {
    const t = this.t;
    const handoff = this.handoff;
    if (!handoff || (!handoff.ticket && !handoff.error)) {
      return html`<div class="handoff"><div class="spinner" aria-hidden="true"></div></div>`;
    }
    if (handoff.error || !handoff.ticket) {
      return html`<div class="handoff">
        <p part="error" role="alert">${t.networkErrorBody}</p>
        <button type="button" class="secondary" @click=${() => this.offerHandoff(handoff.required)}>
          ${t.tryAgain}
        </button>
      </div>`;
    }
    if (handoff.expired) {
      return html`<div class="handoff">
        <p role="status">${t.handoffExpired}</p>
        <button type="button" @click=${() => this.offerHandoff(handoff.required)}>
          ${t.handoffNewCode}
        </button>
      </div>`;
    }
    const url = handoff.ticket.handoffUrl;
    return html`<div class="handoff">
      ${this.qr?.qrCode(url, t.qrAlt) ?? nothing}
      <p class="status-line" role="status">
        <span class="dot" aria-hidden="true"></span>${t.handoffWaiting}
      </p>
      <p class="link"><span>${t.handoffLinkLabel}</span> <span>${url}</span></p>
      <button type="button" class="quiet" @click=${() => this.copyHandoffLink(url)}>
        ${this.linkCopied ? t.linkCopied : t.copyLink}
      </button>
    </div>`;
  }

  private renderIdentify(): TemplateResult {
    const t = this.t;
    return html`<form class="screen" novalidate @submit=${this.identify}>
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
          aria-invalid=${this.emailError ? 'true' : 'false'}
          aria-describedby="email-error"
        />
      </label>
      <p id="email-error" class="error-text" role="alert">${this.emailError ?? nothing}</p>
      <div class="spacer"></div>
      <div class="actions"><button type="submit" ?disabled=${this.busy}>${t.continue}</button></div>
    </form>`;
  }

  private renderCapture(kind: CaptureKind): TemplateResult {
    const t = this.t;
    const capture = this.capture;
    const heading = html`<h2 tabindex="-1">${t.captureTitles[kind]}</h2>`;
    switch (capture.phase) {
      case 'sending':
        return this.renderBusy(capture.coach ?? t.sending);
      case 'review':
        return html`<div class="screen">
          <h2 tabindex="-1">${t.reviewTitle}</h2>
          <div part="viewfinder" class="viewfinder">
            <img src=${capture.reviewUrl ?? ''} alt=${t.captureTitles[kind]} />
          </div>
          <p class="muted small">${kind === 'selfie' ? t.reviewSelfieBody : t.reviewBody}</p>
          ${capture.uploadError ? html`<p class="error-text" role="alert">${capture.uploadError}</p>` : nothing}
          <div class="spacer"></div>
          <div class="actions">
            <button type="button" @click=${() => this.usePhoto(kind as 'front' | 'back')}>
              ${t.usePhoto}
            </button>
            <button
              type="button"
              class="secondary"
              part="retake-button"
              @click=${() => this.retake(kind)}
            >
              ${t.retake}
            </button>
          </div>
        </div>`;
      case 'retry':
        return html`<div class="screen">
          <div class="hero warning" aria-hidden="true">${icons.alert}</div>
          <h2 tabindex="-1">${t.retryTitle}</h2>
          <p part="error" role="alert">${capture.retry?.message}</p>
          <p class="muted small">${t.retriesLeft(capture.retry?.remaining ?? 0)}</p>
          <div class="spacer"></div>
          <div class="actions">
            <button type="button" @click=${() => this.retake(kind)}>${t.tryAgain}</button>
          </div>
        </div>`;
      case 'fallback':
        return this.renderFallback(kind, capture);
      case 'photo':
        return html`<div class="screen">
          ${heading}
          <p class="muted">${t.captureInstructions[kind]}</p>
          ${capture.uploadError ? html`<p class="error-text" role="alert">${capture.uploadError}</p>` : nothing}
          <div class="spacer"></div>
          <div class="actions">
            <button type="button" part="capture-button" @click=${() => this.takeNativePhoto(kind)}>
              ${icons.camera}${t.captureButton}
            </button>
            ${
              kind === 'selfie'
                ? nothing
                : this.source.pickPhoto
                  ? html`<button
                      type="button"
                      class="secondary"
                      @click=${() => this.takeNativePhoto(kind, true)}
                    >
                      ${icons.upload}${t.uploadInstead}
                    </button>`
                  : this.renderUploadButton(kind, 'secondary')
            }
          </div>
        </div>`;
      default:
        return this.renderLive(kind, capture, heading);
    }
  }

  private renderLive(
    kind: CaptureKind,
    capture: CaptureView,
    heading: TemplateResult,
  ): TemplateResult {
    const t = this.t;
    const selfie = kind === 'selfie';
    const view = this.camera?.view;
    return html`<div class="screen">
      ${heading}
      <p class="muted small">${t.captureInstructions[kind]}</p>
      <div part="viewfinder" class="viewfinder ${selfie ? 'selfie mirrored' : ''}">
        ${view ?? nothing}
        ${
          capture.phase === 'starting'
            ? html`<div class="placeholder"><div class="spinner" aria-hidden="true"></div></div>`
            : nothing
        }
        ${selfie ? this.renderFaceOverlay(capture) : this.renderDocumentOverlay(capture)}
        <p class="coach ${capture.good ? 'good' : ''}" role="status" aria-live="polite">
          ${capture.coach ?? ''}
        </p>
      </div>
      <div class="spacer"></div>
      <div class="actions">
        ${
          capture.manual
            ? html`<button
                type="button"
                part="capture-button"
                @click=${() => (selfie ? this.manualSelfie() : this.takeDocumentPhoto(kind as 'front' | 'back', null, false))}
              >
                ${icons.camera}${t.captureButton}
              </button>`
            : nothing
        }
        ${!selfie ? this.renderUploadButton(kind, capture.manual ? 'secondary' : 'quiet') : nothing}
      </div>
    </div>`;
  }

  private renderDocumentOverlay(capture: CaptureView): TemplateResult {
    // Guide: an ID-1 card (85.60 × 53.98 mm) centred in a 100 × 75 view box.
    const quad = capture.quad;
    const perimeter = 2 * (84 + 53);
    return html`<svg
      part="overlay"
      class="overlay"
      viewBox="0 0 100 75"
      preserveAspectRatio="none"
      aria-hidden="true"
    >
      <path class="mask" fill-rule="evenodd" d="M0 0H100V75H0Z M8 11.5H92V64.5H8Z"></path>
      <rect
        class="guide ${capture.good ? 'good' : ''}"
        x="8"
        y="11.5"
        width="84"
        height="53"
        rx="3.5"
      ></rect>
      ${
        quad
          ? html`<polygon
              class="quad"
              points=${quad.map((p) => `${p.x * 100},${p.y * 75}`).join(' ')}
            ></polygon>`
          : nothing
      }
      ${
        capture.good
          ? html`<rect
              class="hold"
              x="8"
              y="11.5"
              width="84"
              height="53"
              rx="3.5"
              stroke-dasharray=${perimeter}
              stroke-dashoffset=${perimeter * (1 - (capture.holdProgress ?? 0))}
            ></rect>`
          : nothing
      }
    </svg>`;
  }

  private renderFaceOverlay(capture: CaptureView): TemplateResult {
    return html`<svg
      part="overlay"
      class="overlay"
      viewBox="0 0 75 100"
      preserveAspectRatio="none"
      aria-hidden="true"
    >
      <path class="mask" fill-rule="evenodd" d="M0 0H75V100H0Z M37.5 18a24 31 0 1 0 0.01 0Z"></path>
      <ellipse
        class="guide ${capture.good ? 'good' : ''}"
        cx="37.5"
        cy="49"
        rx="24"
        ry="31"
      ></ellipse>
    </svg>`;
  }

  private renderUploadButton(kind: CaptureKind, variant: 'secondary' | 'quiet'): TemplateResult {
    return html`<label class="button upload ${variant}">
      ${icons.upload}<span>${this.t.uploadInstead}</span>
      <input
        type="file"
        accept=${uploadTypes.join(',')}
        @change=${(e: Event) => this.onUpload(kind, e)}
      />
    </label>`;
  }

  private renderFallback(kind: CaptureKind, capture: CaptureView): TemplateResult {
    const t = this.t;
    const fallback = capture.fallback!;
    return html`<div class="screen">
      <div class="hero warning" aria-hidden="true">${icons.camera}</div>
      <h2 tabindex="-1">${fallback.title}</h2>
      <p part="error">${fallback.body}</p>
      ${capture.uploadError ? html`<p class="error-text" role="alert">${capture.uploadError}</p>` : nothing}
      ${this.showHandoffInCapture ? this.renderHandoffPanel() : nothing}
      <div class="spacer"></div>
      <div class="actions">
        ${
          fallback.canRetry
            ? html`<button type="button" @click=${() => this.startCapture(kind)}>
                ${t.tryAgain}
              </button>`
            : nothing
        }
        ${fallback.allowUpload ? this.renderUploadButton(kind, 'secondary') : nothing}
        ${
          this.showHandoffInCapture
            ? nothing
            : html`<button
                type="button"
                class="secondary"
                @click=${() => {
                  this.showHandoffInCapture = true;
                  void this.offerHandoff(false);
                }}
              >
                ${icons.phone}${t.handoffOtherDevice}
              </button>`
        }
      </div>
    </div>`;
  }

  private renderResult(): TemplateResult {
    const t = this.t;
    const success = this.result === 'success';
    const callbackUrl = safeUrl(this.session?.callbackUrl);
    return html`<div class="screen">
      <div class="hero ${success ? 'success' : 'danger'}" aria-hidden="true">
        ${success ? icons.check : icons.cross}
      </div>
      <h2 tabindex="-1">${success ? t.successTitle : t.failedTitle}</h2>
      <p class="muted" role="status">${success ? t.successBody : t.failedBody}</p>
      <div class="spacer"></div>
      ${
        callbackUrl
          ? html`${this.redirectPending ? html`<p class="status-line">${t.redirecting}</p>` : nothing}
              <div class="actions"><a class="button" href=${callbackUrl}>${t.continue}</a></div>`
          : nothing
      }
    </div>`;
  }

  private renderStop(): TemplateResult {
    const stop = this.stop;
    const icon =
      stop?.kind === 'expired'
        ? icons.clock
        : stop?.kind === 'cancelled'
          ? icons.close
          : icons.alert;
    return html`<div class="screen">
      <div class="hero ${stop?.kind === 'cancelled' ? '' : 'danger'}" aria-hidden="true">
        ${icon}
      </div>
      <h2 tabindex="-1">${stop?.title}</h2>
      <p part="error" class="muted" role="alert">${stop?.body}</p>
      <div class="spacer"></div>
      ${
        stop?.canRetry
          ? html`<div class="actions">
              <button type="button" @click=${() => this.begin()}>${this.t.tryAgain}</button>
            </div>`
          : nothing
      }
    </div>`;
  }
}

function readStorage(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeStorage(key: string, value: string): void {
  try {
    sessionStorage.setItem(key, value);
  } catch {
    // Storage may be blocked (sandboxed frames); resuming after a reload is then unavailable.
  }
}
