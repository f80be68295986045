/** The person-facing reason a photo cannot be used. */
import { FlowApiError } from '../api/flow-api-error.js';
import type { Translation } from '../../i18n/translation.js';
import type { UploadImageError } from './upload-image.js';

/** True for the element's own refusal (`upload-image.ts` loads lazily: matched by name). */
function isUploadImageError(error: unknown): error is UploadImageError {
  return error instanceof Error && error.name === 'UploadImageError';
}

/**
 * Why a photo cannot be used, in the person's language: a problem the element found before sending
 * it, or the service's refusal of the upload (400 unreadable, 413 too large, 415 wrong type; none
 * of them uses up an attempt). `undefined` for any other error.
 */
export function uploadRefusalMessage(error: unknown, t: Translation): string | undefined {
  if (isUploadImageError(error))
    return error.reason === 'too-small' ? t.uploadTooSmall : t.uploadUnreadable;
  if (!(error instanceof FlowApiError) || !error.badUpload) return undefined;
  if (error.status === 413) return t.uploadTooLarge;
  if (error.status === 415) return t.uploadWrongType;
  return t.uploadUnreadable;
}
