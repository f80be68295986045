/**
 * One identity, three readings: the MRZ, the visual zone (VIZ) and the barcodes. This module compares
 * them field by field and decides: a disagreement is settled only by evidence (an exact barcode, a
 * check digit that one reading fails, an ICAO code, ICAO 9303 name rules, a known OCR confusion
 * confirmed by the other reading), otherwise the field is reported as a mismatch and the side is
 * refused. A value is never guessed. The rules are written out in the package README.
 */
import type {
  BarcodeResult,
  CrossCheck,
  DocumentFields,
  FieldMismatch,
  FieldResolution,
  IdentitySource,
  MrzRepair,
  MrzResult,
} from '../types.js';
import { markOnTail, marksOfText } from './diacritic-marks.js';
import { readBarcodeFields, type BarcodeReading } from './barcode-fields.js';
import { isKnownState } from './countries.js';
import { isAdultOn } from './dates.js';
import { mrzCheckDigit } from './mrz-check-digit.js';
import type { MrzCheckSpec, MrzLayout } from './mrz-layout.js';
import {
  compareMrzName,
  completeCut,
  mrzNameField,
  mrzNameFieldPosition,
  mrzNameMatches,
  splitMrzName,
  type PrintedNameReading,
} from './mrz-names.js';
import { fieldsFromMrz, mrzFromCandidates, mrzLayoutOf, mrzResultFromLines } from './mrz-read.js';
import { evaluateCheck } from './mrz-repair.js';
import { repairNameWithViz } from './name-repair.js';
import { namesFromUnlabelledLines, resemblesNameField } from './viz-names.js';

/** The readings of one document's identity. */
export interface IdentityReadings {
  mrz: MrzResult | null;
  /** Fields of the visual zone (the front of a card, the printed part of a passport page). */
  viz: DocumentFields | null | undefined;
  /** The issuing country named on the front, when read. */
  vizCountry?: string | null;
  /**
   * The visual zone's text lines as OCR returned them: where the labels of the names were not
   * read, the printed names are located among them (`namesFromUnlabelledLines`).
   */
  vizLines?: readonly string[] | undefined;
  /**
   * The marks seen above the characters of each of `vizLines` (`diacritic-marks.ts`), which the
   * OCR text lost; absent when not measured.
   */
  vizMarks?: readonly string[] | undefined;
  barcodes: readonly BarcodeResult[];
}

/** What was decided: the MRZ after evidence-backed repairs, the identity, and the comparison. */
export interface IdentityDecision {
  mrz: MrzResult | null;
  fields: DocumentFields;
  crossCheck: CrossCheck;
}

type CheckedField = 'idNumber' | 'birthDate' | 'dateOfExpiry';
const CHECK_OF: Readonly<Record<CheckedField, MrzCheckSpec['name']>> = {
  idNumber: 'documentNumber',
  birthDate: 'birthDate',
  dateOfExpiry: 'expirationDate',
};

/** Letters OCR confuses with each other, for state codes (digits are already forced to letters). */
const LETTER_CONFUSIONS: Readonly<Record<string, string>> = {
  O: 'CDQGU',
  C: 'OGE',
  D: 'OB',
  G: 'COQ',
  Q: 'OG',
  E: 'FBC',
  F: 'EP',
  P: 'FR',
  R: 'PBK',
  B: 'ERD',
  I: 'LTJ',
  L: 'IT',
  T: 'IYL',
  J: 'I',
  U: 'VO',
  V: 'UY',
  M: 'NWH',
  N: 'MH',
  H: 'NM',
  W: 'MV',
  K: 'XR',
  X: 'KY',
  Y: 'VXT',
};

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

/** Upper-case letters and digits only. */
function compact(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const text = value.toUpperCase().replace(/[^A-Z0-9]/g, '');
  return text.length > 0 ? text : null;
}

/**
 * Two readings of one printed name agree letter for letter, diacritics aside (the VIZ OCR drops
 * them) and `ß` as the `B` or `S` that OCR reads for it, or as `SS`.
 */
function sameLetters(a: string, b: string): boolean {
  const letters = (text: string, sharpS: string): string | null =>
    compact(
      text
        .replace(/[ßẞ]/g, sharpS)
        .normalize('NFD')
        .replace(/\p{M}+/gu, ''),
    );
  return ['B', 'S', 'SS'].some((sharpS) => letters(a, sharpS) === letters(b, sharpS));
}

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

/** Two reads of one value that differ as OCR misreads do: same length, at most two characters. */
function closeRead(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let differences = 0;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) differences++;
  return differences <= 2;
}

/** Letters folded onto the digits OCR confuses them with, to compare two reads of one number. */
function lookalikeKey(text: string): string {
  const fold: Readonly<Record<string, string>> = {
    O: '0',
    D: '0',
    Q: '0',
    I: '1',
    L: '1',
    Z: '2',
    A: '4',
    S: '5',
    G: '6',
    T: '7',
    B: '8',
  };
  return [...text].map((c) => fold[c] ?? c).join('');
}

/** A field's value as the MRZ writes it (`YYMMDD` dates, the number padded with fillers). */
function mrzForm(field: CheckedField, value: string, width: number): string {
  if (field === 'idNumber') return value.padEnd(width, '<');
  return value.slice(2, 4) + value.slice(5, 7) + value.slice(8, 10);
}

function setText(
  lines: string[],
  line: number,
  start: number,
  text: string,
  repairs: MrzRepair[],
): string[] {
  const current = lines[line] as string;
  for (let i = 0; i < text.length; i++)
    if (current[start + i] !== text[i])
      repairs.push({
        line,
        column: start + i,
        from: current[start + i] ?? '',
        to: text[i] as string,
      });
  return lines.map((l, i) =>
    i === line ? l.slice(0, start) + text + l.slice(start + text.length) : l,
  );
}

/** One entry per changed position: the character first read and the one finally kept. */
function mergeRepairs(repairs: readonly MrzRepair[]): MrzRepair[] {
  const byPosition = new Map<string, MrzRepair>();
  for (const repair of repairs) {
    const key = `${repair.line}:${repair.column}`;
    const earlier = byPosition.get(key);
    byPosition.set(key, earlier ? { ...earlier, to: repair.to } : { ...repair });
  }
  return [...byPosition.values()].filter((repair) => repair.from !== repair.to);
}

function parseEmbeddedMrz(lines: string[]): MrzResult | null {
  return mrzFromCandidates(lines, 'paddleocr');
}

/** Mutable state of one decision. */
interface Work {
  lines: string[] | null;
  layout: MrzLayout | null;
  repairs: MrzRepair[];
  resolutions: FieldResolution[];
}

/** Repairs an unknown state code into the one known code among its OCR confusions that another reading gives. */
function repairStateCode(
  work: Work,
  line: number,
  start: number,
  evidence: readonly (string | null | undefined)[],
  field: 'nationality' | null,
): void {
  if (!work.lines) return;
  const code = (work.lines[line] as string).slice(start, start + 3);
  const trimmed = code.replace(/<+$/, '');
  if (trimmed.length > 0 && isKnownState(trimmed)) return;
  const candidates = new Set<string>();
  for (let i = 0; i < 3; i++)
    for (const alternative of LETTER_CONFUSIONS[code[i] as string] ?? '') {
      const candidate = code.slice(0, i) + alternative + code.slice(i + 1);
      if (isKnownState(candidate.replace(/<+$/, ''))) candidates.add(candidate);
    }
  const confirmed = [...candidates].filter((candidate) =>
    evidence.some((e) => e !== null && e !== undefined && e === candidate.replace(/<+$/, '')),
  );
  if (confirmed.length !== 1) return;
  const value = confirmed[0] as string;
  work.lines = setText(work.lines, line, start, value, work.repairs);
  if (field)
    work.resolutions.push({
      field,
      value: value.replace(/<+$/, ''),
      sources: ['mrz', 'viz'],
      evidence: 'icao-code',
    });
}

/**
 * A check-digit-protected MRZ field that fails its digit, repaired from another reading that passes it:
 * either a misread of up to two characters, or a character dropped by OCR (the rest of the line shifted
 * into the filler) when re-inserting it makes every check digit of the line hold.
 */
function repairCheckedField(
  work: Work,
  field: CheckedField,
  reference: string | null,
  exact: boolean,
): void {
  if (!work.lines || !work.layout || reference === null) return;
  const spec = work.layout.checks.find((c) => c.name === CHECK_OF[field]);
  if (!spec) return;
  const segment = spec.data[0];
  if (!segment) return;
  const attempt = (candidate: string[]): boolean =>
    (work.layout as MrzLayout).checks
      .filter((c) => c.data.some((d) => d.line === segment.line))
      .every((c) => evaluateCheck(candidate, c).valid);
  // A line whose digits all hold is changed only by an exact reading (a barcode): two values that
  // differ by 10 per position (M/W, S/5 with D/0…) hold the same digits.
  if (attempt(work.lines) && !exact) return;
  const width = segment.end - segment.start;
  const wanted = mrzForm(field, reference, width);
  if (wanted.length !== width) return;
  const line = work.lines[segment.line] as string;
  const read = line.slice(segment.start, segment.end);
  if (read === wanted) return;
  if (closeRead(read, wanted)) {
    const repairs: MrzRepair[] = [];
    const candidate = setText(work.lines, segment.line, segment.start, wanted, repairs);
    if (evaluateCheck(candidate, spec).valid && attempt(candidate)) {
      work.lines = candidate;
      work.repairs.push(...repairs);
      work.resolutions.push({
        field,
        value: reference,
        sources: ['mrz', exact ? 'barcode' : 'viz'],
        evidence: exact ? 'barcode' : 'check-digit',
      });
      return;
    }
  }
  if (field !== 'idNumber') return;
  // A dropped character: the read field is the wanted one minus one character, shifted left.
  const shifted = line.slice(segment.start, segment.end - 1);
  for (let k = 0; k < width; k++) {
    if (lookalikeKey(wanted.slice(0, k) + wanted.slice(k + 1)) !== lookalikeKey(shifted)) continue;
    const rest = line.slice(segment.end - 1);
    // Give back the filler OCR's line-length fit added at the end of the last run of fillers.
    const lastRun = rest.lastIndexOf('<');
    if (lastRun < 0) continue;
    const restored = rest.slice(0, lastRun) + rest.slice(lastRun + 1);
    const newLine = line.slice(0, segment.start) + wanted + restored;
    if (newLine.length !== line.length) continue;
    const candidate = work.lines.map((l, i) => (i === segment.line ? newLine : l));
    if (!attempt(candidate)) continue;
    const repairs: MrzRepair[] = [];
    setText(work.lines, segment.line, 0, newLine, repairs);
    work.lines = candidate;
    work.repairs.push(...repairs);
    work.resolutions.push({
      field,
      value: reference,
      sources: ['mrz', exact ? 'barcode' : 'viz'],
      evidence: 'ocr-confusion',
    });
    return;
  }
}

/** The identity fields decided from every reading (see the module comment). */
export function decideIdentity(readings: IdentityReadings): IdentityDecision {
  const viz = withUnlabelledNames(readings);
  const barcode: BarcodeReading = readBarcodeFields(readings.barcodes, parseEmbeddedMrz);
  const work: Work = {
    lines: readings.mrz ? readings.mrz.raw.split('\n') : null,
    layout: readings.mrz ? mrzLayoutOf(readings.mrz.format) : null,
    repairs: readings.mrz ? [...readings.mrz.repairs] : [],
    resolutions: [],
  };
  const format = readings.mrz?.format ?? null;
  const before = work.lines?.join('\n');

  // 1. The name field, with the printed names (or the barcode's) as evidence.
  let printedLast = viz?.lastNames ?? null;
  let printedFirst = viz?.firstNames ?? null;
  if (work.lines && format) {
    const field = mrzNameField(format, work.lines);
    const reference =
      printedLast !== null || printedFirst !== null
        ? { last: printedLast, first: printedFirst }
        : { last: barcode.fields.lastNames ?? null, first: barcode.fields.firstNames ?? null };
    if (reference.last !== null || reference.first !== null) {
      // The visual zone is read by an OCR without diacritics; a barcode is exact.
      const reading = { byOcr: printedLast !== null || printedFirst !== null };
      const repair = repairNameWithViz(field, reference.last, reference.first, reading);
      if (repair) {
        if (repair.field !== field) {
          const { line, start } = mrzNameFieldPosition(format);
          work.lines = setText(work.lines, line, start, repair.field, work.repairs);
          work.resolutions.push({
            field: 'name',
            value: [repair.firstNames, repair.lastNames].filter(Boolean).join(' '),
            sources: ['mrz', printedLast !== null ? 'viz' : 'barcode'],
            evidence: 'ocr-confusion',
          });
        }
        if (printedLast !== null || printedFirst !== null) {
          printedLast = repair.lastNames;
          printedFirst = repair.firstNames;
        }
      }
    }
  }

  // 2. State codes: an unknown code is repaired only into a known one that another reading confirms.
  if (work.lines && format) {
    const nationalityAt = format === 'TD1' ? { line: 1, start: 15 } : { line: 1, start: 10 };
    // The other code of the MRZ is no evidence: a foreigner's nationality (`BOL` read `OOL`) would
    // become the issuing state's (`COL`).
    repairStateCode(
      work,
      nationalityAt.line,
      nationalityAt.start,
      [viz?.nationality, barcode.fields.nationality],
      'nationality',
    );
    repairStateCode(work, 0, 2, [readings.vizCountry], null);
  }

  // 3. Check-digit fields that fail their digit, repaired from the barcode (exact) or the VIZ.
  const exactNumber = compact(barcode.fields.idNumber);
  repairCheckedField(work, 'idNumber', exactNumber ?? compact(viz?.idNumber), exactNumber !== null);
  for (const field of ['birthDate', 'dateOfExpiry'] as const) {
    const exact = barcode.fields[field] ?? null;
    repairCheckedField(work, field, exact ?? viz?.[field] ?? null, exact !== null);
  }

  let mrz = readings.mrz;
  if (readings.mrz && work.lines && work.layout && work.lines.join('\n') !== before)
    mrz =
      mrzResultFromLines(
        work.lines,
        work.layout,
        readings.mrz.reader,
        mergeRepairs(work.repairs),
      ) ?? readings.mrz;

  return compareReadings(mrz, viz, printedLast, printedFirst, barcode, work.resolutions, (text) =>
    marksOfText(text, readings.vizLines, readings.vizMarks),
  );
}

/**
 * The visual zone's fields, with the names located without their labels where the labelled ones
 * were not read, or where what sits under a label is no stretch of the MRZ name field (a misread
 * label such as `NATIONAUTY` taken for a name) while another line is.
 */
function withUnlabelledNames(readings: IdentityReadings): DocumentFields | null {
  const viz = readings.viz ?? null;
  if (viz === null || !readings.mrz || !readings.vizLines) return viz;
  const field = mrzNameField(readings.mrz.format, readings.mrz.raw.split('\n'));
  const labelled = (name: string | null): string | null =>
    name !== null && resemblesNameField(name, field) ? name : null;
  let lastNames = labelled(viz.lastNames);
  let firstNames = labelled(viz.firstNames);
  if (lastNames !== null && firstNames !== null) return viz;
  const found = namesFromUnlabelledLines(readings.vizLines, field);
  lastNames ??= found.lastNames ?? viz.lastNames;
  firstNames ??= (found.firstNames !== lastNames ? found.firstNames : null) ?? viz.firstNames;
  return { ...viz, lastNames, firstNames };
}

/** Field-by-field comparison of the (repaired) readings. */
function compareReadings(
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
      const othersAreMisreads = [m, v].every(
        (x) => x === null || key(x) === key(b) || closeRead(key(x), key(b)),
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
      if (mrzValid && !chosenByDigit && !passes(v) && closeRead(key(v), key(m))) {
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
      const cut = identifier !== null && printed !== null ? completeCut(identifier, printed) : null;
      // The tail only the OCR read carries a mark it could not read (`BJORN` for `BJÖRN`): the
      // name cannot be written right from this reading.
      const marks = cut !== null && printed !== null ? marksOf(printed) : null;
      if (
        cut !== null &&
        printed !== null &&
        marks !== null &&
        markOnTail(printed, marks, cut.tailStart)
      ) {
        mismatch(field);
        continue;
      }
      // The MRZ cut the name right after a word (`MARIA<JOSE<`) where the OCR ran that word into
      // the next (`JOSELUKASZ`): the filler says where the space was.
      const lostSpace =
        cut !== null &&
        mrzField !== null &&
        endsOnFiller(mrzField, field) &&
        /^\p{L}/u.test(cut.tail);
      const cutName = lostSpace
        ? `${cut.head} ${cut.tail}`.replace(/\s+/g, ' ').trim()
        : !vizExact
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
