/**
 * Camera frames that reach the worker as `VideoFrame`s: the element holds the frame of the
 * analysed instant without copying its pixels and sends the worker a clone (same pixels, no copy);
 * the worker scales it to the analysis size here, off the main thread.
 */
import type { AnalysisInput, FrameInput } from './types.js';

/** Width (px) at which frames are analysed: the scale the worker's thresholds were calibrated on. */
export const analysisWidth = 640;

/** True for a `VideoFrame` (absent from browsers without WebCodecs). */
export function isVideoFrame(frame: AnalysisInput): frame is VideoFrame {
  return typeof VideoFrame === 'function' && frame instanceof VideoFrame;
}

/**
 * The frame to analyse: a `VideoFrame` scaled to `analysisWidth` (with the cheap filter the
 * camera's own analysis-size grabs use) and closed; any other frame as it is.
 */
export async function analysable(frame: AnalysisInput): Promise<FrameInput> {
  if (!isVideoFrame(frame)) return frame;
  try {
    const { displayWidth, displayHeight } = frame;
    const width = Math.min(analysisWidth, displayWidth);
    return await createImageBitmap(frame, {
      resizeWidth: width,
      resizeHeight: Math.max(1, Math.round((displayHeight * width) / displayWidth)),
      resizeQuality: 'low',
    });
  } finally {
    frame.close();
  }
}
