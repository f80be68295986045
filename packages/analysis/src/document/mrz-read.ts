import { parse } from 'mrz';
import type { TextLine } from '../models/paddle-ocr.js';
import type { DocumentFields, DocumentType, MrzResult } from '../types.js';
import { isAdultOn, mrzDate } from './dates.js';
import { mapMrzGlyphs } from './mrz-glyphs.js';
import { MRZ_LAYOUTS, type MrzLayout } from './mrz-layout.js';
import { repairMrz } from './mrz-repair.js';

/**
 * OCR text of an MRZ line in the MRZ alphabet: look-alike glyphs (`×` for `X`, `‹`/`く` for `<`,
 * full-width forms, Cyrillic and Greek capitals) are mapped, never deleted (see `mapMrzGlyphs`).
 */
export function normalizeMrzText(text: string): string {
  return mapMrzGlyphs(text);
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
        Math.max(first.box.height, line.box.height) * 0.5
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

/** Rows that look like MRZ lines (long, mostly the MRZ alphabet, with fillers), normalised. */
export function mrzCandidates(rows: string[]): string[] {
  return rows
    .map((row) => ({ row, normalized: normalizeMrzText(row) }))
    .filter(
      ({ row, normalized }) =>
        normalized.length >= 24 &&
        normalized.length >= row.replace(/\s/g, '').length * 0.85 &&
        /<|\d{6}/.test(normalized),
    )
    .map(({ normalized }) => normalized);
}

/** Fits a line to `length` by growing or shrinking its last run of fillers (OCR miscounts `<<<<`). */
function fitLength(line: string, length: number): string {
  if (line.length === length) return line;
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
    const error =
      window.reduce((sum, line) => sum + Math.abs(line.length - layout.length), 0) / window.length;
    if (error < bestError && error <= 5) {
      bestError = error;
      best = layout;
    }
  }
  return best;
}

function sexOf(value: string | null | undefined): string | null {
  if (value === 'male') return 'M';
  if (value === 'female') return 'F';
  if (value === 'nonspecified') return 'X';
  return null;
}

function code(text: string): string | null {
  const trimmed = text.replace(/<+$/g, '');
  return trimmed.length > 0 ? trimmed : null;
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
      const fitted = window.map((line) => fitLength(line, layout.length));
      const { lines, repairs, checks } = repairMrz(fitted, layout);
      let parsed: ReturnType<typeof parse>;
      try {
        parsed = parse(lines);
      } catch {
        continue;
      }
      const first = lines[0] as string;
      const second = lines[1] as string;
      const nationality = layout.format === 'TD1' ? second.slice(15, 18) : second.slice(10, 13);
      const checksValid = Object.values(checks).every((c) => c.valid);
      const result: MrzResult = {
        format: layout.format,
        raw: lines.join('\n'),
        valid: checksValid && parsed.valid,
        checks,
        fields: {
          documentCode: code(first.slice(0, 2)),
          issuingState: code(first.slice(2, 5)),
          documentNumber: parsed.documentNumber ?? parsed.fields.documentNumber ?? null,
          lastName: parsed.fields.lastName ?? null,
          firstName: parsed.fields.firstName ?? null,
          nationality: code(nationality),
          birthDate: mrzDate(parsed.fields.birthDate, 'birth'),
          sex: sexOf(parsed.fields.sex),
          expirationDate: mrzDate(parsed.fields.expirationDate, 'expiry'),
          optional:
            parsed.fields.optional1 ??
            parsed.fields.personalNumber ??
            parsed.fields.optional ??
            null,
        },
        repairs,
        reader,
      };
      const score = Object.values(checks).filter((c) => c.valid).length + (result.valid ? 10 : 0);
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
  if (documentCode.startsWith('P')) return 'PASSPORT';
  if (/^(IR|AR|CR|RP|R)/.test(documentCode)) return 'RESIDENCE_PERMIT';
  if (documentCode.startsWith('D')) return 'DRIVING_LICENSE';
  if (/^[IAC]/.test(documentCode))
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
