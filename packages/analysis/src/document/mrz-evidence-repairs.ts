/**
 * Repairs of the MRZ from another reading of the same identity: a state code that no ICAO state
 * has, and a check-digit-protected field that fails its digit, each changed only into the value the
 * visual zone or the barcode gives (see `identity-decision.ts`).
 */
import type { FieldResolution, MrzRepair } from '../types.js';
import { isKnownState } from './countries.js';
import type { MrzCheckSpec, MrzLayout } from './mrz-layout.js';
import { evaluateCheck } from './mrz-repair.js';
import { OCR_B_CONFUSIONS, positionDifferences } from './ocr-misreads.js';

export type CheckedField = 'idNumber' | 'birthDate' | 'dateOfExpiry';
export const CHECK_OF: Readonly<Record<CheckedField, MrzCheckSpec['name']>> = {
  idNumber: 'documentNumber',
  birthDate: 'birthDate',
  dateOfExpiry: 'expirationDate',
};

/** Upper-case letters and digits only. */
export function compact(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const text = value.toUpperCase().replace(/[^A-Z0-9]/g, '');
  return text.length > 0 ? text : null;
}

/** Two reads of one value that differ as OCR misreads do: same length, at most two characters. */
export function closeRead(a: string, b: string): boolean {
  const differences = positionDifferences(a, b);
  return differences !== null && differences <= 2;
}

/**
 * `shorter` is `longer` with one character the OCR lost (`J1909819` for `J1909819J`): a misread
 * only an exact reading can settle, since the check digit of the shorter one says nothing.
 */
export function droppedOne(shorter: string, longer: string): boolean {
  if (shorter.length + 1 !== longer.length || shorter.length < 5) return false;
  for (let at = 0; at < longer.length; at++)
    if (longer.slice(0, at) + longer.slice(at + 1) === shorter) return true;
  return false;
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
export function mrzForm(field: CheckedField, value: string, width: number): string {
  if (field === 'idNumber') return value.padEnd(width, '<');
  return value.slice(2, 4) + value.slice(5, 7) + value.slice(8, 10);
}

export function setText(
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
export function mergeRepairs(repairs: readonly MrzRepair[]): MrzRepair[] {
  const byPosition = new Map<string, MrzRepair>();
  for (const repair of repairs) {
    const key = `${repair.line}:${repair.column}`;
    const earlier = byPosition.get(key);
    byPosition.set(key, earlier ? { ...earlier, to: repair.to } : { ...repair });
  }
  return [...byPosition.values()].filter((repair) => repair.from !== repair.to);
}

/** Mutable state of one decision. */
export interface Work {
  lines: string[] | null;
  layout: MrzLayout | null;
  repairs: MrzRepair[];
  resolutions: FieldResolution[];
}

/** Repairs an unknown state code into the one known code among its OCR confusions that another reading gives. */
export function repairStateCode(
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
    for (const alternative of OCR_B_CONFUSIONS[code[i] as string] ?? '') {
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
export function repairCheckedField(
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

/** Fillers this reading returned as one letter, confirmed elsewhere, before the code's letter follows. */
const FILLERS_SEEN_AS_LETTER = 2;

/**
 * The document code's second character is a filler or a letter the issuer chose (`P<`, `PD`,
 * `ID`), and no check digit covers it. When this reading returned that very letter for fillers
 * that another reading placed (the printed names, the barcode) at least twice elsewhere in the
 * MRZ, as the hollow OCR-B face's `C` (`PCMEXGARCIA<<…` read `GARCIACCWIKTORIA`), the code's
 * letter is read as a filler too: the OCR cannot tell the two apart in this photo.
 */
export function documentCodeFillerLikeRepairs(work: Work): void {
  const letter = work.lines?.[0]?.[1];
  if (!work.lines || letter === undefined || letter === '<') return;
  const seen = work.repairs.filter(
    (r) => r.from === letter && r.to === '<' && !(r.line === 0 && r.column === 1),
  ).length;
  if (seen < FILLERS_SEEN_AS_LETTER) return;
  work.lines = setText(work.lines, 0, 1, '<', work.repairs);
}
