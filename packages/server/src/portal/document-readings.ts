import type {
  AnalysisFieldName,
  BackAnalysis,
  CrossCheck,
  DocumentReadings,
  FrontAnalysis,
  MrzResult,
  ReadingRow,
  ReadingState,
} from '@idv/contract';
import { barcodeFields } from './barcode-readings.js';

/** A front analysis as the pipeline stores it (the portrait is kept apart, as bytes). */
export type StoredFront = Omit<FrontAnalysis, 'faceImage'>;

/** The fields compared side by side, in reading order (the derived `name` and `adult` are left out). */
const FIELDS: readonly AnalysisFieldName[] = [
  'lastNames',
  'firstNames',
  'birthDate',
  'gender',
  'nationality',
  'idNumber',
  'dateOfIssue',
  'dateOfExpiry',
];

/** The MRZ's reading of each field (the MRZ carries no issue date). */
function mrzValue(mrz: MrzResult | null | undefined, field: AnalysisFieldName): string | null {
  if (!mrz) return null;
  const f = mrz.fields;
  const byField: Partial<Record<AnalysisFieldName, string | null>> = {
    lastNames: f.lastName,
    firstNames: f.firstName,
    birthDate: f.birthDate,
    gender: f.sex,
    nationality: f.nationality,
    idNumber: f.documentNumber,
    dateOfExpiry: f.expirationDate,
  };
  return byField[field] ?? null;
}

/** The visual zone's reading of a field (the front's fields; a passport's printed page). */
function vizValue(front: StoredFront | undefined, field: AnalysisFieldName): string | null {
  const value = front?.fields[field];
  return value === null || value === undefined ? null : String(value);
}

/** How the readings of one field compare, by the analysis's own cross-check first. */
function stateOf(
  field: AnalysisFieldName,
  values: (string | null)[],
  crossCheck: CrossCheck | null,
): ReadingState {
  if (crossCheck?.mismatches.some((m) => m.field === field)) return 'mismatch';
  if (crossCheck?.resolutions?.some((r) => r.field === field)) return 'resolved';
  const read = values.filter((v): v is string => v !== null && v !== '');
  if (read.length < 2) return 'single';
  // Readings the analysis did not flag but that differ as text are shown as a disagreement.
  return new Set(read.map((v) => v.toUpperCase())).size === 1 ? 'agree' : 'mismatch';
}

/**
 * The MRZ, the visual zone and the barcode of a document side by side, field by field, from the
 * analyses the pipeline kept of its accepted front and back: disagreements are the analysis's
 * cross-check mismatches (and readings that differ as text), settled ones carry their evidence.
 * The barcode's value of a field is the cross-check's where it compared one, else what the
 * decoded barcodes carry (`barcodeFields`): an agreeing barcode shows its values too, not dashes
 * beside the list of barcodes. Null when nothing was read (no accepted document capture, or the
 * analyses were deleted with the data).
 */
export function documentReadings(
  front: StoredFront | undefined,
  back: BackAnalysis | undefined,
): DocumentReadings | null {
  if (front === undefined && back === undefined) return null;
  const mrz = back?.mrz ?? front?.mrz ?? null;
  const crossCheck = back?.crossCheck ?? front?.crossCheck ?? null;
  const barcodes = back?.barcodes ?? [];
  const fromBarcodes = barcodeFields(barcodes, mrz, (field) => mrzValue(mrz, field), FIELDS);
  const rows: ReadingRow[] = [];
  for (const field of FIELDS) {
    const mismatch = crossCheck?.mismatches.find((m) => m.field === field);
    const resolution = crossCheck?.resolutions?.find((r) => r.field === field) ?? null;
    const viz = vizValue(front, field) ?? mismatch?.front ?? null;
    const fromMrz = mrzValue(mrz, field) ?? mismatch?.back ?? null;
    const barcode =
      mismatch?.barcode ??
      (resolution !== null && resolution.sources.includes('barcode') ? resolution.value : null) ??
      fromBarcodes[field] ??
      null;
    if (viz === null && fromMrz === null && barcode === null) continue;
    rows.push({
      field,
      mrz: fromMrz,
      viz,
      barcode,
      state: stateOf(field, [fromMrz, viz, barcode], crossCheck),
      resolution:
        resolution === null
          ? null
          : { value: resolution.value, sources: resolution.sources, evidence: resolution.evidence },
    });
  }
  return {
    rows,
    mrzRaw: mrz?.raw ?? null,
    mrzValid: mrz === null ? null : mrz.valid,
    barcodes,
  };
}
