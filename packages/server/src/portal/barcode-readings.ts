import type { AnalysisFieldName, BarcodeResult, MrzResult } from '@idv/contract';

/** A barcode's reading of the compared fields (only those it carries). */
export type BarcodeFields = Partial<Record<AnalysisFieldName, string>>;

/** `YYYYMMDD` as `YYYY-MM-DD` (the analysis's dates), else null. */
function isoDate(compact: string | undefined): string | null {
  return compact !== undefined && /^\d{8}$/.test(compact)
    ? `${compact.slice(0, 4)}-${compact.slice(4, 6)}-${compact.slice(6, 8)}`
    : null;
}

/**
 * `IDV1|state|number|surnames|given names|YYYYMMDD birth|sex|YYYYMMDD expiry|nationality|…`: the
 * pipe-separated layout the analysis reads field by field (`readBarcodeFields` of
 * `@idv/analysis`, which the package does not export), as on the platform's test cards and many
 * national ID barcodes.
 */
function pipeFields(raw: string): BarcodeFields | null {
  const parts = raw.split('|');
  if (parts[0] !== 'IDV1' || parts.length < 9) return null;
  const [, , number, last, first, birth, sex, expiry, nationality] = parts;
  const fields: Record<AnalysisFieldName, string | null | undefined> = {
    idNumber: number,
    lastNames: last,
    firstNames: first,
    birthDate: isoDate(birth),
    gender: sex !== undefined && /^[MFX]$/.test(sex) ? sex : null,
    dateOfExpiry: isoDate(expiry),
    nationality: nationality !== undefined && /^[A-Z]{1,3}$/.test(nationality) ? nationality : null,
    dateOfIssue: null,
    name: null,
    adult: null,
  };
  const read: BarcodeFields = {};
  for (const [field, value] of Object.entries(fields) as [AnalysisFieldName, string | null][])
    if (value) read[field] = value;
  return read;
}

/** The MRZ lines of a text, without spaces (a barcode that embeds the MRZ carries its lines). */
const mrzLines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.replace(/\s+/g, '').toUpperCase())
    .filter((line) => /^[A-Z0-9<]{30,44}$/.test(line));

/**
 * What the document's barcodes say of each field, for the review's barcode column: the known
 * pipe layout field by field, and a barcode embedding the document's own MRZ (some states print
 * the MRZ in a 2D code) gives the MRZ's values. The first barcode naming a field wins, as in the
 * analysis. Other payloads (a URL in a QR code) name no field.
 */
export function barcodeFields(
  barcodes: readonly BarcodeResult[],
  mrz: MrzResult | null,
  mrzValue: (field: AnalysisFieldName) => string | null,
  fields: readonly AnalysisFieldName[],
): BarcodeFields {
  const read: BarcodeFields = {};
  const documentMrz = mrz === null ? '' : mrzLines(mrz.raw).join('\n');
  for (const barcode of barcodes) {
    let found = pipeFields(barcode.raw);
    if (found === null && documentMrz !== '' && mrzLines(barcode.raw).join('\n') === documentMrz) {
      found = {};
      for (const field of fields) {
        const value = mrzValue(field);
        if (value !== null) found[field] = value;
      }
    }
    for (const [field, value] of Object.entries(found ?? {}) as [AnalysisFieldName, string][])
      read[field] ??= value;
  }
  return read;
}
