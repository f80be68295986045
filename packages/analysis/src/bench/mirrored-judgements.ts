/**
 * The server's judgements of document captures (`packages/server/src/services/pipeline/`),
 * mirrored for the reader's evaluation: the analysis package cannot import the server.
 */
import type { BackAnalysis, FrontAnalysis } from '../types.js';

/** The server's back judgement (`judgeBack`), mirrored: the analysis package cannot import the server. */
export function accepts(back: BackAnalysis, today: string): string | null {
  if (back.mrz !== null && !back.mrz.valid) return 'MRZ_INVALID';
  if (back.mrz === null && back.barcode === null) return 'UNREADABLE_BACK';
  if (!back.crossCheck.consistent) return 'SIDES_MISMATCH';
  const expiry = back.fields.dateOfExpiry;
  if (expiry !== null && expiry < today) return 'DOCUMENT_EXPIRED';
  return null;
}

/** Minimum front confidence of the server's `judgeFront`. */
const MIN_FRONT_CONFIDENCE = 0.5;

/** The first two tests of the server's `judgeFront`: a document found, read with some confidence. */
function frontUnread(front: FrontAnalysis): string | null {
  if (front.reason === 'NO_DOCUMENT' || front.documentType === 'UNKNOWN') return 'NO_DOCUMENT';
  if (front.reason !== null || front.confidence < MIN_FRONT_CONFIDENCE)
    return 'UNREADABLE_DOCUMENT';
  return null;
}

/**
 * The server's front judgement (`judgeFront`) of a card front, mirrored: a document found, read
 * with some confidence, its printed names read (no check digit covers the MRZ's names, so the
 * printed ones must confirm them). A refused front is asked again before any back is read.
 */
export function acceptsCardFront(front: FrontAnalysis): string | null {
  const unread = frontUnread(front);
  if (unread) return unread;
  if (front.fields.lastNames === null || front.fields.firstNames === null)
    return 'UNREADABLE_DOCUMENT';
  return null;
}

/**
 * The server's judgements of a passport page, mirrored as the passport flow applies them: the
 * front's (`judgeFront`), then the page's (`judgePassportPage` of
 * `packages/server/src/services/pipeline/document-kind-decisions.ts`): a page whose MRZ was not
 * read is refused, its MRZ must be valid and agree with the printed data, and not expired.
 */
export function acceptsPage(front: FrontAnalysis, today: string): string | null {
  const page = front as FrontAnalysis & {
    mrz?: BackAnalysis['mrz'];
    crossCheck?: BackAnalysis['crossCheck'];
  };
  const unread = frontUnread(front);
  if (unread) return unread;
  if (!page.mrz) return 'UNREADABLE_DOCUMENT';
  if (!page.mrz.valid) return 'MRZ_INVALID';
  if (page.crossCheck && !page.crossCheck.consistent) return 'SIDES_MISMATCH';
  const expiry = front.fields.dateOfExpiry;
  if (expiry !== null && expiry < today) return 'DOCUMENT_EXPIRED';
  return null;
}
