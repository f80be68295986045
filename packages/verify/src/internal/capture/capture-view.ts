/** What a capture screen shows (and when two views show the same), and the photo to review. */
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

/**
 * True when `a` and `b` show the same screen: every field the same (`===`), the document outline
 * the same corners. The live loops describe the screen afresh for every analysed frame; a frame
 * that changes nothing on it must not cost a render.
 */
export function sameCaptureView(a: CaptureView, b: CaptureView): boolean {
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].every(
    (key) =>
      a[key as keyof CaptureView] === b[key as keyof CaptureView] ||
      (key === 'quad' && JSON.stringify(a.quad) === JSON.stringify(b.quad)),
  );
}
