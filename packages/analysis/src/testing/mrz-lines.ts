import { mrzCheckDigit } from '../document/mrz-check-digit.js';
import type { DocumentKind, Identity } from './identity.js';
import { mrzTransliterate } from './transliterate.js';

/** MRZ format of each document kind. */
export const MRZ_FORMAT: Readonly<Record<DocumentKind, 'TD1' | 'TD2' | 'TD3'>> = {
  'id-card': 'TD1',
  'residence-permit': 'TD2',
  passport: 'TD3',
};

function field(text: string, length: number): string {
  const cleaned = text.toUpperCase().replace(/[^A-Z0-9]+/g, '<');
  return cleaned.slice(0, length).padEnd(length, '<');
}

function yymmdd(iso: string): string {
  return iso.slice(2, 4) + iso.slice(5, 7) + iso.slice(8, 10);
}

/**
 * The name field of the MRZ (ICAO 9303 Part 3 §4.6): primary identifier, `<<`, secondary
 * identifier, transliterated. A name longer than the field is truncated at the field's end (the
 * last position then holds a letter of the name, which is how a reader knows it was truncated);
 * a primary identifier alone too long for the field keeps at least one letter of the given names.
 */
export function mrzNameField(lastNames: string, firstNames: string, length: number): string {
  const last = mrzTransliterate(lastNames).replace(/^<+|<+$/g, '');
  const first = mrzTransliterate(firstNames).replace(/^<+|<+$/g, '');
  let joined = first ? `${last}<<${first}` : last;
  if (joined.length > length && first && last.length + 3 > length)
    joined = `${last.slice(0, length - 3)}<<${first[0] as string}`;
  return joined.slice(0, length).padEnd(length, '<');
}

function nameField(identity: Identity, length: number): string {
  return mrzNameField(identity.lastNames, identity.firstNames, length);
}

/** The MRZ sex character: `M`, `F`, or for unspecified `X` or the filler (`mrzSexMarker`). */
function mrzSex(identity: Identity): string {
  return identity.sex === 'X' ? (identity.mrzSexMarker ?? 'X') : identity.sex;
}

function check(data: string): string {
  return mrzCheckDigit(data) ?? '0';
}

/** The MRZ lines (ICAO 9303) of `identity` printed on a document of `kind`, every check digit correct. */
export function buildMrzLines(identity: Identity, kind: DocumentKind): string[] {
  const doc = field(identity.documentNumber, 9);
  const birth = yymmdd(identity.birthDate);
  const expiry = yymmdd(identity.dateOfExpiry);
  const state = identity.issuingState;
  const nationality = identity.nationality;
  const sex = mrzSex(identity);
  switch (MRZ_FORMAT[kind]) {
    case 'TD1': {
      const line1 = field(`ID${state}${doc}${check(doc)}${identity.personalNumber}`, 30);
      const line2Body = `${birth}${check(birth)}${sex}${expiry}${check(expiry)}${nationality}`;
      const line2Start = field(line2Body, 29);
      const composite =
        line1.slice(5, 30) +
        line2Start.slice(0, 7) +
        line2Start.slice(8, 15) +
        line2Start.slice(18, 29);
      return [line1, line2Start + check(composite), nameField(identity, 30)];
    }
    case 'TD2': {
      const line1 = field(`IR${state}`, 5) + nameField(identity, 31);
      const body = `${doc}${check(doc)}${nationality}${birth}${check(birth)}${sex}${expiry}${check(expiry)}`;
      const line2Start = field(body, 35);
      const composite =
        line2Start.slice(0, 10) + line2Start.slice(13, 20) + line2Start.slice(21, 35);
      return [line1, line2Start + check(composite)];
    }
    case 'TD3': {
      const line1 = field(`P<${state}`, 5) + nameField(identity, 39);
      const personal = field(identity.personalNumber, 14);
      const body = `${doc}${check(doc)}${nationality}${birth}${check(birth)}${sex}${expiry}${check(expiry)}${personal}${check(personal)}`;
      const composite = body.slice(0, 10) + body.slice(13, 20) + body.slice(21, 43);
      return [line1, body + check(composite)];
    }
  }
}
