/**
 * What the reader's evaluation finds wrong in a read side: MRZ fields that differ from the print
 * (with the character confusions), and fields of the data the server would store that are not
 * the person's.
 */
import type { BackAnalysis, DocumentFields, FrontAnalysis } from '../types.js';
import type { EvaluationSample } from '../testing/evaluation-set.js';
import { mrzTransliterate } from '../testing/transliterate.js';

/** Positions of each MRZ field per format: `[line, start, end]`. */
const MRZ_FIELDS: Readonly<
  Record<'TD1' | 'TD2' | 'TD3', Record<string, [number, number, number]>>
> = {
  TD1: {
    documentCode: [0, 0, 2],
    issuingState: [0, 2, 5],
    documentNumber: [0, 5, 15],
    optional: [0, 15, 30],
    birthDate: [1, 0, 7],
    sex: [1, 7, 8],
    expirationDate: [1, 8, 15],
    nationality: [1, 15, 18],
    optional2: [1, 18, 29],
    composite: [1, 29, 30],
    name: [2, 0, 30],
  },
  TD2: {
    documentCode: [0, 0, 2],
    issuingState: [0, 2, 5],
    name: [0, 5, 36],
    documentNumber: [1, 0, 10],
    nationality: [1, 10, 13],
    birthDate: [1, 13, 20],
    sex: [1, 20, 21],
    expirationDate: [1, 21, 28],
    optional: [1, 28, 35],
    composite: [1, 35, 36],
  },
  TD3: {
    documentCode: [0, 0, 2],
    issuingState: [0, 2, 5],
    name: [0, 5, 44],
    documentNumber: [1, 0, 10],
    nationality: [1, 10, 13],
    birthDate: [1, 13, 20],
    sex: [1, 20, 21],
    expirationDate: [1, 21, 28],
    optional: [1, 28, 43],
    composite: [1, 43, 44],
  },
};

/** MRZ fields that differ between the print and the read, with the character confusions. */
export function mrzFieldErrors(
  truth: string[],
  format: 'TD1' | 'TD2' | 'TD3',
  read: BackAnalysis['mrz'],
): string[] {
  if (!read) return ['(no MRZ)'];
  if (read.format !== format) return [`format ${format}→${read.format}`];
  const lines = read.raw.split('\n');
  const errors: string[] = [];
  for (const [field, [line, start, end]] of Object.entries(MRZ_FIELDS[format])) {
    const expected = (truth[line] ?? '').slice(start, end);
    const got = (lines[line] ?? '').slice(start, end);
    if (expected === got) continue;
    const confusions: string[] = [];
    for (let i = 0; i < Math.max(expected.length, got.length); i++)
      if (expected[i] !== got[i]) confusions.push(`${expected[i] ?? '∅'}→${got[i] ?? '∅'}`);
    errors.push(
      `${field}: ${confusions.slice(0, 4).join(' ')}${confusions.length > 4 ? ' …' : ''}`,
    );
  }
  return errors;
}

const DATA_FIELDS: readonly (keyof DocumentFields)[] = [
  'lastNames',
  'firstNames',
  'idNumber',
  'birthDate',
  'dateOfExpiry',
  'nationality',
  'gender',
];

/**
 * The server's `documentData` for these fields: the back's decided fields first when it read a
 * valid MRZ or a barcode.
 */
function storedData(front: FrontAnalysis | null, back: BackAnalysis): Partial<DocumentFields> {
  const decided = back.mrz?.valid === true || back.barcode !== null;
  const preferred = decided ? [back.fields, front?.fields] : [front?.fields, back.fields];
  const data: Partial<DocumentFields> = {};
  for (const field of DATA_FIELDS)
    for (const source of preferred) {
      const value = source?.[field];
      if (value !== null && value !== undefined && value !== '') {
        (data as Record<string, unknown>)[field] = value;
        break;
      }
    }
  return data;
}

/** A name compared loosely on spacing and punctuation: `JEAN-PIERRE` = `JEAN PIERRE`. */
function nameKey(name: string): string {
  return name
    .toUpperCase()
    .replace(/['’`]/g, '')
    .replace(/[\s<\-.,]+/g, ' ')
    .trim();
}

/** The person's name in either accepted form: as printed, or ICAO-transliterated. */
function nameMatches(stored: string, printed: string): boolean {
  const key = nameKey(stored);
  return key === nameKey(printed) || key === nameKey(mrzTransliterate(printed));
}

/** Fields of the stored data that are not the person's (a missing field is not wrong). */
export function wrongDataFields(
  sample: EvaluationSample,
  front: FrontAnalysis | null,
  back: BackAnalysis,
): string[] {
  const person = sample.identity;
  const data = storedData(front, back);
  const wrong: string[] = [];
  const expect: Record<string, string> = {
    idNumber: person.documentNumber,
    birthDate: person.birthDate,
    dateOfExpiry: person.dateOfExpiry,
    nationality: person.nationality,
    gender: person.sex,
  };
  for (const [field, value] of Object.entries(expect)) {
    const got = data[field as keyof DocumentFields];
    if (got !== undefined && String(got) !== value) wrong.push(`${field} ${value}→${String(got)}`);
  }
  if (data.lastNames !== undefined && !nameMatches(String(data.lastNames), person.lastNames))
    wrong.push(`lastNames ${person.lastNames}→${String(data.lastNames)}`);
  if (data.firstNames !== undefined && !nameMatches(String(data.firstNames), person.firstNames))
    wrong.push(`firstNames ${person.firstNames}→${String(data.firstNames)}`);
  return wrong;
}
