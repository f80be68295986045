/**
 * Numeric limits both ends of a wire enforce (the server refuses past them, the element, its
 * double and the SDK stay within them). Plain constants: this entry (`@idv/contract/limits`)
 * imports nothing, so a browser bundle that reads a limit does not pull in TypeBox.
 */

/** Largest upload of one capture image, bytes: 10 MB (DESIGN §5). */
export const CAPTURE_MAX_BYTES = 10 * 1024 * 1024;
/** Largest capture image, pixels: 40 megapixels, checked by decoding. */
export const CAPTURE_MAX_PIXELS = 40_000_000;
/** Smallest side of a capture image, px. */
export const CAPTURE_MIN_SIDE = 64;
/** Largest `meta` part of a capture upload (JSON text), bytes. */
export const CAPTURE_META_MAX_BYTES = 64 * 1024;

/** Most selfie frames per attempt (DESIGN §5). */
export const MAX_SELFIE_FRAMES = 5;
/** Longest selfie challenge, ms (`meta.challenge.durationMs`, and each sample's `t`). */
export const SELFIE_CHALLENGE_MAX_MS = 600_000;
/** Most samples of a selfie challenge (`meta.challenge.samples`). */
export const SELFIE_CHALLENGE_MAX_SAMPLES = 600;

/** Attempts per capture step (DESIGN §4): `remainingRetries` of a new verification. */
export const RETRIES_PER_STEP = 3;

/** Attempts per webhook delivery (spec: Delivery). */
export const WEBHOOK_MAX_ATTEMPTS = 3;
/** Pause between two attempts of a webhook delivery, ms (spec: 100 ms apart). */
export const WEBHOOK_RETRY_DELAY_MS = 100;
