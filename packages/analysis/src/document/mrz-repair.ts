import { isKnownState } from './countries.js';
import { mrzCheckDigit } from './mrz-check-digit.js';
import { CODE_LETTERS_BY_FORMAT } from './mrz-document-codes.js';
import type { MrzCharClass, MrzCheckSpec, MrzLayout } from './mrz-layout.js';
import type { MrzCheck, MrzRepair } from '../types.js';
import { OCR_B_CONFUSIONS } from './ocr-misreads.js';

/** Glyphs OCR confuses, letter → digit. */
const LETTER_TO_DIGIT: Readonly<Record<string, string>> = {
  O: '0',
  D: '0',
  Q: '0',
  U: '0',
  I: '1',
  L: '1',
  T: '1',
  Z: '2',
  A: '4',
  S: '5',
  G: '6',
  B: '8',
};
/** Glyphs OCR confuses, digit → letter. */
const DIGIT_TO_LETTER: Readonly<Record<string, string>> = {
  '0': 'O',
  '1': 'I',
  '2': 'Z',
  '4': 'A',
  '5': 'S',
  '6': 'G',
  '8': 'B',
};
/** Alternatives tried inside alphanumeric fields when a check digit fails. */
const AMBIGUOUS: Readonly<Record<string, readonly string[]>> = {
  '0': ['O', 'D', 'Q'],
  O: ['0', 'D', 'Q'],
  D: ['0', 'O'],
  Q: ['0', 'O'],
  '1': ['I', 'L'],
  I: ['1', 'L'],
  L: ['1', 'I'],
  '2': ['Z'],
  Z: ['2'],
  '5': ['S'],
  S: ['5'],
  '6': ['G'],
  G: ['6'],
  '8': ['B'],
  B: ['8'],
  '4': ['A'],
  A: ['4'],
  '7': ['T'],
  T: ['7'],
  U: ['V', '0'],
  V: ['U'],
  M: ['N'],
  N: ['M'],
  K: ['<'],
  '<': ['K'],
};

function classOf(layout: MrzLayout, line: number, column: number): MrzCharClass {
  for (const segment of layout.segments)
    if (segment.line === line && column >= segment.start && column < segment.end)
      return segment.kind;
  return 'alnum';
}

/** Forces every character into the class its position allows (a `0` among letters is an `O`…). */
function coerceClasses(lines: string[], layout: MrzLayout, repairs: MrzRepair[]): string[] {
  return lines.map((text, line) =>
    [...text]
      .map((char, column) => {
        const kind = classOf(layout, line, column);
        let fixed = char;
        if (kind === 'numeric' && !/[0-9<]/.test(char)) fixed = LETTER_TO_DIGIT[char] ?? char;
        else if (kind === 'alpha' && /[0-9]/.test(char)) fixed = DIGIT_TO_LETTER[char] ?? char;
        else if (kind === 'sex' && !/[MFX<]/.test(char))
          fixed = char === 'H' || char === 'N' ? 'M' : char === 'E' || char === 'P' ? 'F' : char;
        if (fixed !== char) repairs.push({ line, column, from: char, to: fixed });
        return fixed;
      })
      .join(''),
  );
}

/**
 * Optional data is left-aligned and padded with fillers: a lone character after a run of fillers
 * (often `A` or `K` misread from `<`, which no check digit can catch as `A` ≡ `<` modulo 10) is a
 * filler, and so is every `K` among the padding.
 */
function clearAfterFillers(lines: string[], layout: MrzLayout, repairs: MrzRepair[]): string[] {
  const optional = layout.segments.filter(
    (s) => s.kind === 'alnum' && s.start >= 15 && s.end - s.start >= 7,
  );
  return lines.map((text, line) => {
    let out = text;
    for (const segment of optional.filter((s) => s.line === line)) {
      const field = out.slice(segment.start, segment.end);
      // The padding starts at a run of fillers, or at the first filler when nothing but fillers and
      // their look-alike `K` follows it (`878<KK<<<`); a field of only those is all padding.
      // Padding starts at a run of fillers (a lone character after it is a misread filler), or at
      // the final run of two or more fillers and `K`s, even when every filler in it came back as
      // `K` (`878<KK<<<`, `1234567KKKKKKK`, a field of nothing else): no data ends in `KK`.
      const run = field.indexOf('<<');
      const trailing = /[<K]{2,}$/.exec(field)?.index ?? -1;
      const padding = run < 0 ? trailing : trailing < 0 ? run : Math.min(run, trailing);
      if (padding < 0) continue;
      for (let column = segment.start + padding; column < segment.end; column++) {
        const char = out[column] as string;
        if (char === '<') continue;
        repairs.push({ line, column, from: char, to: '<' });
        out = out.slice(0, column) + '<' + out.slice(column + 1);
      }
    }
    return out;
  });
}

/**
 * The second character of the document code is a filler or a letter the issuer chose (`P<`, `PD`,
 * `ID`, `IR`, `AC`); no issuer uses `K` there, and OCR reads the filler as `K` (`PKSWE…`), which no
 * check digit covers.
 */
function documentCodeFiller(lines: string[], repairs: MrzRepair[]): string[] {
  const first = lines[0] ?? '';
  if (first[1] !== 'K') return lines;
  repairs.push({ line: 0, column: 1, from: 'K', to: '<' });
  return [first[0] + '<' + first.slice(2), ...lines.slice(1)];
}

/**
 * The document code of a passport's MRZ (TD3) starts with `P`. OCR drops that first glyph at the
 * edge of the line (`<NLDRODRIGUEZ…`, then fitted to 44 by one more trailing filler) or reads it
 * as a filler (`<<NLD…`). A dropped `P` is restored only when the shifted line shows the layout one
 * column off: the issuing state, a known ICAO code, right after the leading filler. Every field of
 * line 1 then moves back to its column; no check digit covers line 1 of a TD3, so the state code
 * is the evidence. The hollow (outline) face's `P<` is also read as one `K` (`KCZESCHWARZ…`,
 * fitted to 44 by a trailing filler): restored the same way, on the same evidence; and stray
 * characters read before the code are dropped on it.
 */
function passportDocumentCode(lines: string[], layout: MrzLayout, repairs: MrzRepair[]): string[] {
  const first = lines[0] ?? '';
  if (layout.format !== 'TD3') return lines;
  const stateAt = (column: number): boolean =>
    isKnownState(first.slice(column, column + 3).replace(/<+$/, ''));
  if (first[0] === 'K' && first.endsWith('<') && stateAt(1) && !stateAt(2)) {
    repairs.push(
      { line: 0, column: 0, from: 'K', to: 'P' },
      { line: 0, column: 1, from: '', to: '<' },
    );
    return ['P<' + first.slice(1, -1), ...lines.slice(1)];
  }
  // Stray ink read in place of the code (`ONIIGNI<INDHERNANDEZ…`, the edge of the security print
  // under the MRZ): with no state at its place, the line starts again at a filler followed by a
  // known three-letter state within the first columns, and is fitted to 44 by trailing fillers (a
  // name that filled the field then no longer does, and must match the printed name whole).
  if (first[0] !== '<' && !stateAt(2)) {
    for (let column = 2; column <= 8; column++) {
      const state = first.slice(column + 1, column + 4);
      if (first[column] !== '<' || !/^[A-Z]{3}$/.test(state) || !isKnownState(state)) continue;
      repairs.push({ line: 0, column: 0, from: first.slice(0, column + 1), to: 'P<' });
      return [('P<' + first.slice(column + 1)).padEnd(first.length, '<'), ...lines.slice(1)];
    }
  }
  if (first[0] !== '<') return lines;
  if (first[1] === '<') {
    repairs.push({ line: 0, column: 0, from: '<', to: 'P' });
    return ['P' + first.slice(1), ...lines.slice(1)];
  }
  if (!stateAt(1) || !first.endsWith('<')) return lines;
  repairs.push({ line: 0, column: 0, from: '', to: 'P' });
  return ['P' + first.slice(0, -1), ...lines.slice(1)];
}

/**
 * A document code whose first letter the format does not allow, read from an OCR-B look-alike of
 * exactly one allowed letter: the hollow face's `I` reads `T` (its serifs), its `P` reads `D`. No
 * check digit covers the code, so the evidence is the format itself (the line lengths) and the
 * issuing state right after the code, a known ICAO code (the line is not shifted). Two or no
 * allowed look-alikes leave the code as read, and the MRZ invalid.
 */
function documentCodeLetter(lines: string[], layout: MrzLayout, repairs: MrzRepair[]): string[] {
  const first = lines[0] ?? '';
  const allowed = CODE_LETTERS_BY_FORMAT[layout.format];
  const read = first[0] ?? '';
  if (!/^[A-Z]$/.test(read) || allowed.includes(read)) return lines;
  if (!isKnownState(first.slice(2, 5).replace(/<+$/, ''))) return lines;
  const candidates = [...(OCR_B_CONFUSIONS[read] ?? '')].filter((letter) =>
    allowed.includes(letter),
  );
  if (candidates.length !== 1) return lines;
  const letter = candidates[0] as string;
  repairs.push({ line: 0, column: 0, from: read, to: letter });
  return [letter + first.slice(1), ...lines.slice(1)];
}

function checkData(lines: string[], spec: MrzCheckSpec): string {
  return spec.data.map((s) => (lines[s.line] ?? '').slice(s.start, s.end)).join('');
}

/**
 * Where a document number longer than nine characters goes on, in TD1 and TD2 (ICAO 9303 Part 5
 * §4.2.2 and Part 6 §4.2.2, note j): its first nine characters in their field, a filler in place of
 * their check digit, then the rest at the start of the optional data, followed by the check digit
 * of the whole number (`I<BEL590330101<085<<…` for a Belgian card).
 */
const LONG_NUMBER_CONTINUATION: Readonly<Record<number, { line: number; column: number }>> = {
  30: { line: 0, column: 15 },
  36: { line: 1, column: 28 },
};

/**
 * The check of a long document number (see {@link LONG_NUMBER_CONTINUATION}), or `null` when
 * `spec` is no document-number check of TD1 or TD2 whose digit is a filler with a continuation in
 * the optional data.
 */
function longNumberCheck(lines: string[], spec: MrzCheckSpec): MrzCheck | null {
  if (spec.name !== 'documentNumber') return null;
  const line = lines[spec.digit.line] ?? '';
  // A long number fills its nine positions; a shorter one ends in fillers before its digit.
  if (line[spec.digit.column] !== '<' || !/^[A-Z0-9]+$/.test(checkData(lines, spec))) return null;
  const at = LONG_NUMBER_CONTINUATION[line.length];
  if (!at) return null;
  const continuation = /^[A-Z0-9]*/.exec((lines[at.line] ?? '').slice(at.column))?.[0] ?? '';
  const read = continuation.slice(-1);
  if (continuation.length < 2 || !/\d/.test(read)) return null;
  const expected = mrzCheckDigit(checkData(lines, spec) + continuation.slice(0, -1));
  return { valid: read === expected, read, expected };
}

/** Evaluates one check digit. */
export function evaluateCheck(lines: string[], spec: MrzCheckSpec): MrzCheck {
  const long = longNumberCheck(lines, spec);
  if (long) return long;
  const read = (lines[spec.digit.line] ?? '')[spec.digit.column] ?? null;
  const expected = mrzCheckDigit(checkData(lines, spec));
  // A filler in place of the digit is valid only when the data it protects is empty (ICAO 9303).
  const emptyData = /^<*$/.test(checkData(lines, spec));
  const valid = read !== null && (read === expected || (read === '<' && emptyData));
  return { valid, read, expected };
}

function setChar(lines: string[], line: number, column: number, char: string): string[] {
  return lines.map((text, i) =>
    i === line ? text.slice(0, column) + char + text.slice(column + 1) : text,
  );
}

/**
 * The single substitution of a confusable glyph, inside the alphanumeric data of `spec` (minus
 * `skip`), that makes the check digit valid; `null` when there is none or more than one.
 */
function uniqueSubstitution(
  lines: string[],
  spec: MrzCheckSpec,
  skip: ReadonlySet<string>,
): { lines: string[]; repair: MrzRepair } | null {
  const solutions: { lines: string[]; repair: MrzRepair }[] = [];
  for (const segment of spec.data) {
    if (segment.kind !== 'alnum') continue;
    for (let column = segment.start; column < segment.end; column++) {
      if (skip.has(`${segment.line}:${column}`)) continue;
      const from = (lines[segment.line] ?? '')[column] ?? '';
      for (const to of AMBIGUOUS[from] ?? []) {
        const candidate = setChar(lines, segment.line, column, to);
        if (evaluateCheck(candidate, spec).valid)
          solutions.push({ lines: candidate, repair: { line: segment.line, column, from, to } });
      }
    }
  }
  return solutions.length === 1 ? (solutions[0] ?? null) : null;
}

/**
 * Check-digit-guided repair of OCR misreads: characters are first forced into the class of their
 * position; then, for each failing check digit whose data holds letters and digits, every single
 * substitution of a confusable glyph is tried and kept only when exactly one makes the digit valid.
 * Check digits themselves and digits of numeric fields are never changed, so a tampered check digit
 * stays invalid.
 */
export function repairMrz(
  input: string[],
  layout: MrzLayout,
): { lines: string[]; repairs: MrzRepair[]; checks: Record<string, MrzCheck> } {
  const repairs: MrzRepair[] = [];
  let lines = documentCodeFiller(
    clearAfterFillers(
      documentCodeLetter(
        coerceClasses(passportDocumentCode(input, layout, repairs), layout, repairs),
        layout,
        repairs,
      ),
      layout,
      repairs,
    ),
    repairs,
  );
  // One substitution at most: a check digit lets one wrong character in ten through, so a second
  // "repair" would too often turn a misread (a dropped character, a shifted line) into a valid MRZ.
  let substituted = false;
  const apply = (spec: MrzCheckSpec, skip: ReadonlySet<string>): void => {
    if (substituted || evaluateCheck(lines, spec).valid) return;
    const fix = uniqueSubstitution(lines, spec, skip);
    if (fix) {
      lines = fix.lines;
      repairs.push(fix.repair);
      substituted = true;
    }
  };
  const fieldChecks = layout.checks.filter((spec) => spec.name !== 'composite');
  for (const spec of fieldChecks) apply(spec, new Set());
  // The composite digit also covers optional data: once every field digit holds, repair that part,
  // leaving alone the columns already protected by their own digits.
  const composite = layout.checks.find((spec) => spec.name === 'composite');
  if (composite && fieldChecks.every((spec) => evaluateCheck(lines, spec).valid)) {
    const protectedColumns = new Set(
      fieldChecks.flatMap((spec) =>
        spec.data.flatMap((d) =>
          Array.from({ length: d.end - d.start }, (_, k) => `${d.line}:${d.start + k}`),
        ),
      ),
    );
    apply(composite, protectedColumns);
  }
  const checks: Record<string, MrzCheck> = {};
  for (const spec of layout.checks) checks[spec.name] = evaluateCheck(lines, spec);
  return { lines, repairs, checks };
}
