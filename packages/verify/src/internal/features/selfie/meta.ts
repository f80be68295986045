/**
 * Thresholds of the selfie capture: which frames are kept and sent, at what size and JPEG quality.
 * The liveness challenge's own clock and blink rule stay with its logic in `liveness-challenge.ts`,
 * a lazy chunk: here they would join the initial bundle, which has no byte to spare.
 */

/** JPEG quality of a selfie frame. */
export const selfieJpegQuality = 0.9;
/** Width of the frames kept for sending (px). */
export const keptFrameWidth = 1280;
/** Most frames sent. */
export const maxSentFrames = 5;
/**
 * Frames kept per role: the best frontal ones, the best of the challenge and, after a blink, the
 * frame with the eyes open again.
 */
export const keptPerRole: Readonly<Record<'frontal' | 'challenge' | 'reopened', number>> = {
  frontal: 2,
  challenge: 1,
  reopened: 1,
};
