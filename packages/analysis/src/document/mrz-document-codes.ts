/**
 * The first letter of an MRZ's document code, the one rule the reader, the repair and the document
 * type share (ICAO 9303 parts 4–7): `P` opens a passport's code (TD3), `I`, `A` or `C` a card's
 * or a residence permit's (TD1, TD2), `V` a visa's (MRV-A, MRV-B). `D` is no ICAO letter: the
 * driving licences that carry an MRZ open their code with it.
 */
import type { MrzLayout } from './mrz-layout.js';

/** The first letter of a passport's document code (TD3). */
export const PASSPORT_CODE_LETTER = 'P';

/** The first letters of a card's or residence permit's document code (TD1, TD2). */
export const CARD_CODE_LETTERS = 'IAC';

/** The first letter of a visa's document code (MRV-A, MRV-B). */
export const VISA_CODE_LETTER = 'V';

/** The first letter of a driving licence's document code (national, outside ICAO 9303). */
export const DRIVING_LICENCE_CODE_LETTER = 'D';

/** The first letters of the document code each format allows (see the module comment). */
export const CODE_LETTERS_BY_FORMAT: Readonly<Record<MrzLayout['format'], string>> = {
  TD1: CARD_CODE_LETTERS,
  TD2: CARD_CODE_LETTERS,
  TD3: PASSPORT_CODE_LETTER,
};

/** Every first letter an ICAO 9303 document code opens with: passports, cards, visas. */
export const ICAO_CODE_LETTERS = PASSPORT_CODE_LETTER + CARD_CODE_LETTERS + VISA_CODE_LETTER;

/** Whether `text` opens with one of `letters` (an empty text opens with none). */
export function opensWithCodeLetter(text: string, letters: string): boolean {
  return text.length > 0 && letters.includes(text.charAt(0));
}
