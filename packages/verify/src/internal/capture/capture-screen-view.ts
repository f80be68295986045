/**
 * What the capture screens (live camera, review, retry, fallback, platform photo) read and do: the
 * shared screen view, the capture step's state and actions, the hand-off panel of the fallback and
 * whether the document is a passport. Built by the element from the capture controller.
 */
import type { CaptureKind } from '../../api/types.js';
import type { CameraSession } from '../../capture-source.js';
import type { DocumentCaptureController } from '../features/document/document-capture-controller.js';
import type { HandoffPanelView } from '../features/handoff/handoff-panel.js';
import type { SelfieCaptureController } from '../features/selfie/selfie-capture-controller.js';
import type { ScreenView } from '../ui/screen-view.js';
import type { CaptureText } from './capture-text.js';
import type { CaptureView } from './capture-view.js';

/** The capture step as its screens see it. */
export interface CaptureStepView {
  /** What the capture screen shows. */
  readonly view: CaptureView;
  /** The open camera, if any (its `view` is the live preview). */
  readonly camera: CameraSession | undefined;
  /** The capture strings of the document in force. */
  readonly captureText: CaptureText;
  /** True when the camera fallback screen shows the hand-off panel. */
  readonly handoffShown: boolean;
  readonly document: Pick<DocumentCaptureController, 'send' | 'upload' | 'takePhoto'>;
  /** The selfie controller, once its chunk has loaded. */
  readonly selfie: Pick<SelfieCaptureController, 'takeManually'> | undefined;
  start(kind: CaptureKind): Promise<void>;
  showHandoff(): void;
  retake(kind: CaptureKind): void;
  takeNativePhoto(kind: CaptureKind, fromGallery?: boolean): Promise<void>;
}

/** Everything a capture screen receives. */
export interface CaptureScreenView extends ScreenView {
  readonly capture: CaptureStepView;
  readonly handoff: HandoffPanelView;
  /** True when the person shows a passport (its photo page is the `front`). */
  readonly passport: boolean;
}
