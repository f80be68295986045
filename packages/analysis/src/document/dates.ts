/** Date helpers for document fields (all dates `YYYY-MM-DD`). */

function valid(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function iso(year: number, month: number, day: number): string | null {
  if (!valid(year, month, day)) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * An MRZ `YYMMDD` date. Birth dates take the latest century that is not in the future; expiry dates
 * are 20YY (documents issued after 1970 expired by 2070).
 */
export function mrzDate(
  yymmdd: string | null | undefined,
  kind: 'birth' | 'expiry',
  today = new Date(),
): string | null {
  if (!yymmdd || !/^\d{6}$/.test(yymmdd)) return null;
  const yy = Number(yymmdd.slice(0, 2));
  const month = Number(yymmdd.slice(2, 4));
  const day = Number(yymmdd.slice(4, 6));
  let year = 2000 + yy;
  if (kind === 'birth' && year > today.getUTCFullYear()) year -= 100;
  if (kind === 'expiry' && yy >= 70) year -= 100;
  return iso(year, month, day);
}

/** A printed `DD.MM.YYYY` / `DD/MM/YYYY` / `DD-MM-YYYY` / `DD MM YYYY` date, or `null`. */
export function printedDateToIso(text: string): string | null {
  const match = /(\d{2})\s*[./\- ]\s*(\d{2})\s*[./\- ]\s*(\d{4})/.exec(text);
  if (!match) return null;
  return iso(Number(match[3]), Number(match[2]), Number(match[1]));
}

/** Month abbreviations printed on documents (ICAO 9303 Part 4 recommends `DD MMM YYYY`). */
const MONTHS: Readonly<Record<string, number>> = {
  JAN: 1,
  FEB: 2,
  MAR: 3,
  APR: 4,
  MAY: 5,
  JUN: 6,
  JUL: 7,
  AUG: 8,
  SEP: 9,
  OCT: 10,
  NOV: 11,
  DEC: 12,
};

/**
 * Every printed date in `text`, in order: `DD.MM.YYYY`, `DD/MM/YYYY`, `DD-MM-YYYY`, `DD MM YYYY`
 * (whose spaces OCR may lose: `27 032002`, `13012023`), and `DD MMM YYYY` with an optional second
 * language's month (`14 AUG/AOUT 2030`). Only real calendar dates of 1900–2099 count.
 */
export function findPrintedDates(text: string): string[] {
  const found: { at: number; date: string }[] = [];
  const numeric = /(?<!\d)(\d{2})\s?[./\- ]?\s?(\d{2})\s?[./\- ]?\s?((?:19|20)\d{2})(?!\d)/g;
  for (const match of text.matchAll(numeric)) {
    const date = iso(Number(match[3]), Number(match[2]), Number(match[1]));
    if (date) found.push({ at: match.index, date });
  }
  const named = /(?<!\d)(\d{1,2})\s?([A-Z]{3})(?:\s?\/\s?[A-Z]{3,4})?\s?((?:19|20)\d{2})(?!\d)/g;
  for (const match of text.toUpperCase().matchAll(named)) {
    const month = MONTHS[match[2] as string];
    const date = month ? iso(Number(match[3]), month, Number(match[1])) : null;
    if (date) found.push({ at: match.index, date });
  }
  return found.sort((a, b) => a.at - b.at).map((f) => f.date);
}

/** 18 or older on `today`. */
export function isAdultOn(birthDate: string | null, today = new Date()): boolean | null {
  if (!birthDate) return null;
  const [year, month, day] = birthDate.split('-').map(Number) as [number, number, number];
  return (
    Date.UTC(year + 18, month - 1, day) <=
    Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate())
  );
}
