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

/** Every printed date in `text`, in order. */
export function findPrintedDates(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/(\d{2})\s?[./-]\s?(\d{2})\s?[./-]\s?(\d{4})/g)) {
    const date = iso(Number(match[3]), Number(match[2]), Number(match[1]));
    if (date) found.push(date);
  }
  return found;
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
