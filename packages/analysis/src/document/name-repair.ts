/**
 * Repairs of an MRZ name field that OCR garbled, kept only when another reading of the name (the
 * visual zone) confirms them: fillers read as `K` (`MARTINEZKMOLINAKKCARLOS`), stray characters among
 * the trailing fillers (`LUIS<<K`), and glyphs split in two or three (`IVIATEO` for `MATEO`).
 */
import { compareMrzName, isLoneFiller, tokensOf, type PrintedNameReading } from './mrz-names.js';

/** Character sequences OCR returns for one wider glyph (split glyphs), and that glyph. */
const SPLIT_GLYPHS: readonly (readonly [string, string])[] = [
  ['IVI', 'M'],
  ['LVI', 'M'],
  ['IVL', 'M'],
  ['IYI', 'M'],
  ['RN', 'M'],
  ['VV', 'W'],
  ['IJ', 'U'],
  ['LJ', 'U'],
];

/** Letters OCR returns for a filler in the name field (OCR-B `<` and `K` share their left strokes). */
const FILLER_LOOKALIKES = new Set(['K']);

/**
 * Letters OCR returns for a filler where the printed names place one: `K`, in the hollow
 * (outline) OCR-B face also `C` and `S` (`JOSE<SS<S`, `WOJCIECHOWSKI<CMARIA`), and in low light
 * `E` (`MUELLERE<MWANA`). Only positions the printed names put on a filler are changed, so the
 * name's own letters are never touched.
 */
const PLACED_FILLER_LOOKALIKES = new Set(['K', 'C', 'S', 'E']);

/** Every way of applying one split-glyph merge to `text` (plus `text` itself first). */
function mergeVariants(text: string): string[] {
  const out = [text];
  for (const [split, glyph] of SPLIT_GLYPHS) {
    let at = text.indexOf(split);
    while (at >= 0) {
      out.push(text.slice(0, at) + glyph + text.slice(at + split.length));
      at = text.indexOf(split, at + 1);
    }
  }
  return out;
}

/** Stray characters after the second `<<` of a name field become fillers. */
function clearAfterSecondSeparator(field: string): string {
  const first = field.indexOf('<<');
  if (first < 0) return field;
  const afterNames = field.indexOf('<<', first + 2);
  const content = field.replace(/<+$/, '');
  if (afterNames < 0 || afterNames >= content.length) return field;
  return field.slice(0, afterNames) + '<'.repeat(field.length - afterNames);
}

/** Variants of a name field with filler look-alikes turned into fillers (all subsets, few first). */
function fillerVariants(field: string): string[] {
  const positions = [...field]
    .map((char, index) => (FILLER_LOOKALIKES.has(char) ? index : -1))
    .filter((index) => index >= 0)
    .slice(0, 10);
  const variants: { text: string; changes: number }[] = [];
  for (let mask = 1; mask < 1 << positions.length; mask++) {
    let text = field;
    let changes = 0;
    positions.forEach((position, bit) => {
      if (mask & (1 << bit)) {
        text = text.slice(0, position) + '<' + text.slice(position + 1);
        changes++;
      }
    });
    variants.push({ text, changes });
  }
  return variants.sort((a, b) => a.changes - b.changes).map((v) => v.text);
}

/**
 * The name field with every filler look-alike that the printed names place on a filler turned into
 * a filler, however many there are (`MATEOKK<K<KK<KKK…` with MATEO printed), or `null` when the
 * field cannot be read as the printed names with fillers read as look-alikes. The printed names
 * decide where the names end, so a `K` of the name itself (`ERIK`) is never touched.
 */
export function fillersByPrintedNames(
  field: string,
  lastNames: string,
  firstNames: string,
  reading: PrintedNameReading = {},
): string | null {
  // The field as the printed names write it: surnames, `<<`, given names, fillers to the end; a name
  // too long for the field is cut at the field's end (ICAO 9303 Part 3 §4.6).
  const parts: (readonly string[])[] = [
    ...tokensOf(lastNames, reading),
    ...(firstNames.trim() === '' ? [] : [['<<'], ...tokensOf(firstNames, reading)]),
  ];
  const memo = new Map<number, number[] | null>();
  // A letter turned into a filler right after a name's letter that had a longer writing taking it
  // (`STRAUS` read for `STRAUß`, the field `STRAUSS<SIMONE`: `SS` or `S` and a filler): the two
  // repairs name two people, and nothing tells which; the field is left as read.
  let ambiguous = false;
  const fits = (expected: string, at: number, fixes: number[]): boolean => {
    for (let k = 0; k < expected.length; k++) {
      const read = field[at + k];
      if (read === undefined) return true; // cut at the end of a full field
      if (read === expected[k]) continue;
      if (expected[k] === '<' && PLACED_FILLER_LOOKALIKES.has(read)) fixes.push(at + k);
      else return false;
    }
    return true;
  };
  const walk = (part: number, at: number): number[] | null => {
    if (at >= field.length) return [];
    if (part === parts.length) {
      const fixes: number[] = [];
      return fits('<'.repeat(field.length - at), at, fixes) ? fixes : null;
    }
    const key = part * 1000 + at;
    if (memo.has(key)) return memo.get(key) as number[] | null;
    let found: number[] | null = null;
    const forms = parts[part] as readonly string[];
    for (const form of forms) {
      const fixes: number[] = [];
      if (!fits(form, at, fixes)) continue;
      const end = at + form.length;
      const rest = walk(part + 1, end);
      if (rest) {
        const next = `${form}${field[end] ?? ''}`;
        if (rest.includes(end) && forms.some((longer) => longer.startsWith(next))) ambiguous = true;
        found = [...fixes, ...rest];
        break;
      }
    }
    // A space the OCR lost between two printed words: the field's filler there stays a filler.
    if (!found && reading.byOcr && part > 0 && isLoneFiller(field, at, '<K')) {
      const rest = walk(part, at + 1);
      if (rest) found = field[at] === '<' ? rest : [at, ...rest];
    }
    memo.set(key, found);
    return found;
  };
  const fixes = walk(0, 0);
  if (!fixes || fixes.length === 0 || ambiguous) return null;
  const chars = [...field];
  for (const at of fixes) chars[at] = '<';
  return chars.join('');
}

/**
 * The field with one filler put back into a single filler between two letters, its last character
 * (a filler) dropped to keep the length; only when the field has no `<<` separator at all.
 */
function separatorRestored(field: string): string[] {
  const content = field.replace(/[<K]+$/, '');
  if (content.includes('<<') || !/[<K]$/.test(field)) return [];
  const out: string[] = [];
  for (let at = 1; at < content.length - 1; at++)
    if (content[at] === '<' && content[at - 1] !== '<' && content[at + 1] !== '<')
      out.push(field.slice(0, at) + '<' + field.slice(at, -1));
  return out;
}

function fitField(text: string, length: number): string {
  return text.length >= length ? text.slice(0, length) : text.padEnd(length, '<');
}

/** A name field confirmed by the printed names, and the printed names as the MRZ confirmed them. */
export interface NameRepair {
  /** The name field after repair (equal to the input when it already agreed). */
  field: string;
  /** The printed names after merging split glyphs (`IVIATEO` → `MATEO`), when that was needed. */
  lastNames: string | null;
  firstNames: string | null;
}

/**
 * The smallest repair of `field` (the MRZ name field as read) and of the printed names under which
 * both agree by ICAO 9303's rules; `null` when none does. Only changes that OCR makes are tried, and
 * each must be confirmed by the other reading: the two were read independently, so agreement after
 * a single known confusion is evidence, where a change checked against nothing would be a guess.
 */
export function repairNameWithViz(
  field: string,
  lastNames: string | null,
  firstNames: string | null,
  reading: PrintedNameReading = {},
): NameRepair | null {
  const agrees = (candidate: string, last: string | null, first: string | null): boolean => {
    const agreement = compareMrzName(candidate, last, first, reading);
    return agreement.lastNames !== false && agreement.firstNames !== false;
  };
  if (agrees(field, lastNames, firstNames)) return { field, lastNames, firstNames };
  const mrzCandidates: string[] = [];
  if (lastNames !== null && firstNames !== null) {
    const placed = fillersByPrintedNames(field, lastNames, firstNames, reading);
    if (placed !== null) mrzCandidates.push(placed);
    // A filler dropped from the `<<` between the identifiers (`JOERGENSEN<HAAKON<<<`), the rest of
    // the line shifted left: put it back where the printed names place the separator.
    for (const shifted of separatorRestored(field)) {
      const restored = fillersByPrintedNames(shifted, lastNames, firstNames, reading) ?? shifted;
      if (agrees(restored, lastNames, firstNames)) {
        mrzCandidates.push(restored);
        break;
      }
    }
  }
  const cleared = clearAfterSecondSeparator(field);
  if (cleared !== field) mrzCandidates.push(cleared);
  for (const merged of mergeVariants(field).slice(1))
    mrzCandidates.push(fitField(merged, field.length));
  for (const variant of fillerVariants(field)) {
    mrzCandidates.push(variant);
    const alsoCleared = clearAfterSecondSeparator(variant);
    if (alsoCleared !== variant) mrzCandidates.push(alsoCleared);
  }
  for (const candidate of mrzCandidates)
    if (agrees(candidate, lastNames, firstNames))
      return { field: candidate, lastNames, firstNames };
  // The printed names misread instead (a split glyph in the visual zone).
  for (const last of lastNames === null ? [null] : mergeVariants(lastNames))
    for (const first of firstNames === null ? [null] : mergeVariants(firstNames)) {
      if (last === lastNames && first === firstNames) continue;
      if (agrees(field, last, first)) return { field, lastNames: last, firstNames: first };
    }
  return null;
}
