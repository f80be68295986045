import type { BackAnalysis, DocumentFields, FieldMismatch } from '../types.js';

/** Fields both sides of a document carry. */
const CROSS_CHECKED: readonly (keyof DocumentFields)[] = [
  'lastNames',
  'firstNames',
  'idNumber',
  'birthDate',
  'dateOfExpiry',
  'nationality',
  'gender',
];

function comparable(value: DocumentFields[keyof DocumentFields]): string | null {
  if (value === null || value === undefined) return null;
  const text = String(value)
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '');
  return text.length > 0 ? text : null;
}

/** Compares the fields read on the front with those of the back; a field missing on one side is not compared. */
export function crossCheck(
  front: DocumentFields | null | undefined,
  back: DocumentFields,
): BackAnalysis['crossCheck'] {
  const compared: (keyof DocumentFields)[] = [];
  const mismatches: FieldMismatch[] = [];
  if (front) {
    for (const field of CROSS_CHECKED) {
      const a = comparable(front[field]);
      const b = comparable(back[field]);
      if (a === null || b === null) continue;
      compared.push(field);
      if (a !== b)
        mismatches.push({ field, front: String(front[field]), back: String(back[field]) });
    }
  }
  return { consistent: mismatches.length === 0, compared, mismatches };
}
