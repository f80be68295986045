/**
 * The field-by-field comparison of the MRZ (after its repairs), the visual zone and the barcode:
 * agreement, a disagreement settled by evidence (a resolution), or a mismatch that refuses the
 * side (see `identity-decision.ts`).
 */
import type {
  CrossCheck,
  DocumentFields,
  FieldMismatch,
  FieldResolution,
  IdentitySource,
  MrzResult,
} from '../types.js';
import { markOnTail } from './diacritic-mark-queries.js';
import type { BarcodeReading } from './barcode-fields.js';
import { isAdultOn } from './dates.js';
import { mrzCheckDigit } from './mrz-check-digit.js';
import {
  compareMrzName,
  completeCut,
  mrzNameField,
  mrzNameMatches,
  splitMrzName,
  type PrintedNameReading,
} from './mrz-names.js';
import { fieldsFromMrz, mrzLayoutOf } from './mrz-read.js';
import { evaluateCheck } from './mrz-repair.js';
import { oneLetterApart, sameLetters } from './plain-letters.js';
import { CHECK_OF, closeRead, compact, droppedOne, mrzForm } from './mrz-evidence-repairs.js';

/** What was decided: the MRZ after evidence-backed repairs, the identity, and the comparison. */
export interface IdentityDecision {
  mrz: MrzResult | null;
  fields: DocumentFields;
  crossCheck: CrossCheck;
}

/**
 * `decision` refused: `mismatches` added to its cross-check, found by a later look at the side
 * (the glyph classifier's reading of a cell), whatever the comparison had found.
 */
export function refusedFor(
  decision: IdentityDecision,
  mismatches: readonly FieldMismatch[],
): IdentityDecision {
  const { crossCheck } = decision;
  return {
    ...decision,
    crossCheck: {
      ...crossCheck,
      consistent: false,
      mismatches: [...crossCheck.mismatches, ...mismatches],
    },
  };
}

const EMPTY: DocumentFields = {
  firstNames: null,
  lastNames: null,
  name: null,
  birthDate: null,
  dateOfIssue: null,
  dateOfExpiry: null,
  idNumber: null,
  nationality: null,
  gender: null,
  adult: null,
};

/**
 * Whether the MRZ name field holds the whole of a printed name read by the VIZ OCR: the field was
 * not full, or its identifier spells the whole printed name (nothing was cut).
 */
function mrzHoldsWhole(
  mrzField: string,
  field: 'lastNames' | 'firstNames',
  printed: string,
): boolean {
  const split = splitMrzName(mrzField);
  if (!split.full) return true;
  const identifier = field === 'lastNames' ? split.primary : split.secondary;
  return identifier !== null && mrzNameMatches(identifier, printed, false, { byOcr: true });
}

/** The identifier of `field` in a full (cut) MRZ name field, `null` when the field was not cut. */
function cutIdentifier(mrzField: string, field: 'lastNames' | 'firstNames'): string | null {
  const split = splitMrzName(mrzField);
  if (!split.full) return null;
  return field === 'lastNames' ? split.primary : split.secondary;
}

/**
 * Whether the cut identifier of `field` in a full MRZ name field ends on a filler (ICAO cut the
 * name right after a word): `MARIA<JOSE<` at the end of the field.
 */
function endsOnFiller(mrzField: string, field: 'lastNames' | 'firstNames'): boolean {
  const split = splitMrzName(mrzField);
  const last = split.secondary === null ? 'lastNames' : 'firstNames';
  return split.full && field === last && /[A-Z]<$/.test(mrzField);
}

/** Field-by-field comparison of the (repaired) readings. */
export function compareReadings(
  mrz: MrzResult | null,
  viz: DocumentFields | null,
  printedLast: string | null,
  printedFirst: string | null,
  barcode: BarcodeReading,
  resolutions: FieldResolution[],
  marksOf: (printed: string) => string | null,
): IdentityDecision {
  const fromMrz = mrz ? fieldsFromMrz(mrz) : null;
  const fields: DocumentFields = { ...EMPTY };
  const compared: (keyof DocumentFields)[] = [];
  const mismatches: FieldMismatch[] = [];
  const lines = mrz ? mrz.raw.split('\n') : null;
  const layout = mrz ? mrzLayoutOf(mrz.format) : null;

  const mismatch = (field: keyof DocumentFields): void => {
    mismatches.push({
      field,
      front: (viz?.[field] as string | null | undefined) ?? null,
      back: (fromMrz?.[field] as string | null | undefined) ?? null,
      ...(barcode.fields[field] !== undefined
        ? { barcode: (barcode.fields[field] as string | null) ?? null }
        : {}),
    });
  };

  // Check-digit-protected fields.
  for (const field of ['idNumber', 'birthDate', 'dateOfExpiry'] as const) {
    const m = fromMrz?.[field] ?? null;
    const v = viz?.[field] ?? null;
    const b = barcode.fields[field] ?? null;
    const present = [m, v, b].filter((x): x is string => x !== null);
    fields[field] = m ?? b ?? v;
    if (present.length < 2) continue;
    compared.push(field);
    const key = (x: string): string => compact(x) as string;
    if (present.every((x) => key(x) === key(present[0] as string))) continue;
    const spec = layout?.checks.find((c) => c.name === CHECK_OF[field]);
    const digit = spec && lines ? evaluateCheck(lines, spec).read : null;
    const width = spec?.data[0] ? spec.data[0].end - spec.data[0].start : 9;
    const passes = (x: string): boolean =>
      digit !== null &&
      mrzCheckDigit(mrzForm(field, field === 'idNumber' ? key(x) : x, width)) === digit;
    const mrzValid = spec && lines ? evaluateCheck(lines, spec).valid : false;
    if (b !== null) {
      // The exact barcode outvotes a reading that differs as OCR misreads do, or that lost one
      // character (the VIZ's `J1909819` for `J1909819J`, development sample 1478).
      const othersAreMisreads = [m, v].every(
        (x) =>
          x === null ||
          key(x) === key(b) ||
          closeRead(key(x), key(b)) ||
          droppedOne(key(x), key(b)),
      );
      const consistentWithMrz = m === null || key(m) === key(b) || passes(b);
      if (othersAreMisreads && consistentWithMrz) {
        fields[field] = b;
        resolutions.push({
          field,
          value: b,
          sources: (['mrz', 'viz', 'barcode'] as IdentitySource[]).filter(
            (_, i) => [m, v, b][i] !== null && key([m, v, b][i] as string) === key(b),
          ),
          evidence: 'barcode',
        });
        continue;
      }
    } else if (m !== null && v !== null) {
      // The VIZ misread: the MRZ value holds its check digit, the VIZ value does not. Not when the
      // MRZ reader chose a character of the number to make that digit hold: the digit is then no
      // evidence (a misread check digit would have steered it).
      const segment = spec?.data[0];
      const chosenByDigit =
        field === 'idNumber' &&
        segment !== undefined &&
        (mrz?.repairs ?? []).some(
          (r) => r.line === segment.line && r.column >= segment.start && r.column < segment.end,
        );
      // And only where the digit tells the two apart: at a place where the VIZ reads a character
      // whose value differs from the MRZ's by ten (`G` and `6`, `M` and `W`), the MRZ's value and
      // the VIZ's pass alike, whatever the VIZ misread elsewhere.
      // (Dates are digits, each weighed by 7, 3 or 1: their digit tells every single change.)
      const [mrzKey, vizKey] = [key(m), key(v)];
      const digitTellsApart =
        field !== 'idNumber' ||
        [...mrzKey].every(
          (char, at) =>
            vizKey[at] === undefined ||
            vizKey[at] === char ||
            !passes(mrzKey.slice(0, at) + (vizKey[at] as string) + mrzKey.slice(at + 1)),
        );
      if (
        mrzValid &&
        !chosenByDigit &&
        !passes(v) &&
        closeRead(key(v), key(m)) &&
        digitTellsApart
      ) {
        resolutions.push({ field, value: m, sources: ['mrz'], evidence: 'check-digit' });
        continue;
      }
      // Neither barcode field: a payload token equal to exactly one reading decides.
      const supported = [m, v].filter((x) => barcode.tokens.has(key(x).replace(/-/g, '')));
      if (supported.length === 1 && passes(supported[0] as string) && closeRead(key(m), key(v))) {
        const value = supported[0] as string;
        fields[field] = value;
        resolutions.push({
          field,
          value,
          sources: [value === m ? 'mrz' : 'viz', 'barcode'],
          evidence: 'barcode',
        });
        continue;
      }
    }
    mismatch(field);
  }

  // Names: the MRZ is compared with the printed names by ICAO 9303's rules.
  const mrzField = mrz && lines ? mrzNameField(mrz.format, lines) : null;
  for (const field of ['lastNames', 'firstNames'] as const) {
    const m = fromMrz?.[field] ?? null;
    const printed = field === 'lastNames' ? printedLast : printedFirst;
    const b = barcode.fields[field] ?? null;
    fields[field] = m ?? b ?? printed;
    const sources = [m, printed, b].filter((x) => x !== null).length;
    if (sources < 2) {
      // No check digit covers a name: an MRZ name that no other reading confirms (the visual zone
      // was read but not this name) could carry any misread (`SOFIAKHAA`, `OE` for `ZOE`), so it
      // is reported, never taken on the MRZ's word.
      if (viz !== null && m !== null && m !== '') mismatch(field);
      continue;
    }
    compared.push(field);
    const agrees = (name: string, reading: PrintedNameReading = {}): boolean => {
      if (mrzField === null) return true;
      const agreement = compareMrzName(
        mrzField,
        field === 'lastNames' ? name : null,
        field === 'firstNames' ? name : null,
        reading,
      );
      return agreement[field] !== false;
    };
    const vizExact = printed === null || agrees(printed);
    // The VIZ OCR has no diacritics: `ASTROM` read for `ÅSTRÖM` still agrees with `AASTROEM`.
    const vizOk = vizExact || agrees(printed, { byOcr: true });
    const barcodeOk = b === null || agrees(b);
    const printedAgree = printed === null || b === null || sameLetters(printed, b);
    if (b !== null && barcodeOk && printed !== null && !(vizOk && printedAgree)) {
      // The exact barcode and the MRZ agree; the VIZ OCR read one letter of the name otherwise
      // (`TUKASZ` for `ŁUKASZ`). Two independent readings outweigh one OCR slip; a front of
      // another person differs by more than a letter.
      if (oneLetterApart(printed, b)) {
        fields[field] = b;
        resolutions.push({ field, value: b, sources: ['mrz', 'barcode'], evidence: 'barcode' });
        continue;
      }
    }
    if (vizOk && barcodeOk && printedAgree) {
      // The printed name is the full one (the MRZ may be truncated or transliterated); when its
      // diacritics were lost to the OCR, the MRZ's writing of it is the better one, unless cut.
      const ocrLostDiacritics =
        !vizExact &&
        printed !== null &&
        mrzField !== null &&
        mrzHoldsWhole(mrzField, field, printed);
      // Cut and read without diacritics: the MRZ's writing as far as it goes, then the printed tail.
      const identifier =
        b === null && mrzField !== null && !ocrLostDiacritics
          ? cutIdentifier(mrzField, field)
          : null;
      // The marks above the printed name tell some letters the OCR read plain (`markedForms`).
      const marks = identifier !== null && printed !== null ? marksOf(printed) : null;
      const cut =
        identifier !== null && printed !== null
          ? completeCut(identifier, printed, marks ?? undefined)
          : null;
      // The tail written otherwise than read, by its marks (`BJORN` under two dots: `BJOERN`).
      const writtenByMarks =
        cut !== null &&
        identifier !== null &&
        printed !== null &&
        cut.name !== completeCut(identifier, printed)?.name;
      // The MRZ cut the name right after a word (`MARIA<JOSE<`) where the OCR ran that word into
      // the next (`JOSELUKASZ`): the filler says where the space was.
      const lostSpace =
        cut !== null &&
        mrzField !== null &&
        endsOnFiller(mrzField, field) &&
        /^\p{L}/u.test(cut.tail);
      // The tail only the OCR read carries a mark it could not read (`BJORN` for `BJÖRN`, the
      // dots not seen apart): the name cannot be written right from this reading. A gap in the
      // ink where the MRZ's last filler puts the space (`JEAN<PIERRE<` over `PIERREWILLEM`) is
      // that space, explained.
      if (
        cut !== null &&
        printed !== null &&
        marks !== null &&
        markOnTail(
          printed,
          marks,
          cut.tailStart,
          lostSpace ? [...cut.lostSpaces, cut.tailStart] : cut.lostSpaces,
          cut.splitAtEnd,
        )
      ) {
        mismatch(field);
        continue;
      }
      const cutName = lostSpace
        ? `${cut.head} ${cut.tail}`.replace(/\s+/g, ' ').trim()
        : !vizExact || writtenByMarks
          ? (cut?.name ?? null)
          : null;
      const full = b ?? (ocrLostDiacritics ? m : (cutName ?? printed)) ?? m;
      if (full !== null && m !== null && !sameLetters(full, m))
        resolutions.push({
          field,
          value: full,
          sources: [
            'mrz',
            ...(printed !== null ? (['viz'] as const) : []),
            ...(b !== null ? (['barcode'] as const) : []),
          ],
          evidence: 'name-rules',
        });
      fields[field] = full;
      continue;
    }
    mismatch(field);
  }
  fields.name = [fields.firstNames, fields.lastNames].filter(Boolean).join(' ') || null;

  // Sex and nationality: no check digit; agreement, or the exact barcode with one other reading.
  // The MRZ writes an unspecified sex as a filler where the VIZ prints `X` (ICAO 9303 Part 4).
  const mrzSexChar = lines && mrz ? (lines[1] ?? '')[mrz.format === 'TD1' ? 7 : 20] : undefined;
  for (const field of ['gender', 'nationality'] as const) {
    const m = fromMrz?.[field] ?? (field === 'gender' && mrzSexChar === '<' ? 'X' : null);
    const v = viz?.[field] ?? null;
    const b = barcode.fields[field] ?? null;
    const present = [m, v, b].filter((x): x is string => x !== null);
    fields[field] = m ?? b ?? v;
    if (present.length < 2) continue;
    compared.push(field);
    if (present.every((x) => x === present[0])) continue;
    if (b !== null && (b === m || b === v)) {
      fields[field] = b;
      resolutions.push({
        field,
        value: b,
        sources: (['mrz', 'viz', 'barcode'] as IdentitySource[]).filter(
          (_, i) => [m, v, b][i] === b,
        ),
        evidence: 'barcode',
      });
      continue;
    }
    mismatch(field);
  }
  fields.adult = isAdultOn(fields.birthDate);

  const order: (keyof DocumentFields)[] = [
    'lastNames',
    'firstNames',
    'idNumber',
    'birthDate',
    'dateOfExpiry',
    'nationality',
    'gender',
  ];
  const sort = <T>(items: T[], key: (item: T) => keyof DocumentFields): T[] =>
    items.sort((a, b) => order.indexOf(key(a)) - order.indexOf(key(b)));
  return {
    mrz,
    fields,
    crossCheck: {
      consistent: mismatches.length === 0,
      compared: sort(compared, (f) => f),
      mismatches: sort(mismatches, (m) => m.field),
      resolutions,
    },
  };
}
