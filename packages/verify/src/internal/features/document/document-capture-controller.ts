/**
 * The document sides: scores live camera frames in the worker, coaches the person ("move closer",
 * "glare", "hold still") and takes the photo once the frame has been good and still long enough;
 * a manual button appears after a while. Also takes uploaded files and sends the reviewed photo.
 */
import { DocumentCoach } from './document-coach.js';
import { IdvQualityEvent } from '../../../events/index.js';
import { frameAfterFailedEncode } from '../../worker-bridge/worker-bridge.js';
import type { DocumentFrameAnalysis, DocumentIssue } from '../../../worker/types.js';
import { encodeOnMainThread, nextFrame } from '../../capture/frames.js';
import { loadCaptureTools } from '../../capture/capture-tools.js';
import {
  holdAnalysedFrame,
  keptBitmap,
  releaseAnalysedFrame,
  isUsable,
  type AnalysedFrame,
} from '../../capture/analysed-frame.js';
import { documentJpegQuality, manualCaptureAfterMs } from './meta.js';
import type { CaptureContext } from '../../capture/capture-context.js';
import type { WorkerBridge } from '../../worker-bridge/worker-bridge.js';

/** A side of the document. */
export type DocumentSide = 'front' | 'back';

/** Captures and sends the document sides. */
export class DocumentCaptureController {
  constructor(private readonly capture: CaptureContext) {}

  /** The coaching loop over live frames, until `loop` aborts. */
  async run(side: DocumentSide, loop: AbortSignal): Promise<void> {
    const capture = this.capture;
    const flow = capture.flow;
    const bridge = flow.open?.bridge;
    if (!bridge) return;
    const coach = new DocumentCoach();
    const startedAt = performance.now();
    let facesPrepared = false;
    capture.view = { phase: 'live', coach: flow.t.documentCoach['no-document'], quad: null };
    while (!loop.aborted && capture.camera) {
      const camera = capture.camera;
      // One frame held per iteration: the photo taken is the frame analysed.
      let frame: AnalysedFrame | undefined;
      let analysis: DocumentFrameAnalysis;
      try {
        frame = await holdAnalysedFrame(camera);
        analysis = await bridge.analyzeDocumentFrame(frame.forAnalysis, flow.signal);
      } catch {
        // The analysis copy too: it was not transferred when the bridge failed before sending it.
        releaseAnalysedFrame(frame);
        if (loop.aborted) return;
        // No worker or no frame: coaching is unavailable, the manual button takes over.
        capture.view = {
          ...capture.view,
          manual: true,
          coach: capture.captureText.captureInstructions[side],
        };
        return;
      }
      if (loop.aborted) {
        releaseAnalysedFrame(frame);
        return;
      }
      flow.emit(new IdvQualityEvent({ kind: side, document: analysis }));
      // Once the person is coached, the face models load while they photograph the document.
      if (!facesPrepared) {
        facesPrepared = true;
        this.prepareSelfie();
      }
      const now = performance.now();
      const advice = coach.advise(analysis, now);
      const manual = now - startedAt > manualCaptureAfterMs;
      if (advice.kind === 'ready') {
        capture.endLoop();
        await this.review(side, bridge, await keptBitmap(frame), analysis);
        return;
      }
      releaseAnalysedFrame(frame);
      capture.view = {
        phase: 'live',
        // A refused upload stays explained while the camera keeps coaching.
        uploadError: capture.view.uploadError,
        quad: analysis.documentQuad,
        manual,
        good: advice.kind === 'hold',
        holdProgress: advice.kind === 'hold' ? advice.progress : 0,
        coach:
          advice.kind === 'issue'
            ? flow.t.documentCoach[advice.issue as DocumentIssue]
            : advice.progress > 0
              ? flow.t.documentGood
              : flow.t.holdStill,
      };
      await nextFrame();
    }
  }

  /**
   * Loads the face models in the worker when a selfie follows, so that they are ready when the
   * selfie step opens (a second call, on the next side or at the upload, costs nothing once loaded
   * and reloads them when the idle worker was stopped in between). A failure is the selfie's to
   * handle, when it comes.
   */
  private prepareSelfie(): void {
    const flow = this.capture.flow;
    if (!flow.requiredCaptures.includes('selfie')) return;
    flow.open?.bridge.prepareFaceDetection(flow.signal).catch(() => undefined);
  }

  /**
   * The manual button: takes the current camera frame for review. No analysis describes that frame,
   * so none is sent with it.
   */
  readonly takePhoto = async (side: DocumentSide): Promise<void> => {
    const capture = this.capture;
    const camera = capture.camera;
    const bridge = capture.flow.open?.bridge;
    if (!camera || !bridge) return;
    capture.endLoop();
    await this.review(side, bridge, await camera.grabFrame(), null);
  };

  /**
   * Encodes a full-resolution camera frame and shows it for review. `analysis` is the worker's
   * analysis of this very frame (auto-capture), or `null` (the manual button): the quality sent in
   * `meta` always describes the photo sent.
   */
  private async review(
    side: DocumentSide,
    bridge: WorkerBridge,
    frame: ImageBitmap,
    analysis: DocumentFrameAnalysis | null,
  ): Promise<void> {
    const capture = this.capture;
    const flow = capture.flow;
    let encoded: Blob;
    let quality = analysis;
    try {
      encoded = await bridge.encodeJpeg(frame, documentJpegQuality, flow.signal);
    } catch (error) {
      // The worker failed. It hands back a frame it took but could not encode; a frame lost with
      // it (aborted) is replaced by a new one, which no analysis describes.
      let photo = frameAfterFailedEncode(error, frame);
      if (!isUsable(photo)) {
        if (!capture.camera) throw error;
        photo = await capture.camera.grabFrame();
        quality = null;
      }
      encoded = await encodeOnMainThread(photo, documentJpegQuality);
    }
    capture.stopCamera();
    if (flow.step !== side) return;
    // A camera frame is far inside the limits; checked all the same (a 8K camera would not be).
    const { fitForUpload, documentMeta } = await loadCaptureTools();
    const { blob, width, height } = await fitForUpload(encoded);
    capture.showReview({
      blob,
      origin: 'camera',
      meta: documentMeta({
        source: 'camera',
        quality,
        width,
        height,
        autoCaptured: analysis !== null,
      }),
    });
  }

  /** A file chosen with the upload button. */
  readonly upload = async (side: DocumentSide, event: Event): Promise<void> => {
    const capture = this.capture;
    const t = capture.flow.t;
    const input = event.target as HTMLInputElement;
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    const { fitForUpload, documentMeta } = await loadCaptureTools();
    let photo;
    try {
      photo = await fitForUpload(file);
    } catch (error) {
      capture.view = {
        ...capture.view,
        uploadError: capture.refusalMessage(error) ?? t.uploadFailed,
      };
      return;
    }
    const { blob, width, height } = photo;
    capture.stopCamera();
    capture.endLoop();
    capture.showReview({
      blob,
      origin: 'upload',
      meta: documentMeta({ source: 'upload', quality: null, width, height, autoCaptured: false }),
    });
  };

  /** Sends the photo under review. */
  readonly send = async (side: DocumentSide): Promise<void> => {
    const capture = this.capture;
    const flow = capture.flow;
    const photo = capture.photoUnderReview;
    const open = flow.open;
    if (!photo || !open) return;
    capture.view = { phase: 'sending', coach: capture.captureText.checking[side] };
    this.prepareSelfie();
    try {
      const result = await open.client.uploadDocument(side, photo.blob, photo.meta);
      capture.clearReview();
      capture.onResult(side, photo.origin, result);
    } catch (error) {
      await capture.onFailure(side, error);
    }
  };
}
