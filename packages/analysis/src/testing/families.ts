import type { DocumentKind } from './identity.js';
import type { Palette, PatternSet } from './security-print.js';
import type { Random } from './random.js';

/**
 * Rendering families of the document evaluation. A family is one independent card design: its
 * own layout, colour scheme, label wording, date format, security print and MRZ setting. The
 * evaluation draws documents from every family; one family is HELD OUT: nobody tunes the reader
 * on it (no threshold, preprocessing step or repair rule may be chosen by looking at its results),
 * and the bench reports it apart as the figure that says how the reader generalises.
 */
export type FamilyName = 'classic' | 'ribbon' | 'ledger' | 'meridian';

/** The family kept out of all tuning. Changing this name (or its seeds) restarts the held-out record. */
export const HELD_OUT_FAMILY: FamilyName = 'meridian';

/** Families the reader may be tuned on. */
export const TUNED_FAMILIES: readonly FamilyName[] = ['classic', 'ribbon', 'ledger'];

/** Every family, tuned first. */
export const DOCUMENT_FAMILIES: readonly FamilyName[] = [...TUNED_FAMILIES, HELD_OUT_FAMILY];

/** The OCR-B faces of Debian's `fonts-ocr-b` (fc-list: OCRB, OCRBS, OCRBL, OCRBF, OCRBX, OCRBE). */
export type MrzFont = 'regular' | 'sharp' | 'oblique' | 'outline' | 'inverted' | 'inverted-sharp';

/** Every OCR-B face, with how often the evaluation prints an MRZ in it. */
export const MRZ_FONTS: readonly (readonly [MrzFont, number])[] = [
  ['regular', 0.35],
  ['sharp', 0.2],
  ['oblique', 0.15],
  ['outline', 0.1],
  ['inverted', 0.1],
  ['inverted-sharp', 0.1],
];

/** SVG font attributes of each OCR-B face (fontconfig family names of the Debian package). */
export const MRZ_FONT_ATTRIBUTES: Readonly<Record<MrzFont, string>> = {
  regular: 'font-family="OCR B"',
  sharp: 'font-family="OCR B S"',
  oblique: 'font-family="OCR B" font-style="oblique"',
  outline: 'font-family="OCR B F"',
  inverted: 'font-family="OCR B X"',
  'inverted-sharp': 'font-family="OCR B E"',
};

/** Picks an MRZ face by the weights of {@link MRZ_FONTS}. */
export function pickMrzFont(random: Random): MrzFont {
  let roll = random.next();
  for (const [font, weight] of MRZ_FONTS) {
    roll -= weight;
    if (roll < 0) return font;
  }
  return 'regular';
}

/** What is under a family's MRZ: a white strip, a tinted strip, or the security print itself. */
export type MrzZone = 'white' | 'tint' | 'print';

/** Every MRZ zone. */
export const MRZ_ZONES: readonly MrzZone[] = ['white', 'tint', 'print'];

/** Labels of the visual zone, per field. */
export interface FamilyLabels {
  lastNames: string;
  firstNames: string;
  sex: string;
  nationality: string;
  birthDate: string;
  documentNumber: (kind: DocumentKind) => string;
  dateOfIssue: string;
  dateOfExpiry: string;
}

/** Everything that makes one family look like itself. */
export interface FamilyStyle {
  name: FamilyName;
  heldOut: boolean;
  /** Where the title sits: a bar on top, a vertical band on the left, or a bar at the bottom. */
  header: 'top-bar' | 'left-band' | 'bottom-bar';
  portrait: 'left' | 'right';
  labels: FamilyLabels;
  labelFont: string;
  valueFont: string;
  valueWeight: 'bold' | 'normal';
  /** Printed date of a `YYYY-MM-DD` date. */
  date: (iso: string) => string;
  palette: (random: Random) => Palette;
  patterns: PatternSet;
  mrz: {
    /** Share of the available width the longest MRZ line fills. */
    fill: number;
    /** Line pitch in em. */
    pitch: number;
    /** What is under the MRZ: a white strip, a tinted strip, or the security print itself. */
    zone: MrzZone;
  };
  /** Barcodes on the back of cards. */
  backBarcodes: { pdf417: boolean; qr: boolean };
  /** Extra text on the back of cards above the MRZ (address, authority…). */
  backText: boolean;
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

const dotted = (iso: string): string => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
const slashed = (iso: string): string =>
  `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
const spaced = (iso: string): string => `${iso.slice(8, 10)} ${iso.slice(5, 7)} ${iso.slice(0, 4)}`;
/** `12 MAR/MAR 1990` style dates are common on passports; the month here is numeric too. */
const monthName = (iso: string): string =>
  `${iso.slice(8, 10)} ${MONTHS[Number(iso.slice(5, 7)) - 1]} ${iso.slice(5, 7)} ${iso.slice(0, 4)}`;

const ENGLISH: FamilyLabels = {
  lastNames: 'SURNAME',
  firstNames: 'GIVEN NAMES',
  sex: 'SEX',
  nationality: 'NATIONALITY',
  birthDate: 'DATE OF BIRTH',
  documentNumber: (kind) => (kind === 'passport' ? 'PASSPORT NO.' : 'DOCUMENT NO.'),
  dateOfIssue: 'DATE OF ISSUE',
  dateOfExpiry: 'DATE OF EXPIRY',
};

/** The style of each family. */
export const FAMILY_STYLES: Readonly<Record<FamilyName, FamilyStyle>> = {
  classic: {
    name: 'classic',
    heldOut: false,
    header: 'top-bar',
    portrait: 'left',
    labels: ENGLISH,
    labelFont: 'DejaVu Sans',
    valueFont: 'DejaVu Sans',
    valueWeight: 'bold',
    date: dotted,
    palette: (random) => {
      const hue = random.int(0, 359);
      return {
        hue,
        hue2: hue + 40,
        saturation: 45,
        lightness: 92,
        line: `hsl(${hue},40%,72%)`,
        label: '#4a4a5a',
        value: '#111',
        accent: '#1d3f6e',
        onAccent: '#fff',
      };
    },
    patterns: { guilloche: 0, waves: 2, microprint: false, emblem: false, diagonalLines: false },
    mrz: { fill: 1, pitch: 1.3, zone: 'white' },
    backBarcodes: { pdf417: true, qr: true },
    backText: false,
  },
  ribbon: {
    name: 'ribbon',
    heldOut: false,
    header: 'left-band',
    portrait: 'right',
    labels: {
      lastNames: '1. SURNAME',
      firstNames: '2. GIVEN NAMES',
      sex: '3. SEX',
      nationality: '4. NATIONALITY',
      birthDate: '5. DATE OF BIRTH',
      documentNumber: (kind) => (kind === 'passport' ? '6. PASSPORT NO.' : '6. CARD NO.'),
      dateOfIssue: '7. DATE OF ISSUE',
      dateOfExpiry: '8. DATE OF EXPIRY',
    },
    labelFont: 'DejaVu Sans Condensed',
    valueFont: 'DejaVu Sans Condensed',
    valueWeight: 'bold',
    date: slashed,
    palette: (random) => {
      const hue = random.int(80, 170);
      return {
        hue,
        hue2: hue + random.int(-30, 30),
        saturation: 35,
        lightness: 90,
        line: `hsl(${hue},45%,55%)`,
        label: '#30503a',
        value: '#0b160e',
        accent: `hsl(${hue},55%,28%)`,
        onAccent: '#f2fff4',
      };
    },
    patterns: { guilloche: 3, waves: 1, microprint: false, emblem: true, diagonalLines: false },
    mrz: { fill: 0.93, pitch: 1.25, zone: 'tint' },
    backBarcodes: { pdf417: true, qr: false },
    backText: true,
  },
  ledger: {
    name: 'ledger',
    heldOut: false,
    header: 'top-bar',
    portrait: 'left',
    labels: {
      lastNames: 'NOM / SURNAME',
      firstNames: 'PRÉNOMS / GIVEN NAMES',
      sex: 'SEXE / SEX',
      nationality: 'NATIONALITÉ / NATIONALITY',
      birthDate: 'DATE DE NAISSANCE / DATE OF BIRTH',
      documentNumber: (kind) =>
        kind === 'passport' ? 'N° DU PASSEPORT / PASSPORT NO.' : 'N° DU DOCUMENT / DOCUMENT NO.',
      dateOfIssue: 'DATE DE DÉLIVRANCE / DATE OF ISSUE',
      dateOfExpiry: "DATE D'EXPIRATION / DATE OF EXPIRY",
    },
    labelFont: 'DejaVu Serif',
    valueFont: 'DejaVu Serif',
    valueWeight: 'bold',
    date: spaced,
    palette: (random) => {
      const hue = random.int(280, 350);
      return {
        hue,
        hue2: (hue + 60) % 360,
        saturation: 40,
        lightness: 91,
        line: `hsl(${hue},35%,66%)`,
        label: '#5a3a55',
        value: '#1a0a18',
        accent: `hsl(${hue},35%,35%)`,
        onAccent: '#fff',
      };
    },
    patterns: { guilloche: 1, waves: 2, microprint: true, emblem: false, diagonalLines: true },
    mrz: { fill: 0.97, pitch: 1.35, zone: 'white' },
    backBarcodes: { pdf417: false, qr: true },
    backText: true,
  },
  meridian: {
    name: 'meridian',
    heldOut: true,
    header: 'bottom-bar',
    portrait: 'right',
    labels: {
      lastNames: 'APELLIDOS / SURNAMES',
      firstNames: 'NOMBRE / GIVEN NAMES',
      sex: 'SEXO / SEX',
      nationality: 'NACIONALIDAD / NATIONALITY',
      birthDate: 'FECHA DE NACIMIENTO / DATE OF BIRTH',
      documentNumber: (kind) =>
        kind === 'passport' ? 'PASAPORTE N° / PASSPORT NO.' : 'DOCUMENTO N° / DOCUMENT NO.',
      dateOfIssue: 'EXPEDICIÓN / DATE OF ISSUE',
      dateOfExpiry: 'VALIDEZ / DATE OF EXPIRY',
    },
    labelFont: 'DejaVu Sans',
    valueFont: 'DejaVu Sans Mono',
    valueWeight: 'normal',
    date: monthName,
    palette: (random) => {
      const hue = random.int(20, 50);
      return {
        hue,
        hue2: (hue + 190) % 360,
        saturation: 50,
        lightness: 87,
        line: `hsl(${(hue + 180) % 360},40%,50%)`,
        label: '#6b3b12',
        value: '#151515',
        accent: `hsl(${(hue + 180) % 360},45%,30%)`,
        onAccent: '#fff7e8',
      };
    },
    patterns: { guilloche: 2, waves: 3, microprint: true, emblem: true, diagonalLines: false },
    mrz: { fill: 0.9, pitch: 1.45, zone: 'print' },
    backBarcodes: { pdf417: true, qr: true },
    backText: true,
  },
};
