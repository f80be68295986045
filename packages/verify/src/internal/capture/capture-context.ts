/**
 * What the document and selfie controllers may ask of the capture step they run in (implemented by
 * `CaptureController`): the screen's view, the open camera, the photo under review and the answer
 * handling shared by every capture. They receive this interface, not the controller, so neither
 * imports the other.
 */
import type { CaptureKind, CaptureOrigin, CaptureResult } from '../../api/types.js';
import type { CameraSession } from '../../capture-source.js';
import type { FlowContext } from '../flow/flow-context.js';
import type { CaptureText } from './capture-text.js';
import type { CaptureView, PendingPhoto } from './capture-view.js';

/** The capture step, as a capture feature sees it. */
export interface CaptureContext {
  /** The flow the capture runs in. */
  readonly flow: FlowContext;
  /** What the capture screen shows. */
  view: CaptureView;
  /** The open camera, if any. */
  readonly camera: CameraSession | undefined;
  /** The photo waiting for review, if any. */
  readonly photoUnderReview: PendingPhoto | undefined;
  /** Whether the company lets a selfie without a live challenge pass (`allowUploadedSelfie`). */
  readonly withoutChallengeAllowed: boolean;
  /** The capture strings of the document in force. */
  readonly captureText: CaptureText;
  /** Ends the loop in force (its signal aborts): a photo was taken, or the capture restarts. */
  endLoop(): void;
  /** Releases the camera. */
  stopCamera(): void;
  /** Shows a document photo for review. */
  showReview(photo: PendingPhoto): void;
  /** Forgets the photo under review (it was sent). */
  clearReview(): void;
  /** Why a photo cannot be used, in the person's language (`undefined` for other errors). */
  refusalMessage(error: unknown): string | undefined;
  /** The service answered a capture: next capture, result, or a retry with its reason. */
  onResult(kind: CaptureKind, origin: CaptureOrigin, result: CaptureResult): void;
  /** A capture was not taken by the service: the screen that fits the reason. */
  onFailure(kind: CaptureKind, error: unknown): Promise<void>;
  /** The selfie's live face check cannot run here and the company requires it. */
  showFaceCheckUnavailable(): void;
}
