/**
 * Timings and thresholds of the document capture: when the manual button appears, how long a good
 * frame must be held, what counts as still, and the JPEG quality of the photo sent.
 */

/** Time after which the manual capture button appears (ms). */
export const manualCaptureAfterMs = 8000;

/** JPEG quality of a document photo (the OCR reads it). */
export const documentJpegQuality = 0.92;

/** How long the document must stay good and still before it is taken (ms). */
export const documentHoldMs = 700;

/**
 * Largest corner movement between two frames that still counts as "still", as a share of the
 * document's diagonal: a hand's tremor (and a one-pixel jitter of the detected border) stays well
 * below it on a near card as on a far one, a card being moved into place does not.
 */
export const stillTolerance = 0.04;
