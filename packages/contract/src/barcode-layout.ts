/*
 * The `IDV1|…` barcode layout, read in one place: the analysis reads it into each barcode's
 * `fields`, and the server reads it from `raw` for back answers stored before that field.
 */
import type { BarcodeFieldReadings } from './analysis.js';

/** The first part of every payload in the pipe layout. */
export const PIPE_LAYOUT_TAG = 'IDV1';

/** `YYYYMMDD` as `YYYY-MM-DD`, else undefined. */
function isoDate(compact: string | undefined): string | undefined {
  return compact !== undefined && /^\d{8}$/.test(compact)
    ? `${compact.slice(0, 4)}-${compact.slice(4, 6)}-${compact.slice(6, 8)}`
    : undefined;
}

/** `value` when it passes `pattern` (when given) and is not empty, else undefined. */
function kept(value: string | undefined, pattern?: RegExp): string | undefined {
  return value && (pattern === undefined || pattern.test(value)) ? value : undefined;
}

/**
 * The fields of a barcode payload in the pipe-separated layout of the platform's test documents
 * (and of many national ID barcodes):
 * `IDV1|state|number|surnames|given names|YYYYMMDD birth|sex|YYYYMMDD expiry|nationality|personal`.
 * Only the fields read are set (an empty part, a malformed date, sex or nationality is left
 * out). Null when the payload is not in this layout.
 */
export function pipeLayoutFields(raw: string): BarcodeFieldReadings | null {
  const parts = raw.split('|');
  if (parts[0] !== PIPE_LAYOUT_TAG || parts.length < 9) return null;
  const [, , number, last, first, birth, sex, expiry, nationality] = parts;
  const read: Record<keyof BarcodeFieldReadings, string | undefined> = {
    idNumber: kept(number),
    lastNames: kept(last),
    firstNames: kept(first),
    birthDate: isoDate(birth),
    gender: kept(sex, /^[MFX]$/),
    dateOfExpiry: isoDate(expiry),
    nationality: kept(nationality, /^[A-Z]{1,3}$/),
  };
  const fields: BarcodeFieldReadings = {};
  for (const [field, value] of Object.entries(read) as [keyof BarcodeFieldReadings, string][])
    if (value !== undefined) fields[field] = value;
  return fields;
}
