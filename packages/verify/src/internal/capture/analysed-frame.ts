/**
 * One camera frame held for the worker's analysis: what the capture loops keep (and what its
 * metadata describes) is then the very picture that was analysed, not a later grab. Where the
 * camera gives `VideoFrame`s (the web source), the frame is held at full resolution without a
 * copy, the worker gets a clone (no copy either) and scales it itself, and the full-resolution
 * bitmap is made only for a frame the analysis keeps. Elsewhere the frame is grabbed at the
 * resolution to keep with a smaller copy for the worker.
 */
import type { CameraSession } from '../../capture-source.js';
import { analysisWidth } from '../../worker/video-frame.js';

export { analysisWidth };

/** A camera frame and its analysis input. */
export interface AnalysedFrame {
  /**
   * The frame at full resolution (a `VideoFrame`), or a bitmap at the resolution to keep; turned
   * into the photo by `keptBitmap`, or let go with `releaseAnalysedFrame`.
   */
  readonly full: ImageBitmap | VideoFrame;
  /**
   * The same frame for the worker, which takes it (transfer) and closes it: a clone of the
   * `VideoFrame`, or a bitmap scaled down to `analysisWidth` (the full frame when no wider).
   */
  readonly forAnalysis: ImageBitmap | VideoFrame;
  /** Width of the photo to keep (px), or the full resolution without it. */
  readonly width?: number | undefined;
}

/** An analysed frame grabbed as bitmaps (a camera without `VideoFrame`s). */
export interface GrabbedFrame extends AnalysedFrame {
  readonly full: ImageBitmap;
  readonly forAnalysis: ImageBitmap;
}

/**
 * Holds the current frame of `camera` for analysis; the photo it may become is `width` pixels
 * wide (the full resolution without it). With `VideoFrame`s nothing is copied here; otherwise
 * `grabAnalysedFrame`.
 */
export async function holdAnalysedFrame(
  camera: CameraSession,
  width?: number,
): Promise<AnalysedFrame> {
  if (typeof VideoFrame === 'function' && camera.grabVideoFrame) {
    const full = camera.grabVideoFrame();
    return { full, forAnalysis: full.clone(), width };
  }
  return grabAnalysedFrame(camera, width);
}

/**
 * Grabs the current frame of `camera` at `width` pixels wide (the full resolution without it) and
 * an analysis copy of it. The copy is scaled with the same cheap filter the camera used for its own
 * analysis-size grabs, so the worker sees what it was calibrated on.
 */
export async function grabAnalysedFrame(
  camera: CameraSession,
  width?: number,
): Promise<GrabbedFrame> {
  const full = await camera.grabFrame(width ? { width } : {});
  try {
    const forAnalysis =
      full.width <= analysisWidth
        ? await createImageBitmap(full)
        : await createImageBitmap(full, {
            resizeWidth: analysisWidth,
            resizeHeight: Math.max(1, Math.round((full.height * analysisWidth) / full.width)),
            resizeQuality: 'low',
          });
    return { full, forAnalysis, width };
  } catch (error) {
    full.close();
    throw error;
  }
}

/**
 * The photo of an analysed frame that the loop keeps: a bitmap of that very instant at the width
 * to keep (the only full-resolution copy the loops make). Whatever else the frame held is closed.
 */
export async function keptBitmap(frame: AnalysedFrame): Promise<ImageBitmap> {
  const { full, width } = frame;
  if (!('displayWidth' in full)) {
    frame.forAnalysis.close();
    return full;
  }
  try {
    if (!width || width >= full.displayWidth) return await createImageBitmap(full);
    return await createImageBitmap(full, {
      resizeWidth: width,
      resizeHeight: Math.max(1, Math.round((full.displayHeight * width) / full.displayWidth)),
      resizeQuality: 'low',
    });
  } finally {
    releaseAnalysedFrame(frame);
  }
}

/**
 * Lets go of everything `frame` holds: what every path that drops a frame does. Safe on a frame
 * already closed or transferred to the worker (closing it again does nothing), and without a
 * frame (the grab itself failed).
 */
export function releaseAnalysedFrame(frame: AnalysedFrame | undefined): void {
  frame?.full.close();
  frame?.forAnalysis.close();
}

/** True while `bitmap` still holds pixels (neither closed nor transferred to the worker). */
export function isUsable(bitmap: ImageBitmap | VideoFrame): boolean {
  return 'format' in bitmap ? bitmap.format !== null : bitmap.width > 0 && bitmap.height > 0;
}
