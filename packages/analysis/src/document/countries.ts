import { states } from 'mrz';

/**
 * Issuing states and nationalities known to ICAO 9303 Part 3 (the `mrz` package's list, completed): alpha-3 code → name.
 * Codes of organisations and special cases (`UNO`, `XXA`, `D`…) are kept: they appear in real MRZs.
 */
export const ICAO_STATES: Readonly<Record<string, string>> = {
  ...states,
  // ICAO 9303 Part 3 codes the package does not list.
  XMP: 'Parliamentary Assembly of the Mediterranean',
  // The fictitious state of every specimen in ICAO 9303 (`P<UTOERIKSSON<<ANNA<MARIA`): documents
  // and test suites built from the standard carry it. The codes one letter away (`TTO`, `UNO`)
  // differ from it by no OCR-B confusion (`OCR_B_CONFUSIONS`), so no known misread makes it.
  UTO: 'Utopia',
};

/** True for a code that ICAO 9303 knows as a state or nationality. */
export function isKnownState(code: string): boolean {
  return Object.prototype.hasOwnProperty.call(ICAO_STATES, code);
}

const byUpperName = new Map(
  Object.entries(ICAO_STATES).map(([code, name]) => [name.toUpperCase(), code] as const),
);

/** The code of a state named in upper-case text (`"SPAIN"` → `ESP`), or `null`. */
export function stateCodeFromName(upperName: string): string | null {
  return byUpperName.get(upperName.trim()) ?? null;
}

/** Every state name, upper-case, longest first (so `"GUINEA-BISSAU"` matches before `"GUINEA"`). */
export const STATE_NAMES_UPPER: readonly string[] = [...byUpperName.keys()].sort(
  (a, b) => b.length - a.length,
);
