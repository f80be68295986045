import { Random } from './random.js';

/** Kinds of synthetic document: TD1 identity card, TD3 passport, TD2 residence permit. */
export type DocumentKind = 'id-card' | 'passport' | 'residence-permit';

/** A synthetic person and document, consistent across front, back, MRZ and barcodes. */
export interface Identity {
  seed: number | string;
  /** Alpha-3 code of the issuing state. */
  issuingState: string;
  /** English name of the issuing state as printed on the document. */
  issuingStateName: string;
  nationality: string;
  /**
   * Surnames as the visual zone prints them: upper-case words ({@link generateIdentity}: A–Z only;
   * {@link generateEvaluationIdentity}: also accented letters, hyphens and apostrophes, which the
   * MRZ transliterates).
   */
  lastNames: string;
  /** Given names, as {@link Identity.lastNames}. */
  firstNames: string;
  /** `X`: unspecified (printed `X` in the visual zone; in the MRZ see {@link Identity.mrzSexMarker}). */
  sex: 'M' | 'F' | 'X';
  /**
   * How the MRZ prints sex `X`: `X`, or the filler `<` that ICAO 9303 Part 4 names for "unspecified"
   * (both are met on real documents). Default `X`.
   */
  mrzSexMarker?: 'X' | '<';
  /** `YYYY-MM-DD`. */
  birthDate: string;
  dateOfIssue: string;
  dateOfExpiry: string;
  /** Nine characters, letters and digits. */
  documentNumber: string;
  /** Optional personal number of the MRZ (digits). */
  personalNumber: string;
  /** Index into {@link faceSamples} of the portrait. */
  faceIndex: number;
}

/** States used by the generator (real ICAO codes whose English names fit on one line). */
export const GENERATOR_STATES: readonly (readonly [code: string, name: string])[] = [
  ['ESP', 'SPAIN'],
  ['FRA', 'FRANCE'],
  ['ITA', 'ITALY'],
  ['PRT', 'PORTUGAL'],
  ['NLD', 'NETHERLANDS'],
  ['BEL', 'BELGIUM'],
  ['AUT', 'AUSTRIA'],
  ['POL', 'POLAND'],
  ['SWE', 'SWEDEN'],
  ['NOR', 'NORWAY'],
  ['FIN', 'FINLAND'],
  ['DNK', 'DENMARK'],
  ['IRL', 'IRELAND'],
  ['GRC', 'GREECE'],
  ['CZE', 'CZECHIA'],
  ['HUN', 'HUNGARY'],
  ['ROU', 'ROMANIA'],
  ['MEX', 'MEXICO'],
  ['ARG', 'ARGENTINA'],
  ['BRA', 'BRAZIL'],
  ['CHL', 'CHILE'],
  ['COL', 'COLOMBIA'],
  ['PER', 'PERU'],
  ['CAN', 'CANADA'],
  ['AUS', 'AUSTRALIA'],
  ['JPN', 'JAPAN'],
  ['IND', 'INDIA'],
  ['ZAF', 'SOUTH AFRICA'],
  ['MAR', 'MOROCCO'],
  ['NGA', 'NIGERIA'],
];

const SURNAMES = [
  'GARCIA',
  'MARTIN',
  'LOPEZ',
  'SANCHEZ',
  'ROSSI',
  'FERRARI',
  'MULLER',
  'SCHMIDT',
  'DUBOIS',
  'MOREAU',
  'SILVA',
  'SANTOS',
  'JANSEN',
  'DEVRIES',
  'NOWAK',
  'KOWALSKI',
  'JOHANSSON',
  'LARSEN',
  'VIRTANEN',
  'MURPHY',
  'PAPADOPOULOS',
  'NOVAK',
  'NAGY',
  'POPESCU',
  'HERNANDEZ',
  'GONZALEZ',
  'PEREIRA',
  'OLIVEIRA',
  'ROJAS',
  'TANAKA',
  'SATO',
  'SHARMA',
  'PATEL',
  'NKOSI',
  'ALAOUI',
  'OKAFOR',
  'SMITH',
  'BROWN',
  'WILSON',
  'TREMBLAY',
] as const;

const GIVEN_FEMALE = [
  'ANNA',
  'MARIA',
  'LAURA',
  'SOFIA',
  'JULIA',
  'EMMA',
  'CLARA',
  'ELENA',
  'LUCIA',
  'INES',
  'MARTA',
  'SARA',
  'NORA',
  'ALICE',
  'CHLOE',
  'ZOE',
  'IRIS',
  'EVA',
  'OLGA',
  'HANNA',
] as const;

const GIVEN_MALE = [
  'JUAN',
  'PEDRO',
  'LUCAS',
  'MARCO',
  'PAUL',
  'JAN',
  'ERIK',
  'HUGO',
  'LEO',
  'DAVID',
  'TOMAS',
  'IVAN',
  'OMAR',
  'RAFAEL',
  'ANDRE',
  'MATEO',
  'KENJI',
  'ARJUN',
  'SIPHO',
  'LIAM',
] as const;

const DOC_LETTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ';

/** `YYYY-MM-DD` of a calendar date. */
export function isoDate(year: number, month: number, day: number): string {
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * The issue date of a document expiring on the given day: ten years before (the day before), but
 * never before the holder's first month: a child's document is issued after the birth and runs
 * for fewer years. Draws nothing, so every other document of a seeded set stays as it was.
 */
export function issueDateFor(
  birthDate: string,
  expiryYear: number,
  expiryMonth: number,
  expiryDay: number,
): string {
  const tenYears = isoDate(expiryYear - 10, expiryMonth, Math.max(1, expiryDay - 1));
  const firstMonth = new Date(`${birthDate}T00:00:00Z`);
  firstMonth.setUTCMonth(firstMonth.getUTCMonth() + 1);
  const earliest = firstMonth.toISOString().slice(0, 10);
  return tenYears >= earliest ? tenYears : earliest;
}

/**
 * A random but valid identity for `seed` (the same seed always gives the same identity).
 * About one in eight is a minor, to exercise `adult`.
 *
 * @example
 * ```ts
 * const person = generateIdentity(42);
 * const { image, truth } = await renderDocument(person, { kind: 'id-card', side: 'back' });
 * ```
 */
export function generateIdentity(seed: number | string, faceCount = 22): Identity {
  const random = new Random(`identity:${seed}`);
  const [issuingState, issuingStateName] = random.pick(GENERATOR_STATES);
  const nationality = random.chance(0.9) ? issuingState : random.pick(GENERATOR_STATES)[0];
  const sex = random.chance(0.5) ? 'F' : 'M';
  const given = sex === 'F' ? GIVEN_FEMALE : GIVEN_MALE;
  let firstNames: string = random.pick(given);
  let lastNames: string = random.pick(SURNAMES);
  if (random.chance(0.3)) firstNames += ` ${random.pick(given)}`;
  if (random.chance(0.35)) lastNames += ` ${random.pick(SURNAMES)}`;
  // Every name fits the shortest MRZ name field (TD1: 30 characters) without truncation.
  if (lastNames.length + firstNames.length + 2 > 30) lastNames = lastNames.split(' ')[0] as string;
  if (lastNames.length + firstNames.length + 2 > 30)
    firstNames = firstNames.split(' ')[0] as string;
  const thisYear = new Date().getUTCFullYear();
  const birthYear = random.chance(0.125)
    ? random.int(thisYear - 17, thisYear - 8)
    : random.int(1950, thisYear - 19);
  const birthDate = isoDate(birthYear, random.int(1, 12), random.int(1, 28));
  const expiryYear = random.int(thisYear + 1, thisYear + 9);
  const expiryMonth = random.int(1, 12);
  const expiryDay = random.int(1, 28);
  const dateOfExpiry = isoDate(expiryYear, expiryMonth, expiryDay);
  const dateOfIssue = issueDateFor(birthDate, expiryYear, expiryMonth, expiryDay);
  let documentNumber = '';
  for (let i = 0; i < 3; i++) documentNumber += random.pick([...DOC_LETTERS]);
  for (let i = 0; i < 6; i++) documentNumber += String(random.int(0, 9));
  let personalNumber = '';
  for (let i = 0; i < 8; i++) personalNumber += String(random.int(0, 9));
  return {
    seed,
    issuingState,
    issuingStateName,
    nationality,
    lastNames,
    firstNames,
    sex,
    birthDate,
    dateOfIssue,
    dateOfExpiry,
    documentNumber,
    personalNumber,
    faceIndex: random.int(0, faceCount - 1),
  };
}
