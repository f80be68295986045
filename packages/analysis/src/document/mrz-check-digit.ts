/** ICAO 9303 check digits. */

const WEIGHTS = [7, 3, 1] as const;

/** Value of one MRZ character: digits 0–9, letters 10–35, filler `<` 0; `null` for anything else. */
export function mrzCharValue(char: string): number | null {
  if (char === '<') return 0;
  const code = char.charCodeAt(0);
  if (code >= 48 && code <= 57) return code - 48;
  if (code >= 65 && code <= 90) return code - 55;
  return null;
}

/** The ICAO 9303 check digit (weights 7-3-1, modulo 10) of `data`; `null` when `data` holds a non-MRZ character. */
export function mrzCheckDigit(data: string): string | null {
  let sum = 0;
  for (let i = 0; i < data.length; i++) {
    const value = mrzCharValue(data[i] as string);
    if (value === null) return null;
    sum += value * (WEIGHTS[i % 3] as number);
  }
  return String(sum % 10);
}
