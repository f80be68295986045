import { parse } from 'mrz';
import type { TextLine } from '../models/paddle-ocr.js';
import type { DocumentFields, DocumentType, MrzCheck, MrzRepair, MrzResult } from '../types.js';
import { isKnownState } from './countries.js';
import { isAdultOn, mrzDate } from './dates.js';
import { mapMrzGlyphs } from './mrz-glyphs.js';
import {
  CARD_CODE_LETTERS,
  DRIVING_LICENCE_CODE_LETTER,
  ICAO_CODE_LETTERS,
  PASSPORT_CODE_LETTER,
  opensWithCodeLetter,
} from './mrz-document-codes.js';
import { MRZ_LAYOUTS, type MrzLayout } from './mrz-layout.js';
import { evaluateCheck, repairMrz } from './mrz-repair.js';

/**
 * OCR text of an MRZ line in the MRZ alphabet: look-alike glyphs (`×` for `X`, `‹`/`く` for `<`,
 * full-width forms, Cyrillic and Greek capitals) are mapped, never deleted (see `mapMrzGlyphs`).
 */
export function normalizeMrzText(text: string): string {
  return mapMrzGlyphs(text);
}

/** How much of the narrower of two boxes the other covers horizontally, 0–1. */
function horizontalOverlap(a: TextLine, b: TextLine): number {
  const overlap =
    Math.min(a.box.x + a.box.width, b.box.x + b.box.width) - Math.max(a.box.x, b.box.x);
  return Math.max(0, overlap) / Math.max(1, Math.min(a.box.width, b.box.width));
}

/** Joins OCR boxes that sit on the same row (a line split in two by the detector), top to bottom. */
export function textRows(lines: TextLine[]): string[] {
  const rows: TextLine[][] = [];
  for (const line of [...lines].sort((a, b) => a.box.y - b.box.y)) {
    const middle = line.box.y + line.box.height / 2;
    const row = rows.find((r) => {
      const first = r[0] as TextLine;
      return (
        Math.abs(first.box.y + first.box.height / 2 - middle) <
          Math.max(first.box.height, line.box.height) * 0.5 &&
        // Pieces of one row sit side by side; boxes stacked over each other (two tilted MRZ lines
        // whose upright boxes overlap) are two rows.
        r.every((other) => horizontalOverlap(other, line) < 0.3)
      );
    });
    if (row) row.push(line);
    else rows.push([line]);
  }
  return rows.map((row) =>
    row
      .sort((a, b) => a.box.x - b.box.x)
      .map((l) => l.text)
      .join(''),
  );
}

/** A row long and MRZ-like enough to be a line of an MRZ on its own. */
function isMrzRow(row: string, normalized: string): boolean {
  return (
    normalized.length >= 24 &&
    normalized.length >= row.replace(/\s/g, '').length * 0.85 &&
    /<|\d{6}/.test(normalized)
  );
}

/**
 * A names line whose faint run of trailing fillers the OCR's detector lost (`P<CHLMOREAU<KJOSEKK<`
 * of a 44-character line): only the MRZ alphabet, with a filler, at least ten characters, and where
 * the names line sits: right above a full MRZ row and opening with a document code and an ICAO
 * state (TD2, TD3), or right below two full rows (TD1).
 */
function isCutNamesRow(normalized: string, position: 'above' | 'below'): boolean {
  if (normalized.length < 10 || !/^[A-Z0-9<]+$/.test(normalized) || !normalized.includes('<'))
    return false;
  if (position === 'below') return /^[A-Z]+</.test(normalized);
  // A document code (ICAO's first letter, then a letter or filler) and an ICAO state, then the names.
  return (
    opensWithCodeLetter(normalized, ICAO_CODE_LETTERS) &&
    /^.[A-Z<][A-Z<]{3}[A-Z]/.test(normalized) &&
    isKnownState(normalized.slice(2, 5).replace(/<+$/, ''))
  );
}

/**
 * Rows that look like MRZ lines (long, mostly the MRZ alphabet, with fillers), normalised, in
 * order; a names line cut short where it sits next to full rows is kept too (see `isCutNamesRow`).
 */
export function mrzCandidates(rows: string[]): string[] {
  const normalized = rows.map((row) => normalizeMrzText(row));
  const full = rows.map((row, at) => isMrzRow(row, normalized[at] as string));
  return normalized.filter(
    (text, at) =>
      full[at] ||
      (full[at + 1] === true && isCutNamesRow(text, 'above')) ||
      (full[at - 1] === true && full[at - 2] === true && isCutNamesRow(text, 'below')),
  );
}

/** Which line of a layout holds the names (the first of TD2/TD3, the last of TD1). */
function namesLineOf(layout: MrzLayout): number {
  return layout.format === 'TD1' ? 2 : 0;
}

/**
 * Fits a line to `length` by growing or shrinking its last run of fillers (OCR miscounts `<<<<`).
 * A names line read short ends in its run of trailing fillers, which is where OCR lost them.
 */
function fitLength(line: string, length: number, namesLine = false): string {
  if (line.length === length) return line;
  if (namesLine && line.length < length) return line.padEnd(length, '<');
  const runs = [...line.matchAll(/<{2,}/g)];
  const last = runs.at(-1);
  if (last && last.index !== undefined) {
    const newRun = last[0].length + (length - line.length);
    if (newRun >= 1)
      return (
        line.slice(0, last.index) + '<'.repeat(newRun) + line.slice(last.index + last[0].length)
      );
  }
  return line.length > length ? line.slice(0, length) : line.padEnd(length, '<');
}

function layoutFor(window: string[]): MrzLayout | null {
  let best: MrzLayout | null = null;
  let bestError = Infinity;
  for (const layout of MRZ_LAYOUTS) {
    if (layout.lines !== window.length) continue;
    // A names line read short counts as fitting: its trailing fillers are put back (`fitLength`).
    const error =
      window.reduce(
        (sum, line, at) =>
          sum +
          (at === namesLineOf(layout) && line.length < layout.length
            ? 0
            : Math.abs(line.length - layout.length)),
        0,
      ) / window.length;
    if (error < bestError && error <= 5) {
      bestError = error;
      best = layout;
    }
  }
  return best;
}

function code(text: string): string | null {
  const trimmed = text.replace(/<+$/g, '');
  return trimmed.length > 0 ? trimmed : null;
}

/** The layout of `format`. */
export function mrzLayoutOf(format: MrzResult['format']): MrzLayout {
  return MRZ_LAYOUTS.find((layout) => layout.format === format) as MrzLayout;
}

/**
 * Parses MRZ lines of a known layout into an {@link MrzResult}: check digits evaluated, fields parsed,
 * issuing state and nationality checked against the full ICAO 9303 list (`isKnownState`). `null` when
 * the lines cannot be parsed at all.
 */
export function mrzResultFromLines(
  lines: string[],
  layout: MrzLayout,
  reader: MrzResult['reader'],
  repairs: MrzRepair[],
): MrzResult | null {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(lines);
  } catch {
    return null;
  }
  const checks: Record<string, MrzCheck> = {};
  for (const spec of layout.checks) checks[spec.name] = evaluateCheck(lines, spec);
  const first = lines[0] as string;
  const second = lines[1] as string;
  const issuingState = code(first.slice(2, 5));
  const nationality = code(layout.format === 'TD1' ? second.slice(15, 18) : second.slice(10, 13));
  const checksValid = Object.values(checks).every((c) => c.valid);
  // Sex `X` (ICAO 9303, 8th edition) is valid though the parser only knows `M`, `F` and `<`; state
  // codes are judged by the full ICAO list (the parser's own list misses a few).
  const sexChar = layout.format === 'TD1' ? second[7] : second[20];
  const sex = sexChar === 'M' || sexChar === 'F' || sexChar === 'X' ? sexChar : null;
  const fieldsValid = parsed.details.every(
    (detail) =>
      detail.valid ||
      detail.field === 'issuingState' ||
      detail.field === 'nationality' ||
      (detail.field === 'sex' && sex === 'X'),
  );
  const statesKnown =
    issuingState !== null &&
    isKnownState(issuingState) &&
    nationality !== null &&
    isKnownState(nationality);
  return {
    format: layout.format,
    raw: lines.join('\n'),
    valid: checksValid && fieldsValid && statesKnown,
    checks,
    fields: {
      documentCode: code(first.slice(0, 2)),
      issuingState,
      documentNumber: parsed.documentNumber ?? parsed.fields.documentNumber ?? null,
      lastName: parsed.fields.lastName ?? null,
      firstName: parsed.fields.firstName ?? null,
      nationality,
      birthDate: mrzDate(parsed.fields.birthDate, 'birth'),
      sex,
      expirationDate: mrzDate(parsed.fields.expirationDate, 'expiry'),
      optional:
        parsed.fields.optional1 ?? parsed.fields.personalNumber ?? parsed.fields.optional ?? null,
    },
    repairs,
    reader,
  };
}

/** How well a reading passes its checks: its valid check digits, and 10 more when all are. */
export function mrzScore(mrz: MrzResult): number {
  return Object.values(mrz.checks).filter((c) => c.valid).length + (mrz.valid ? 10 : 0);
}

/** Reads an MRZ from candidate lines with layout detection, repair and parsing; the best window wins. */
export function mrzFromCandidates(
  candidates: string[],
  reader: MrzResult['reader'],
): MrzResult | null {
  let best: MrzResult | null = null;
  let bestScore = -1;
  for (const size of [3, 2]) {
    for (let start = 0; start + size <= candidates.length; start++) {
      const window = candidates.slice(start, start + size);
      const layout = layoutFor(window);
      if (!layout) continue;
      const fitted = window.map((line, at) =>
        fitLength(line, layout.length, at === namesLineOf(layout)),
      );
      const { lines, repairs } = repairMrz(fitted, layout);
      const result = mrzResultFromLines(lines, layout, reader, repairs);
      if (!result) continue;
      const score = mrzScore(result);
      if (score > bestScore) {
        bestScore = score;
        best = result;
      }
    }
  }
  return best;
}

/** The document type an MRZ declares (first letters of the document code). */
export function mrzDocumentType(mrz: MrzResult): DocumentType {
  const documentCode = mrz.fields.documentCode ?? '';
  if (documentCode.startsWith(PASSPORT_CODE_LETTER)) return 'PASSPORT';
  if (/^(IR|AR|CR|RP|R)/.test(documentCode)) return 'RESIDENCE_PERMIT';
  if (documentCode.startsWith(DRIVING_LICENCE_CODE_LETTER)) return 'DRIVING_LICENSE';
  if (opensWithCodeLetter(documentCode, CARD_CODE_LETTERS))
    return mrz.format === 'TD2' && documentCode !== 'ID' ? 'RESIDENCE_PERMIT' : 'ID_CARD';
  return 'UNKNOWN';
}

/** The spec's `data` fields from an MRZ (no issue date: the MRZ does not carry one). */
export function fieldsFromMrz(mrz: MrzResult): DocumentFields {
  const { fields } = mrz;
  return {
    firstNames: fields.firstName,
    lastNames: fields.lastName,
    name: [fields.firstName, fields.lastName].filter(Boolean).join(' ') || null,
    birthDate: fields.birthDate,
    dateOfIssue: null,
    dateOfExpiry: fields.expirationDate,
    idNumber: fields.documentNumber,
    nationality: fields.nationality,
    gender: fields.sex,
    adult: isAdultOn(fields.birthDate),
  };
}
