/** The coded error `IdvVerify` methods reject with. */
import type { IdvVerifyErrorCode } from './definitions.js';

/**
 * A failure of the plugin, with a stable `code` to branch on (the message is for people and may
 * change).
 *
 * @example
 * try {
 *   const { status } = await IdvVerify.start({ linkUrl });
 * } catch (error) {
 *   if (error instanceof IdvVerifyError && error.code === 'CANCELLED') showStartAgain();
 * }
 */
export class IdvVerifyError extends Error {
  override readonly name = 'IdvVerifyError';

  constructor(
    /** Why it failed. */
    readonly code: IdvVerifyErrorCode,
    message: string,
  ) {
    super(message);
  }
}
