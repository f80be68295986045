/** What a capture screen shows, and the photo waiting for review. */
import type { CaptureOrigin, DocumentCaptureMeta } from '../../api/types.js';
import type { Quad } from '../../worker/types.js';

/** Phases of a capture screen. */
export type CapturePhase =
  'starting' | 'live' | 'review' | 'sending' | 'retry' | 'fallback' | 'photo';

/** Why the camera cannot be used, and what the person can do instead. */
export interface CameraFallback {
  code: string;
  title: string;
  body: string;
  allowUpload: boolean;
  canRetry: boolean;
  /** True when the source can open the settings page where the camera can be allowed. */
  openSettings: boolean;
}

/** What a capture screen shows. */
export interface CaptureView {
  phase: CapturePhase;
  coach?: string;
  good?: boolean;
  holdProgress?: number;
  quad?: Quad | null;
  manual?: boolean;
  reviewUrl?: string;
  retry?: { message: string; remaining: number };
  fallback?: CameraFallback;
  uploadError?: string;
}

/** A document photo waiting for review. */
export interface PendingPhoto {
  blob: Blob;
  origin: CaptureOrigin;
  meta: DocumentCaptureMeta;
}
