/**
 * The capture plan of a verification: which captures it needs (by branch, link type and document
 * type), which are done, and which the flow expects next. Pure functions of the verification row.
 */
import type { CaptureKind } from '@idv/contract';
import { parseJsonColumn } from '../lib/json.js';
import { documentCaptures, effectiveDocumentType, type DocumentTypeRow } from './document-types.js';
import type { VerificationImages, VerificationJoinRow } from './verification-views.js';

/** Captures in the order the flow takes them. */
export const CAPTURE_ORDER: readonly CaptureKind[] = ['front', 'back', 'selfie'];

/** What the captures of a verification depend on. */
export type CapturePlanRow = Pick<VerificationJoinRow, 'method' | 'link_type'> & DocumentTypeRow;

/**
 * The captures a verification needs: selfie only on the `FACE` branch, no selfie for `ID ONLY`;
 * the document's front and back for a card (and while no type is chosen), the data page (`front`)
 * alone for a passport.
 */
export function requiredCaptures(row: CapturePlanRow): CaptureKind[] {
  if (row.method === 'FACE') return ['selfie'];
  const document = documentCaptures(effectiveDocumentType(row));
  return row.link_type === 'ID ONLY' ? document : [...document, 'selfie'];
}

/** The captures already accepted. */
export function completedCaptures(row: Pick<VerificationJoinRow, 'images'>): CaptureKind[] {
  const images = parseJsonColumn<VerificationImages>(row.images, { register: [] });
  const done: CaptureKind[] = [];
  if (images.addFront !== undefined) done.push('front');
  if (images.addBack !== undefined) done.push('back');
  if (images.register.length > 0) done.push('selfie');
  return done;
}

/** The capture the flow expects next, or `done`. */
export function nextCapture(row: CapturePlanRow): CaptureKind | 'done' {
  const done = completedCaptures(row);
  return requiredCaptures(row).find((kind) => !done.includes(kind)) ?? 'done';
}
