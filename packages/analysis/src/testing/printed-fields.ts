import type { DocumentFields } from '../types.js';
import type { Identity } from './identity.js';

/**
 * The visual zone of `identity` as the front's reader returns it (every printed field read, no
 * issue date), with `overrides` for the fields a test has the OCR misread.
 */
export function printedFieldsOf(
  identity: Identity,
  overrides: Partial<DocumentFields> = {},
): DocumentFields {
  return {
    firstNames: identity.firstNames,
    lastNames: identity.lastNames,
    name: `${identity.firstNames} ${identity.lastNames}`,
    birthDate: identity.birthDate,
    dateOfIssue: null,
    dateOfExpiry: identity.dateOfExpiry,
    idNumber: identity.documentNumber,
    nationality: identity.nationality,
    gender: identity.sex,
    adult: true,
    ...overrides,
  };
}
