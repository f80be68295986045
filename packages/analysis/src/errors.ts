/** Codes of {@link AnalysisInputError}. */
export type AnalysisInputErrorCode =
  | 'IDV_ERR_NOT_AN_IMAGE'
  | 'IDV_ERR_IMAGE_TOO_LARGE'
  | 'IDV_ERR_IMAGE_TOO_SMALL'
  | 'IDV_ERR_IMAGE_CORRUPT'
  | 'IDV_ERR_BAD_REQUEST';

/**
 * Bad input: the request cannot be analysed at all (not an image, too large, truncated…).
 * A valid image that shows no document or no face is not an error but a negative answer.
 *
 * @example
 * ```ts
 * try { await engine.analyzeFront(bytes); }
 * catch (e) { if (e instanceof AnalysisInputError) reply.code(e.status).send({ type: 'ErrorResponse', message: e.message }); }
 * ```
 */
export class AnalysisInputError extends Error {
  override readonly name = 'AnalysisInputError';

  constructor(
    readonly code: AnalysisInputErrorCode,
    message: string,
    /** HTTP status to answer with: 400 unreadable, 413 too large, 422 readable but unusable. */
    readonly status: 400 | 413 | 422,
  ) {
    super(message);
  }
}

/**
 * A remote analysis service refused or failed a call (HTTP client only): 401 bad key, 429 quota,
 * 5xx, a network error (`status` 0: no answer arrived) or an answer outside the contract (`status`
 * 502: a service of another version).
 */
export class AnalysisServiceError extends Error {
  override readonly name = 'AnalysisServiceError';

  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}
