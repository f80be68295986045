import type { AnalysisDocumentType as AnalysedDocumentType } from '@idv/contract';
import { DOCUMENT_TYPES, type CaptureKind, type DocumentTypeChoice } from '@idv/contract';
import type { LinksTable, VerificationsTable } from '../db/schema.js';
import { parseJsonColumn } from '../lib/json.js';

/** The allowed list in canonical order, each type once (the schemas check it is non-empty). */
export function normalizeDocumentTypes(types: readonly DocumentTypeChoice[]): DocumentTypeChoice[] {
  return DOCUMENT_TYPES.filter((type) => types.includes(type));
}

/**
 * A stored list (a link's or a company's `document_types`): null, or anything that is not a
 * non-empty list of known types, allows every type.
 */
export function parseDocumentTypes(stored: string | null): DocumentTypeChoice[] {
  const parsed = parseJsonColumn<unknown>(stored, null);
  if (!Array.isArray(parsed)) return [...DOCUMENT_TYPES];
  const types = normalizeDocumentTypes(parsed as DocumentTypeChoice[]);
  return types.length > 0 ? types : [...DOCUMENT_TYPES];
}

/** What the document type of a verification depends on. */
export type DocumentTypeRow = Pick<VerificationsTable, 'document_type' | 'images'> & {
  link_document_types: LinksTable['document_types'];
};

/**
 * The document of a verification: the person's choice; else the only type the link allows; else,
 * for a verification whose front was accepted before the choice existed (an older server), a card;
 * else null (the person has not chosen yet).
 */
export function effectiveDocumentType(row: DocumentTypeRow): DocumentTypeChoice | null {
  if (row.document_type !== null) return row.document_type;
  const allowed = parseDocumentTypes(row.link_document_types);
  if (allowed.length === 1) return allowed[0]!;
  const images = parseJsonColumn<{ addFront?: string }>(row.images, {});
  return images.addFront !== undefined ? 'ID_CARD' : null;
}

/**
 * The document captures of a document type: a passport is its data page (`front`) alone; a card
 * (or a type not chosen yet) has a front and a back.
 */
export function documentCaptures(type: DocumentTypeChoice | null): CaptureKind[] {
  return type === 'PASSPORT' ? ['front'] : ['front', 'back'];
}

/**
 * Whether the analysed kind of a front fits the person's choice: a passport data page for
 * `PASSPORT`; an identity card, residence permit or driving licence (TD1/TD2 cards) for `ID_CARD`.
 */
export function documentKindMatches(
  choice: DocumentTypeChoice,
  analysed: AnalysedDocumentType,
): boolean {
  if (analysed === 'UNKNOWN') return true; // judged as unreadable, not as the wrong kind
  return choice === 'PASSPORT' ? analysed === 'PASSPORT' : analysed !== 'PASSPORT';
}
