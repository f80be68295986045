/**
 * One camera frame grabbed at the resolution to keep, with a smaller copy of that same frame for
 * the worker's analysis: what the capture loops keep (and what its metadata describes) is then the
 * very picture that was analysed, not a later grab.
 */
import type { CameraSession } from '../../capture-source.js';

/** Width of the copy the worker analyses (px): the scale its thresholds were calibrated on. */
export const analysisWidth = 640;

/** A camera frame and its analysis copy. */
export interface AnalysedFrame {
  /** The frame at the resolution to keep; the caller closes it (or transfers it) when done. */
  readonly full: ImageBitmap;
  /**
   * The same frame scaled down to `analysisWidth` (the full frame itself when it is no wider), for
   * the worker, which takes it (transfer) and closes it.
   */
  readonly forAnalysis: ImageBitmap;
}

/**
 * Grabs the current frame of `camera` at `width` pixels wide (the full resolution without it) and
 * an analysis copy of it. The copy is scaled with the same cheap filter the camera used for its own
 * analysis-size grabs, so the worker sees what it was calibrated on.
 */
export async function grabAnalysedFrame(
  camera: CameraSession,
  width?: number,
): Promise<AnalysedFrame> {
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
    return { full, forAnalysis };
  } catch (error) {
    full.close();
    throw error;
  }
}

/**
 * Lets go of both bitmaps of `frame`: what every path that drops a frame does. Safe on a bitmap
 * already closed or transferred to the worker (closing it again does nothing), and without a frame
 * (the grab itself failed).
 */
export function releaseAnalysedFrame(frame: AnalysedFrame | undefined): void {
  frame?.full.close();
  frame?.forAnalysis.close();
}

/** True while `bitmap` still holds pixels (neither closed nor transferred to the worker). */
export function isUsable(bitmap: ImageBitmap): boolean {
  return bitmap.width > 0 && bitmap.height > 0;
}
