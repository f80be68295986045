/**
 * Identity fields carried by a document's barcodes. A decoded PDF417 or QR code is exact (Reed–Solomon
 * error correction): where it names a field, it is the strongest of the three readings.
 */
import type { BarcodeResult, DocumentFields, MrzResult } from '../types.js';
import { mapMrzGlyphs } from './mrz-glyphs.js';

/** Fields read from barcodes, and every token of their payloads (for formats without known fields). */
export interface BarcodeReading {
  fields: Partial<DocumentFields>;
  /** Upper-case alphanumeric tokens of every payload. */
  tokens: ReadonlySet<string>;
}

function isoFromCompact(yyyymmdd: string | undefined): string | null {
  if (!yyyymmdd || !/^\d{8}$/.test(yyyymmdd)) return null;
  return `${yyyymmdd.slice(0, 4)}-${yyyymmdd.slice(4, 6)}-${yyyymmdd.slice(6, 8)}`;
}

/**
 * `IDV1|state|number|surnames|given names|YYYYMMDD birth|sex|YYYYMMDD expiry|nationality|personal`:
 * the pipe-separated layout of the platform's test documents (and of many national ID barcodes).
 */
function pipeFields(raw: string): Partial<DocumentFields> | null {
  const parts = raw.split('|');
  if (parts[0] !== 'IDV1' || parts.length < 9) return null;
  const [, , number, last, first, birth, sex, expiry, nationality] = parts;
  return {
    idNumber: number || null,
    lastNames: last || null,
    firstNames: first || null,
    birthDate: isoFromCompact(birth),
    gender: sex && /^[MFX]$/.test(sex) ? sex : null,
    dateOfExpiry: isoFromCompact(expiry),
    nationality: nationality && /^[A-Z]{1,3}$/.test(nationality) ? nationality : null,
  };
}

/**
 * Reads the identity fields of the barcodes: known layouts field by field; a payload that embeds an
 * MRZ (some states print the MRZ text in a 2D code) through `parseMrz`.
 */
export function readBarcodeFields(
  barcodes: readonly BarcodeResult[],
  parseMrz: (lines: string[]) => MrzResult | null,
): BarcodeReading {
  const fields: Partial<DocumentFields> = {};
  const tokens = new Set<string>();
  for (const barcode of barcodes) {
    for (const token of barcode.raw.toUpperCase().split(/[^A-Z0-9]+/))
      if (token.length > 0) tokens.add(token);
    let found = pipeFields(barcode.raw);
    if (!found) {
      const lines = barcode.raw
        .split(/\r?\n/)
        .map((line) => mapMrzGlyphs(line))
        .filter((line) => [30, 36, 44].includes(line.length));
      const mrz = lines.length >= 2 ? parseMrz(lines) : null;
      if (mrz?.valid)
        found = {
          idNumber: mrz.fields.documentNumber,
          lastNames: mrz.fields.lastName,
          firstNames: mrz.fields.firstName,
          birthDate: mrz.fields.birthDate,
          gender: mrz.fields.sex,
          dateOfExpiry: mrz.fields.expirationDate,
          nationality: mrz.fields.nationality,
        };
    }
    if (!found) continue;
    for (const [key, value] of Object.entries(found) as [keyof DocumentFields, unknown][])
      if (value !== null && value !== undefined && fields[key] === undefined)
        (fields as Record<string, unknown>)[key] = value;
  }
  return { fields, tokens };
}
