import type { DocumentTypeChoice, FrontAnalysis } from '@idv/contract';
import { documentKindMatches } from '../document-types.js';
import { sidesMismatch, type CaptureRejection } from './capture-decisions.js';

/**
 * Judges the kind of document on a front against the person's choice (DESIGN §9): a card shown
 * for `PASSPORT`, or a passport page shown for `ID_CARD`, is refused as `WRONG_DOCUMENT_TYPE`.
 */
export function judgeDocumentKind(
  choice: DocumentTypeChoice,
  front: FrontAnalysis,
): CaptureRejection | undefined {
  if (documentKindMatches(choice, front.documentType)) return undefined;
  return choice === 'PASSPORT'
    ? {
        code: 'WRONG_DOCUMENT_TYPE',
        message:
          'This is not a passport. Show the passport page with your photo and the two lines of characters at the bottom.',
      }
    : {
        code: 'WRONG_DOCUMENT_TYPE',
        message: 'This is a passport, not an identity card. Show the front of your identity card.',
      };
}

/**
 * Judges a passport data page (TD3) beyond the front's own checks: its MRZ must be read and pass
 * every check digit (its fields become `data`), agree with the visual zone, and not be expired.
 */
export function judgePassportPage(
  front: FrontAnalysis,
  today: string,
): CaptureRejection | undefined {
  const mrz = front.mrz ?? null;
  if (mrz === null)
    return {
      code: 'UNREADABLE_DOCUMENT',
      message:
        'The two lines of characters at the bottom of the passport page could not be read. Show the whole page, flat and sharp.',
    };
  if (!mrz.valid)
    return {
      code: 'MRZ_INVALID',
      message:
        'The machine-readable zone does not pass its checks. Take the photo again, flat and sharp.',
    };
  if (front.crossCheck && !front.crossCheck.consistent)
    return sidesMismatch(
      front.crossCheck,
      'The machine-readable zone and the printed data of the page do not agree. Take the photo again, flat and sharp.',
    );
  const expiry = front.fields.dateOfExpiry;
  if (expiry !== null && expiry < today)
    return { code: 'DOCUMENT_EXPIRED', message: 'The document has expired.' };
  return undefined;
}
