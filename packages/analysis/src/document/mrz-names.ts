/**
 * Names as ICAO 9303 writes them in the machine-readable zone (Part 3, §4.6 and §6): the printed
 * name of the visual zone is transliterated (`Ä` → `AE` or `A`, `Ñ` → `N` or `NXX`, `ß` → `SS`,
 * `Þ` → `TH`…), spaces and hyphens become fillers or disappear, apostrophes and other punctuation
 * disappear, the primary and secondary identifiers are joined by `<<`, and a name that does not fit
 * the field is cut at its end (the field is then full).
 */
import type { MrzResult } from '../types.js';
import { STROKE_LETTERS } from './plain-letters.js';

/**
 * ICAO 9303 Part 3 transliterations with more than one recommended form, or none from NFD: the
 * stroke letters and ligatures as their plain letters (`plain-letters.ts`), then the letters ICAO
 * writes in more ways than one.
 */
const TRANSLITERATIONS: Readonly<Record<string, readonly string[]>> = {
  ...Object.fromEntries(Object.entries(STROKE_LETTERS).map(([letter, plain]) => [letter, [plain]])),
  Ä: ['AE', 'A'],
  Å: ['AA', 'A'],
  İ: ['I'],
  ı: ['I'],
  Ñ: ['N', 'NXX'],
  Ö: ['OE', 'O'],
  Ø: ['OE', 'O'],
  ß: ['SS'],
  ẞ: ['SS'],
  Ü: ['UE', 'UXX', 'U'],
  Ő: ['OE', 'O'],
  Ű: ['UE', 'U'],
};

/**
 * What a plain letter of an OCR reading may stand for. The OCR model of the visual zone has no
 * diacritics in its alphabet (PP-OCRv4's dictionary): it reads `Å` as `A`, `Ö` as `O`, and `ß`,
 * whose shape it does not know, as `B`, `S` or (on a light bold face) `E`. Read by such a model,
 * `ASTROM` may be `ÅSTRÖM`, whose MRZ form is `AASTROEM`; these are the MRZ forms of every letter
 * the plain one may have been.
 */
const UNREAD_DIACRITICS: Readonly<Record<string, readonly string[]>> = {
  A: ['A', 'AE', 'AA'],
  O: ['O', 'OE'],
  U: ['U', 'UE', 'UXX'],
  N: ['N', 'NXX'],
  B: ['B', 'SS'],
  S: ['S', 'SS'],
  E: ['E', 'SS'],
};

/** How a printed name was read: exactly (a barcode), or by an OCR without diacritics (the VIZ). */
export interface PrintedNameReading {
  /**
   * The printed name was read by the VIZ OCR, which drops diacritics, reads `ß` as `B` (or `S`,
   * `E`) and may lose the space between two words.
   */
  byOcr?: boolean;
}

/** Characters that separate name components: a filler or nothing in the MRZ. */
const SEPARATORS = /[\s\-‐‑–—]/;
/** Punctuation omitted in the MRZ (or, by some issuers, written as a filler). */
const OMITTED = /['’‘`´.,]/;

/** The MRZ forms of one printed character (empty list: the character cannot be written). */
function formsOf(char: string): readonly string[] {
  if (SEPARATORS.test(char) || OMITTED.test(char)) return ['<', ''];
  const upper = char.toUpperCase();
  const table = TRANSLITERATIONS[upper] ?? TRANSLITERATIONS[char];
  if (table) return table;
  if (/^[A-Z]$/.test(upper)) return [upper];
  const base = upper.normalize('NFD').replace(/\p{M}+/gu, '');
  if (/^[A-Z]+$/.test(base)) return [base];
  return [];
}

/**
 * A printed name as the name rules index it: trimmed, each run of spaces one space. Indices into
 * a name (`CutCompletion.tailStart`, a name's marks) are indices into this form.
 */
export function collapseSpaces(printed: string): string {
  return printed.trim().replace(/\s+/g, ' ');
}

/**
 * The printed name as a list of alternatives per character (its MRZ forms), runs of separators
 * collapsed.
 */
export function tokensOf(printed: string, reading: PrintedNameReading = {}): (readonly string[])[] {
  const text = collapseSpaces(printed);
  return [...text]
    .map((char) => (reading.byOcr ? UNREAD_DIACRITICS[char] : undefined) ?? formsOf(char))
    .filter((forms) => forms.length > 0);
}

/**
 * True when `mrz` (a part of the MRZ name field, fillers as `<`, no trailing fillers) is an ICAO
 * 9303 writing of `printed`; with `truncated`, when it is the beginning of one (the field was full).
 */
export function mrzNameMatches(
  mrz: string,
  printed: string,
  truncated: boolean,
  reading: PrintedNameReading = {},
): boolean {
  const tokens = tokensOf(printed, reading);
  const memo = new Map<number, boolean>();
  const walk = (i: number, j: number): boolean => {
    if (j === mrz.length) return i === tokens.length || truncated;
    if (i === tokens.length) return false;
    const key = i * 1000 + j;
    const known = memo.get(key);
    if (known !== undefined) return known;
    let ok = false;
    for (const form of tokens[i] as readonly string[]) {
      if (mrz.startsWith(form, j)) ok = walk(i + 1, j + form.length);
      // The cut fell inside a transliteration (`Ü` → `U` of `UE`).
      else if (truncated && form.startsWith(mrz.slice(j))) ok = true;
      if (ok) break;
    }
    // The OCR lost a space between two words of the printed name (`FERNANDEZDE` for
    // `FERNANDEZ DE`): the MRZ's filler there stands for nothing the OCR returned.
    if (!ok && reading.byOcr && i > 0 && isLoneFiller(mrz, j)) ok = walk(i, j + 1);
    memo.set(key, ok);
    return ok;
  };
  return walk(0, 0);
}

/**
 * A name ICAO cut in the MRZ, completed with the printed tail that the MRZ no longer holds: the
 * MRZ's writing (which keeps the transliteration of the letters whose diacritics the VIZ OCR lost,
 * `SOFIA<HAA`) followed by the rest of the printed name as read (`KON`), so `SOFIA HAAKON`.
 * `null` when `mrz` is not the beginning of a writing of `printed`.
 */
export function completeCutName(mrz: string, printed: string): string | null {
  return completeCut(mrz, printed)?.name ?? null;
}

/** A cut name completed: the MRZ's part (`head`, fillers as spaces) and the printed `tail`. */
export interface CutCompletion {
  name: string;
  head: string;
  tail: string;
  /** Index, in the printed name with runs of spaces collapsed, of the tail's first character. */
  tailStart: number;
  /**
   * Indices (same form) of the printed characters before which the MRZ holds a lone filler that
   * the OCR read no space for (`WIKTORIA<J` for `WIKTORIAJEAN`): a gap in the ink there is that
   * space, explained.
   */
  lostSpaces: number[];
  /**
   * The MRZ's part ends on a letter that may be the start of a longer writing the cut split
   * (`BJO` for `BJORN`, whose `O` may be an `Ö` written `OE`).
   */
  splitAtEnd: boolean;
}

/**
 * {@link completeCutName}, with where the printed tail starts: the index, in `printed` with its
 * runs of spaces collapsed, of the first character that the MRZ no longer holds. With `marks` (the
 * diacritic marks above `printed`, aligned with it as {@link marksOfText} gives them), a letter
 * whose mark tells its writing is written so (`BJÖRN`, read `BJORN` under two dots: `BJOERN`).
 */
export function completeCut(mrz: string, printed: string, marks?: string): CutCompletion | null {
  const chars = [...collapseSpaces(printed)];
  const formsAt = (i: number): readonly string[] =>
    (marks !== undefined ? markedForms(chars[i] as string, placedMark(marks, i)) : null) ??
    UNREAD_DIACRITICS[chars[i] as string] ??
    formsOf(chars[i] as string);
  // The printed tail from `i` on, each letter whose mark tells its writing written so, and a space
  // put in after each letter where the ink showed, exactly placed, a gap the OCR did not read (`|`).
  const tailFrom = (i: number): string =>
    (marks?.[i - 1] === '|' ? ' ' : '') +
    chars
      .slice(i)
      .map((char, k) => {
        const mark = marks !== undefined ? placedMark(marks, i + k) : undefined;
        return `${markedForms(char, mark)?.[0] ?? char}${mark === '|' ? ' ' : ''}`;
      })
      .join('');
  type Walked = { tail: string; at: number; lostSpaces: number[]; splitAtEnd: boolean };
  const memo = new Map<number, Walked | null>();
  const walk = (i: number, j: number): Walked | null => {
    if (j === mrz.length) return { tail: tailFrom(i), at: i, lostSpaces: [], splitAtEnd: false };
    if (i === chars.length) return null;
    const key = i * 1000 + j;
    if (memo.has(key)) return memo.get(key) ?? null;
    let tail: Walked | null = null;
    const forms = formsAt(i);
    if (forms.length === 0) tail = walk(i + 1, j);
    for (const form of forms) {
      if (tail !== null) break;
      if (mrz.startsWith(form, j)) {
        const rest = walk(i + 1, j + form.length);
        if (rest !== null)
          tail =
            j + form.length === mrz.length
              ? {
                  ...rest,
                  splitAtEnd: forms.some((g) => g.length > form.length && g.startsWith(form)),
                }
              : rest;
      } else if (form.startsWith(mrz.slice(j)) && mrz.length > j) {
        // The cut fell inside a transliteration (`Å` → `A` of `AA`): finish it.
        tail = {
          tail: form.slice(mrz.length - j) + tailFrom(i + 1),
          at: i,
          lostSpaces: [],
          splitAtEnd: false,
        };
      }
    }
    if (tail === null && i > 0 && isLoneFiller(mrz, j)) {
      const rest = walk(i, j + 1);
      if (rest !== null) tail = { ...rest, lostSpaces: [i, ...rest.lostSpaces] };
    }
    memo.set(key, tail);
    return tail;
  };
  const found = walk(0, 0);
  if (found === null) return null;
  const head = mrz.replace(/</g, ' ');
  const name = `${head}${found.tail}`.replace(/\s+/g, ' ').trim();
  return {
    name,
    head,
    tail: found.tail,
    tailStart: found.at,
    lostSpaces: found.lostSpaces,
    splitAtEnd: found.splitAtEnd,
  };
}

/**
 * The MRZ forms of a plain letter the OCR read under a mark it lost, where the mark tells them
 * (`diacritic-marks.ts`): two dots on an `A`, `O` or `U` make it `Ä`, `Ö` or `Ü` (or `Ő`, `Ű`),
 * written `AE`, `OE`, `UE`; an acute accent makes it `Á`, `Ó` or `Ú`, written plain. `null` where
 * the mark does not tell (none, another shape, or another letter).
 */
export function markedForms(letter: string, mark: string | undefined): readonly string[] | null {
  if (!MARKED_BASES.has(letter)) return null;
  if (mark === ':') return [`${letter}E`];
  if (mark === "'") return [letter];
  return null;
}

/**
 * The mark above character `k` of `marks`, as far as it tells that letter: a mark placed only to
 * one character (`?` beside it, `diacritic-marks.ts`) may be its neighbour's, and tells `?`.
 */
export function placedMark(marks: string, k: number): string | undefined {
  const mark = marks[k];
  if (mark !== ':' && mark !== "'") return mark;
  return marks[k - 1] === '?' || marks[k + 1] === '?' ? '?' : mark;
}

/** Letters whose mark decides their MRZ writing (`Ä` `AE`, `Å` `AA`, `Ö` `OE`, `Ü` `UE`; `Á` `A`). */
export const MARKED_BASES: ReadonlySet<string> = new Set(['A', 'O', 'U']);

/** A single filler between two letters at `at` of `field` (a space between two words). */
export function isLoneFiller(field: string, at: number, fillers = '<'): boolean {
  return (
    fillers.includes(field[at] ?? '') &&
    /[A-Z]/.test(field[at - 1] ?? '') &&
    /[A-Z]/.test(field[at + 1] ?? '')
  );
}

/** The name field of an MRZ, as printed (fillers included). */
export function mrzNameField(format: MrzResult['format'], lines: readonly string[]): string {
  if (format === 'TD1') return lines[2] ?? '';
  return (lines[0] ?? '').slice(5);
}

/** Where the name field sits on its line. */
export function mrzNameFieldPosition(format: MrzResult['format']): { line: number; start: number } {
  return format === 'TD1' ? { line: 2, start: 0 } : { line: 0, start: 5 };
}

/** A name field split into its identifiers, and whether it was cut (full to its last position). */
export interface MrzName {
  primary: string;
  /** `null` when the field has no `<<` separator (a primary identifier cut by truncation, or misread). */
  secondary: string | null;
  /** The field is full: the name may have been truncated at its end. */
  full: boolean;
}

/** Splits a name field: `RODRIGUEZ<MARTINEZ<<DIEGO<TOMA` → primary, secondary, full. */
export function splitMrzName(field: string): MrzName {
  const content = field.replace(/<+$/, '');
  // ICAO cuts a long name so that the field ends in a letter; a single trailing filler is allowed
  // for issuers that cut on a separator.
  const full = content.length >= field.length - 1 && content.length > 0;
  const separator = content.indexOf('<<');
  if (separator < 0) return { primary: content, secondary: null, full };
  return {
    primary: content.slice(0, separator),
    secondary: content.slice(separator + 2),
    full,
  };
}

/** How the MRZ name agrees with the printed names: per identifier, `null` when not compared. */
export interface NameAgreement {
  lastNames: boolean | null;
  firstNames: boolean | null;
}

/**
 * Compares an MRZ name field with the printed surnames and given names under ICAO 9303's rules:
 * transliteration, fillers, and truncation only at the end of a full field.
 */
export function compareMrzName(
  field: string,
  lastNames: string | null,
  firstNames: string | null,
  reading: PrintedNameReading = {},
): NameAgreement {
  const name = splitMrzName(field);
  const agreement: NameAgreement = { lastNames: null, firstNames: null };
  // In a full field either identifier may have been cut (ICAO 9303 Part 3 §4.6: a long primary
  // identifier is cut to leave at least the initial of the secondary one).
  if (lastNames !== null)
    agreement.lastNames = mrzNameMatches(name.primary, lastNames, name.full, reading);
  if (firstNames !== null) {
    // A primary identifier that fills the field leaves no room for the given names.
    if (name.secondary === null) agreement.firstNames = name.full ? true : firstNames === '';
    else agreement.firstNames = mrzNameMatches(name.secondary, firstNames, name.full, reading);
  }
  return agreement;
}
