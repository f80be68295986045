import {
  pipeLayoutFields,
  type AnalysisFieldName,
  type BarcodeFieldReadings,
  type BarcodeResult,
  type MrzResult,
} from '@idv/contract';

/** A barcode's reading of the compared fields (only those it carries). */
export type BarcodeFields = Partial<Record<AnalysisFieldName, string>>;

/** The MRZ lines of a text, without spaces (a barcode that embeds the MRZ carries its lines). */
const mrzLines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.replace(/\s+/g, '').toUpperCase())
    .filter((line) => /^[A-Z0-9<]{30,44}$/.test(line));

/**
 * The fields of a barcode from a back answer stored before the analysis gave each barcode its
 * `fields`: the pipe layout read from the payload (`pipeLayoutFields`, as the analysis reads it),
 * or, for a barcode embedding the document's own MRZ (some states print the MRZ in a 2D code),
 * the MRZ's values. Other payloads (a URL in a QR code) name no field.
 */
function olderAnswerFields(
  barcode: BarcodeResult,
  documentMrz: string,
  mrzValue: (field: AnalysisFieldName) => string | null,
  fields: readonly AnalysisFieldName[],
): BarcodeFields {
  const pipe: BarcodeFieldReadings | null = pipeLayoutFields(barcode.raw);
  if (pipe !== null) return pipe;
  const found: BarcodeFields = {};
  if (documentMrz === '' || mrzLines(barcode.raw).join('\n') !== documentMrz) return found;
  for (const field of fields) {
    const value = mrzValue(field);
    if (value !== null) found[field] = value;
  }
  return found;
}

/**
 * What the document's barcodes say of each field, for the review's barcode column: each barcode's
 * own readings as the analysis answered them (`BarcodeResult.fields`), read from the payload for
 * answers stored before that field (`olderAnswerFields`). The first barcode naming a field wins,
 * as in the analysis.
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
    const found = barcode.fields ?? olderAnswerFields(barcode, documentMrz, mrzValue, fields);
    for (const [field, value] of Object.entries(found) as [AnalysisFieldName, string][])
      if (value) read[field] ??= value;
  }
  return read;
}
