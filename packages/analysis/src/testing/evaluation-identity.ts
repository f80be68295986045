import { GENERATOR_STATES, isoDate, issueDateFor, type Identity } from './identity.js';
import { Random } from './random.js';

/**
 * The hard classes of the evaluation: identities a real document reader meets and that the first
 * generator never produced. A sample can carry several.
 */
export type IdentityClass =
  /** The name does not fit the MRZ name field and is truncated there (ICAO 9303 Part 3). */
  | 'long-name'
  /** Accented letters, hyphens or apostrophes in the visual zone, transliterated in the MRZ. */
  | 'accents'
  /** An `X` somewhere in the MRZ: `MEX`/`LUX`/`XXA` codes, `X` in the document number. */
  | 'x-in-mrz'
  /** Sex unspecified: `X` in the visual zone, `<` in the MRZ (`mrzSexMarker`). */
  | 'sex-x'
  /** Nothing special. */
  | 'plain';

/** An evaluation identity and the hard classes it was drawn to exercise. */
export interface EvaluationIdentity extends Identity {
  classes: IdentityClass[];
}

const SURNAMES = [
  'GARCIA',
  'MÜLLER',
  'NÚÑEZ',
  'O’BRIEN',
  'DUBOIS',
  'SØRENSEN',
  'ÅSTRÖM',
  'KOWALCZYK',
  'WIŚNIEWSKI',
  'DVOŘÁK',
  'SZABÓ',
  'PAPADOPOULOS',
  'MARTÍNEZ',
  'GONÇALVES',
  'WEISSMÜLLER',
  'NGUYEN',
  'OKONKWO',
  'MOHAMMED',
  'WOJCIECHOWSKI',
  'MWANGI',
  'SMITH',
  'DE LA CRUZ',
  'VAN DER BERG',
  'SANTOS',
  'HERNÁNDEZ',
  'JØRGENSEN',
  'STRAUß',
  'ĆOSIĆ',
  'MOREAU',
  'XAVIER',
  'WANG',
  'MAXWELL',
] as const;

const LONG_SURNAMES = [
  'RODRIGUEZ MARTINEZ',
  'FERNÁNDEZ DE CÓRDOBA',
  'WOLFESCHLEGELSTEINHAUSEN',
  'SCHWARZENBERG-LICHTENSTEIN',
  'PAPADIMITRIOU KONSTANTINIDIS',
  'VAN DEN HEUVEL-WESTERHOUT',
  'MAXIMILIANOVNA WOJCIECHOWSKA',
] as const;

const GIVEN = [
  'ANNA',
  'JOSÉ',
  'MARÍA JOSÉ',
  'BJÖRN',
  'FRANÇOIS',
  'ZOË',
  'MATEO',
  'DIEGO TOMÁS',
  'WIKTORIA',
  'MAXIMILIAN',
  'XIMENA',
  'WILLEM',
  'SAMUEL',
  'DOMINIK',
  'SIMONE',
  'ŁUKASZ',
  'MILOŠ',
  'ÉLODIE',
  'JEAN-PIERRE',
  'MWANA',
  'OLIVER',
  'SOFÍA',
  'MIHAI',
  'HÅKON',
] as const;

/** States whose code puts an `X` in the MRZ, and the ICAO codes for stateless persons/refugees. */
const X_STATES: readonly (readonly [string, string])[] = [
  ['MEX', 'MEXICO'],
  ['LUX', 'LUXEMBOURG'],
];
const X_NATIONALITIES = ['MEX', 'LUX', 'XXA', 'XXB', 'XXC'] as const;
/** Letters of document numbers; `X`, `W`, `M`, `S`, `D`, `O`, `B`, `Z` are the confusable ones. */
const DOC_LETTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ';

/**
 * An identity for the evaluation of the document reader, deterministic per seed. It draws the
 * hard classes on purpose (about: long names 20 %, accents 45 %, an `X` in the MRZ 30 %, sex `X`
 * 8 %), dates anywhere in their valid ranges, document numbers with letters in any position.
 * Independent of {@link generateIdentity}, whose output the existing tests depend on.
 */
export function generateEvaluationIdentity(
  seed: number | string,
  faceCount = 22,
): EvaluationIdentity {
  const random = new Random(`evaluation-identity:${seed}`);
  const classes = new Set<IdentityClass>();
  const xInMrz = random.chance(0.3);
  let issuing = random.pick(GENERATOR_STATES);
  let nationality = random.chance(0.85) ? issuing[0] : random.pick(GENERATOR_STATES)[0];
  let documentNumber = '';
  const numberShape = random.int(0, 2);
  for (let i = 0; i < 9; i++) {
    const letter = numberShape === 0 ? i < 3 : numberShape === 1 ? i === 0 || i === 8 : i % 3 === 1;
    documentNumber += letter ? random.pick([...DOC_LETTERS]) : String(random.int(0, 9));
  }
  if (xInMrz) {
    classes.add('x-in-mrz');
    const where = random.int(0, 2);
    if (where === 0) {
      issuing = random.pick(X_STATES);
      nationality = issuing[0];
    } else if (where === 1) nationality = random.pick(X_NATIONALITIES);
    const position = random.int(0, 8);
    if (where === 2 || random.chance(0.4))
      documentNumber = documentNumber.slice(0, position) + 'X' + documentNumber.slice(position + 1);
  }
  const sex: Identity['sex'] = random.chance(0.08) ? 'X' : random.chance(0.5) ? 'F' : 'M';
  if (sex === 'X') classes.add('sex-x');
  const long = random.chance(0.2);
  let lastNames: string = long ? random.pick(LONG_SURNAMES) : random.pick(SURNAMES);
  let firstNames: string = random.pick(GIVEN);
  if (long) {
    classes.add('long-name');
    if (random.chance(0.6)) firstNames += ` ${random.pick(GIVEN)}`;
  } else if (random.chance(0.3)) lastNames += ` ${random.pick(SURNAMES)}`;
  // The long-name class is about the MRZ (30 characters on TD1); keep the VIZ on two lines.
  if (!long && lastNames.length + firstNames.length + 2 > 30)
    lastNames = lastNames.split(' ')[0] as string;
  if (/[^A-Z ]/.test(lastNames + firstNames)) classes.add('accents');
  if (/X/.test(lastNames + firstNames)) classes.add('x-in-mrz');
  if (classes.size === 0) classes.add('plain');
  const thisYear = new Date().getUTCFullYear();
  const birthYear = random.chance(0.1)
    ? random.int(thisYear - 17, thisYear - 8)
    : random.int(1940, thisYear - 19);
  const birthDate = isoDate(birthYear, random.int(1, 12), random.int(1, 28));
  const expiryYear = random.int(thisYear + 1, thisYear + 9);
  const expiryMonth = random.int(1, 12);
  const expiryDay = random.int(1, 28);
  let personalNumber = '';
  for (let i = 0; i < 8; i++) personalNumber += String(random.int(0, 9));
  return {
    seed,
    issuingState: issuing[0],
    issuingStateName: issuing[1],
    nationality,
    lastNames,
    firstNames,
    sex,
    birthDate,
    dateOfIssue: issueDateFor(birthDate, expiryYear, expiryMonth, expiryDay),
    dateOfExpiry: isoDate(expiryYear, expiryMonth, expiryDay),
    documentNumber,
    personalNumber,
    faceIndex: random.int(0, faceCount - 1),
    // This set prints unspecified sex as the filler (ICAO 9303 Part 4); `X` is a later variant.
    ...(sex === 'X' ? { mrzSexMarker: '<' as const } : {}),
    classes: [...classes],
  };
}
