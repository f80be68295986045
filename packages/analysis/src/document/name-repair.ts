/**
 * Repairs of an MRZ name field that OCR garbled, kept only when another reading of the name (the
 * visual zone) confirms them: fillers read as `K` (`MARTINEZKMOLINAKKCARLOS`), stray characters among
 * the trailing fillers (`LUIS<<K`), and glyphs split in two or three (`IVIATEO` for `MATEO`).
 */
import { compareMrzName } from './mrz-names.js';

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
): NameRepair | null {
  const agrees = (candidate: string, last: string | null, first: string | null): boolean => {
    const agreement = compareMrzName(candidate, last, first);
    return agreement.lastNames !== false && agreement.firstNames !== false;
  };
  if (agrees(field, lastNames, firstNames)) return { field, lastNames, firstNames };
  const mrzCandidates: string[] = [];
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
