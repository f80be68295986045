import { mrzCheckDigit } from '../document/mrz-check-digit.js';
import type { DocumentKind, Identity } from './identity.js';

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

function nameField(identity: Identity, length: number): string {
  const last = identity.lastNames.split(' ').join('<');
  const first = identity.firstNames.split(' ').join('<');
  const joined = `${last}<<${first}`;
  // ICAO 9303 Part 3: a name that does not fit is cut at the end of the field (which is then full).
  return joined.slice(0, length).padEnd(length, '<');
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
  const sex = identity.sex;
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
