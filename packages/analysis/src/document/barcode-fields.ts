/**
 * Identity fields carried by a document's barcodes. A decoded PDF417 or QR code is exact (Reed–Solomon
 * error correction): where it names a field, it is the strongest of the three readings.
 */
import { pipeLayoutFields, type BarcodeFieldReadings } from '@idv/contract';
import type { BarcodeResult, DocumentFields, MrzResult } from '../types.js';
import { mapMrzGlyphs } from './mrz-glyphs.js';
import { mrzFromCandidates } from './mrz-read.js';

/** Fields read from barcodes, and every token of their payloads (for formats without known fields). */
export interface BarcodeReading {
  fields: Partial<DocumentFields>;
  /** Upper-case alphanumeric tokens of every payload. */
  tokens: ReadonlySet<string>;
}

/** Reads the MRZ a barcode payload embeds, as the MRZ reader reads OCR lines. */
export function parseEmbeddedMrz(lines: string[]): MrzResult | null {
  return mrzFromCandidates(lines, 'paddleocr');
}

/**
 * The identity fields one barcode carries: the pipe layout field by field (`pipeLayoutFields` of
 * `@idv/contract`); a payload that embeds an MRZ (some states print the MRZ text in a 2D code)
 * through `parseMrz`, when that MRZ passes its check digits. `{}` when the payload names no field.
 */
export function barcodeFieldReadings(
  barcode: BarcodeResult,
  parseMrz: (lines: string[]) => MrzResult | null = parseEmbeddedMrz,
): BarcodeFieldReadings {
  const pipe = pipeLayoutFields(barcode.raw);
  if (pipe !== null) return pipe;
  const lines = barcode.raw
    .split(/\r?\n/)
    .map((line) => mapMrzGlyphs(line))
    .filter((line) => [30, 36, 44].includes(line.length));
  const mrz = lines.length >= 2 ? parseMrz(lines) : null;
  if (!mrz?.valid) return {};
  const read: Record<keyof BarcodeFieldReadings, string | null> = {
    idNumber: mrz.fields.documentNumber,
    lastNames: mrz.fields.lastName,
    firstNames: mrz.fields.firstName,
    birthDate: mrz.fields.birthDate,
    gender: mrz.fields.sex,
    dateOfExpiry: mrz.fields.expirationDate,
    nationality: mrz.fields.nationality,
  };
  const fields: BarcodeFieldReadings = {};
  for (const [field, value] of Object.entries(read) as [keyof BarcodeFieldReadings, string][])
    if (value) fields[field] = value;
  return fields;
}

/** The barcodes with the fields each carries (`fields`), as the back's answer lists them. */
export function withFieldReadings(barcodes: readonly BarcodeResult[]): BarcodeResult[] {
  return barcodes.map((barcode) => ({
    format: barcode.format,
    raw: barcode.raw,
    fields: barcodeFieldReadings(barcode),
  }));
}

/**
 * Reads the identity fields of the barcodes (the `fields` the back's answer already attached to
 * each, else `barcodeFieldReadings` of it; the first barcode naming a field wins) and the tokens
 * of every payload.
 */
export function readBarcodeFields(
  barcodes: readonly BarcodeResult[],
  parseMrz: (lines: string[]) => MrzResult | null = parseEmbeddedMrz,
): BarcodeReading {
  const fields: Partial<DocumentFields> = {};
  const tokens = new Set<string>();
  for (const barcode of barcodes) {
    for (const token of barcode.raw.toUpperCase().split(/[^A-Z0-9]+/))
      if (token.length > 0) tokens.add(token);
    const found = barcode.fields ?? barcodeFieldReadings(barcode, parseMrz);
    for (const [key, value] of Object.entries(found) as [keyof BarcodeFieldReadings, string][])
      if (fields[key] === undefined) fields[key] = value;
  }
  return { fields, tokens };
}
