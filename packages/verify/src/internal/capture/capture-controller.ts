/**
 * The capture steps (front, back, selfie): opens the camera for live coaching (handing the frames
 * to the document or the selfie controller), or the platform's photo screen when the source has
 * no live frames; falls back to upload and hand-off when the camera cannot run; keeps the photo
 * under review; turns the service's answer into the next screen. The camera stops whenever the
 * step changes, the element leaves the page or the page is hidden.
 */
import type { CaptureKind, CaptureOrigin, CaptureResult } from '../../api/types.js';
import { CaptureSourceError, type CameraSession } from '../../capture-source.js';
import { hasGetUserMedia } from '../../web-capture-source.js';
import { uploadRefusalMessage } from './upload-refusal.js';
import { loadCaptureTools } from './capture-tools.js';
import { showCaptureFailure, showCaptureResult } from './capture-answers.js';
import { cameraFallback, faceCheckUnavailable } from './camera-fallback-copy.js';
import type { CaptureContext } from './capture-context.js';
import { captureTextFor, type CaptureText } from './capture-text.js';
import { sameCaptureView, type CaptureView, type PendingPhoto } from './capture-view.js';
import { DocumentCaptureController } from '../features/document/document-capture-controller.js';
import type { FlowContext } from '../flow/flow-context.js';
import { HostState } from '../flow/host-state.js';
import type { SelfieCaptureController } from '../features/selfie/selfie-capture-controller.js';

/** Runs the capture screens. */
export class CaptureController implements CaptureContext {
  /** The document sides. */
  readonly document: DocumentCaptureController;
  /**
   * The selfie and its liveness challenge, once loaded: a lazy chunk (most of the element's capture
   * code), loaded ahead while the document is photographed.
   */
  selfie: SelfieCaptureController | undefined;
  private selfieLoading: Promise<SelfieCaptureController> | undefined;
  /** The open camera, if any. */
  camera: CameraSession | undefined;
  private readonly viewState: HostState<CaptureView>;
  private readonly handoffState: HostState<boolean>;
  private pendingPhoto: PendingPhoto | undefined;
  /** Aborts the capture loop in force (a photo was taken, the capture restarts or stops). */
  private loop = new AbortController();

  constructor(readonly flow: FlowContext) {
    flow.host.addController(this);
    this.viewState = new HostState<CaptureView>(flow.host, { phase: 'starting' });
    this.handoffState = new HostState(flow.host, false);
    this.document = new DocumentCaptureController(this);
  }

  hostConnected(): void {
    document.addEventListener('visibilitychange', this.onVisibilityChange);
  }

  hostDisconnected(): void {
    document.removeEventListener('visibilitychange', this.onVisibilityChange);
  }

  /** What the capture screen shows. */
  get view(): CaptureView {
    return this.viewState.value;
  }

  /** Replaces what the screen shows; a view that shows the same (`sameCaptureView`) is ignored. */
  set view(view: CaptureView) {
    if (!sameCaptureView(this.viewState.value, view)) this.viewState.value = view;
  }

  /** True when the camera fallback screen shows the hand-off panel. */
  get handoffShown(): boolean {
    return this.handoffState.value;
  }

  /**
   * Whether the company lets a selfie without a live challenge pass (`allowUploadedSelfie`): only
   * then does the element offer the manual button or the platform camera for the selfie.
   */
  get withoutChallengeAllowed(): boolean {
    return this.flow.open?.session.company.allowUploadedSelfie === true;
  }

  /** Loads the selfie controller (once; a failed load is tried again on the next call). */
  private loadSelfie(): Promise<SelfieCaptureController> {
    this.selfieLoading ??= import('../features/selfie/selfie-capture-controller.js').then(
      ({ SelfieCaptureController }) => (this.selfie = new SelfieCaptureController(this)),
      (error: unknown) => {
        this.selfieLoading = undefined;
        throw error;
      },
    );
    return this.selfieLoading;
  }

  /** Runs the selfie's loop once its controller has loaded. */
  private async runSelfie(loop: AbortSignal): Promise<void> {
    const selfie = await this.loadSelfie();
    if (!loop.aborted) await selfie.run(loop);
  }

  /** The capture strings of the document in force. */
  get captureText(): CaptureText {
    return captureTextFor(this.flow.t, this.flow.open?.session);
  }

  /** Ends the loop in force (a photo was taken, or the capture restarts). */
  endLoop(): void {
    this.loop.abort();
  }

  /** Starts a new capture loop and answers its signal (aborted once the loop ends). */
  private newLoop(): AbortSignal {
    this.loop.abort();
    this.loop = new AbortController();
    return this.loop.signal;
  }

  /** Starts the capture screen of `kind`. */
  readonly start = async (kind: CaptureKind): Promise<void> => {
    const flow = this.flow;
    this.stopCamera();
    this.handoffState.value = false;
    this.pendingPhoto = undefined;
    const loop = this.newLoop();
    const source = flow.source;
    if (this.flow.requiredCaptures.includes('selfie'))
      void this.loadSelfie().catch(() => undefined);
    if (!source.liveFrames && !(kind === 'selfie' && source.liveSelfie === true)) {
      // The platform camera takes a selfie without a live challenge: only where the company
      // lets such a selfie pass (the service refuses it otherwise).
      if (kind === 'selfie' && !this.withoutChallengeAllowed) this.showFaceCheckUnavailable();
      else this.view = { phase: 'photo' };
      return;
    }
    this.view = { phase: 'starting', coach: flow.t.startingCamera };
    if (flow.device.inAppBrowser && source.kind === 'web' && !hasGetUserMedia()) {
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
      if (!loop.aborted) await this.showCameraFallback(kind, error);
      return;
    }
    if (loop.aborted || flow.step !== kind || document.visibilityState === 'hidden') {
      camera.stop();
      return;
    }
    this.camera = camera;
    if (kind === 'selfie') void this.runSelfie(loop);
    else void this.document.run(kind, loop);
  };

  /** The camera cannot run: offers upload (documents) and hand-off, and reports why. */
  async showCameraFallback(kind: CaptureKind, error: unknown): Promise<void> {
    const flow = this.flow;
    const fallback = cameraFallback(kind, error, flow.t, flow.source, flow.device);
    this.view = { phase: 'fallback', fallback };
    const { code } = fallback;
    await flow.reportClientError(code, error instanceof Error ? error.message : code, true);
  }

  /**
   * The selfie's live face check cannot run here (no live camera, no face models) and the company
   * does not take a selfie without it: the person may try again or continue on another device.
   */
  showFaceCheckUnavailable(): void {
    this.endLoop();
    this.stopCamera();
    this.view = { phase: 'fallback', fallback: faceCheckUnavailable(this.flow.t) };
  }

  /** Shows the hand-off panel on the camera fallback screen. */
  readonly showHandoff = (): void => {
    this.handoffState.value = true;
    void this.flow.offerHandoff(false);
  };

  /**
   * A photo from the platform's own camera or picker (a source without live frames): documents
   * go to review, a selfie is sent as it is.
   */
  readonly takeNativePhoto = async (kind: CaptureKind, fromGallery = false): Promise<void> => {
    const source = this.flow.source;
    const facing = kind === 'selfie' ? 'user' : 'environment';
    const origin: CaptureOrigin = fromGallery ? 'upload' : 'native';
    try {
      const taken = fromGallery ? await source.pickPhoto?.() : await source.takePhoto?.({ facing });
      if (!taken) return;
      const { fitForUpload, documentMeta } = await loadCaptureTools();
      const { blob, width, height } = await fitForUpload(taken);
      if (kind === 'selfie') {
        if (this.withoutChallengeAllowed) await (await this.loadSelfie()).sendPhoto(blob, 'native');
        return;
      }
      this.showReview({
        blob,
        origin,
        meta: documentMeta({ source: origin, quality: null, width, height, autoCaptured: false }),
      });
    } catch (error) {
      // The person closed the camera or the picker: the photo screen stays as it was.
      if (error instanceof CaptureSourceError && error.code === 'cancelled') return;
      const refusal = this.refusalMessage(error);
      if (refusal) {
        this.view = { ...this.view, uploadError: refusal };
        return;
      }
      await this.showCameraFallback(kind, error);
    }
  };

  /** Why a photo cannot be used, in the person's language (`undefined` for other errors). */
  refusalMessage(error: unknown): string | undefined {
    return uploadRefusalMessage(error, this.flow.t);
  }

  /** The photo waiting for review, if any. */
  get photoUnderReview(): PendingPhoto | undefined {
    return this.pendingPhoto;
  }

  /** Shows a document photo for review. */
  showReview(photo: PendingPhoto): void {
    this.revokeReview();
    this.pendingPhoto = photo;
    this.view = { phase: 'review', reviewUrl: URL.createObjectURL(photo.blob) };
  }

  /** Forgets the photo under review (it was sent). */
  clearReview(): void {
    this.revokeReview();
    this.pendingPhoto = undefined;
  }

  /** The person wants another photo. */
  readonly retake = (kind: CaptureKind): void => {
    this.clearReview();
    void this.start(kind);
  };

  /** The service answered a capture: next capture, result, or a retry with its reason. */
  onResult(kind: CaptureKind, origin: CaptureOrigin, result: CaptureResult): void {
    showCaptureResult(this, kind, origin, result);
  }

  /** A capture was not taken by the service: the screen that fits the reason. */
  onFailure(kind: CaptureKind, error: unknown): Promise<void> {
    return showCaptureFailure(this, kind, error);
  }

  /** Releases the camera. */
  stopCamera(): void {
    this.camera?.stop();
    this.camera = undefined;
  }

  /** Ends the loops, releases the camera and the review image. */
  teardown(): void {
    this.loop.abort();
    this.stopCamera();
    this.revokeReview();
  }

  private revokeReview(): void {
    if (this.view.reviewUrl) URL.revokeObjectURL(this.view.reviewUrl);
  }

  private readonly onVisibilityChange = (): void => {
    const step = this.flow.step;
    const capturing = step === 'front' || step === 'back' || step === 'selfie';
    if (document.visibilityState === 'hidden') {
      if (this.camera) {
        this.stopCamera();
        this.loop.abort();
      }
    } else if (
      capturing &&
      (this.view.phase === 'live' || this.view.phase === 'starting') &&
      !this.camera
    ) {
      void this.start(step);
    }
  };
}
