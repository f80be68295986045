/**
 * How OCR misreads OCR-B capitals: the letters it returns for each one, and how many positions two
 * reads of one value differ in. One table serves every repair that tries a confusion (state codes,
 * names); each repair still needs another reading to confirm the letter it puts back.
 */

/**
 * For each capital OCR may return, the letters it may have been printed as (its OCR-B look-alikes:
 * `M` loses its middle strokes and reads `N` or `H`, `O` reads `D` or `Q`, `I` reads `L` or `T`…).
 */
export const OCR_B_CONFUSIONS: Readonly<Record<string, string>> = {
  O: 'CDQGU',
  C: 'OGE',
  D: 'OBP',
  G: 'COQ',
  Q: 'OG',
  E: 'FBC',
  F: 'EP',
  P: 'FR',
  R: 'PBK',
  B: 'ERD',
  I: 'LTJ',
  L: 'IT',
  T: 'IYL',
  J: 'I',
  U: 'VO',
  V: 'UWY',
  M: 'NWH',
  N: 'MHW',
  H: 'NMW',
  W: 'MNHV',
  K: 'XR',
  X: 'KY',
  Y: 'VXT',
};

/** The number of positions at which two reads of one length differ; `null` for different lengths. */
export function positionDifferences(a: string, b: string): number | null {
  if (a.length !== b.length) return null;
  let differences = 0;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) differences++;
  return differences;
}
