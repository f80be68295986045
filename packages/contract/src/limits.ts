/**
 * Numeric limits both ends of a wire enforce (the server refuses past them, the element and the
 * SDK stay within them). Plain constants: this entry (`@idv/contract/limits`) imports nothing, so
 * a browser bundle that reads a limit does not pull in TypeBox.
 */

/** Largest upload of one capture image, bytes: 10 MB (DESIGN §5). */
export const CAPTURE_MAX_BYTES = 10 * 1024 * 1024;

/** Most selfie frames per attempt (DESIGN §5). */
export const MAX_SELFIE_FRAMES = 5;
