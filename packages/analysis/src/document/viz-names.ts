import { cleanName } from './front-fields.js';
import { mapLatinLookalikes } from './mrz-glyphs.js';

/** Printed names located without their labels. */
export interface UnlabelledNames {
  lastNames: string | null;
  firstNames: string | null;
}

/** Where a visual-zone line lies in the MRZ name field, and how many edits it takes to get there. */
interface NameMatch {
  text: string;
  start: number;
  end: number;
  cost: number;
  /** Characters of the line aligned with the field (fewer than its length when the field was cut). */
  aligned: number;
}

/** A printed name line written as the MRZ writes it: letters, `<` for every space or hyphen. */
function mrzSpelling(text: string): string {
  return mapLatinLookalikes(text.toUpperCase())
    .normalize('NFD')
    .replace(/\p{Mn}/gu, '')
    .replace(/['’]/g, '')
    .replace(/[^A-Z]+/g, '<')
    .replace(/^<+|<+$/g, '');
}

/** Edits allowed for a line of `length` letters to count as a reading of a stretch of the field. */
function allowedEdits(length: number): number {
  return Math.floor(length / 4);
}

/**
 * Aligns `line` with any stretch of `field` (edit distance, free start and end in the field).
 * When the field is full (ICAO truncation), the line may run past its end at no cost.
 */
function alignInField(line: string, field: string, full: boolean): NameMatch | null {
  const n = line.length;
  const m = field.length;
  // cost[j] / start[j]: best alignment of line[0..i) ending at field position j.
  let cost = new Array<number>(m + 1).fill(0);
  let start = Array.from({ length: m + 1 }, (_, j) => j);
  let best: NameMatch | null = null;
  // Edits are weighed against the part of the line that was aligned: a cut field leaves little.
  const consider = (c: number, s: number, e: number, aligned: number): void => {
    if (c > allowedEdits(aligned)) return;
    if (best === null || c < best.cost || (c === best.cost && s < best.start))
      best = { text: line, start: s, end: e, cost: c, aligned };
  };
  for (let i = 1; i <= n; i++) {
    const nextCost = new Array<number>(m + 1);
    const nextStart = new Array<number>(m + 1);
    nextCost[0] = i;
    nextStart[0] = 0;
    for (let j = 1; j <= m; j++) {
      const substitute = (cost[j - 1] as number) + (line[i - 1] === field[j - 1] ? 0 : 1);
      const skipLine = (cost[j] as number) + 1;
      const skipField = (nextCost[j - 1] as number) + 1;
      if (substitute <= skipLine && substitute <= skipField) {
        nextCost[j] = substitute;
        nextStart[j] = start[j - 1] as number;
      } else if (skipLine <= skipField) {
        nextCost[j] = skipLine;
        nextStart[j] = start[j] as number;
      } else {
        nextCost[j] = skipField;
        nextStart[j] = nextStart[j - 1] as number;
      }
    }
    cost = nextCost;
    start = nextStart;
    // The field ran out: a full field may have cut the rest of the line.
    // At least three characters aligned: a line whose first letter matches the last letter of a cut
    // field says nothing about being the name.
    if (full && i < n && i >= 3) consider(cost[m] as number, start[m] as number, m, i);
  }
  for (let j = 1; j <= m; j++) consider(cost[j] as number, start[j] as number, j, n);
  return best;
}

/**
 * Whether a printed name reads as some stretch of the MRZ name field (or its cut end); with
 * `part`, as a stretch where that identifier sits: the primary one opens the field (a misread
 * first letter may shift it by one), the secondary one follows the `<<` (anywhere when OCR lost
 * the separator).
 */
export function resemblesNameField(
  name: string,
  nameField: string,
  part?: 'primary' | 'secondary',
): boolean {
  const spelled = mrzSpelling(name);
  if (spelled.length < 2) return false;
  const field = nameField.replace(/<+$/, '');
  const match = alignInField(spelled, field, !nameField.endsWith('<'));
  if (match === null) return false;
  if (part === 'primary') return match.start <= 1;
  const separator = field.indexOf('<<');
  if (part === 'secondary') return separator < 0 || match.start >= separator;
  return true;
}

/**
 * Finds the printed surname and given names among the visual zone's text lines when their labels
 * were not read (the small labels of a passport page are often lost at reading size): the line
 * that reads as the start of the MRZ name field is the surname, the next stretch the given names.
 * This only locates lines; the identity decision then compares them with the MRZ letter by letter,
 * so a line found here weighs only where it agrees. A line that spans the `<<` between the two
 * identifiers (a whole name on one line) is not split: nothing is returned for it.
 */
export function namesFromUnlabelledLines(
  lines: readonly string[],
  nameField: string,
): UnlabelledNames {
  const full = !nameField.endsWith('<');
  const field = nameField.replace(/<+$/, '');
  const separator = field.indexOf('<<');
  const matches: NameMatch[] = [];
  for (const text of lines) {
    // MRZ rows, dates and numbers are not names.
    if (text.includes('<') || /\d.*\d/.test(text)) continue;
    const spelled = mrzSpelling(text);
    const letters = spelled.replace(/</g, '').length;
    if (letters < 2) continue;
    const match = alignInField(spelled, field, full);
    if (match) matches.push({ ...match, text });
  }
  const byStart = [...matches].sort((a, b) => a.start - b.start || a.cost - b.cost);
  const crossesSeparator = (m: NameMatch): boolean =>
    separator > 0 && m.start < separator && m.end > separator + 2;
  // The primary identifier opens the field (a misread first letter may shift it by one).
  const surname = byStart.find((m) => m.start <= 1);
  if (!surname || crossesSeparator(surname)) return { lastNames: null, firstNames: null };
  const given = byStart.find(
    (m) => m !== surname && m.start >= surname.end - 1 && !crossesSeparator(m),
  );
  return {
    lastNames: cleanName(surname.text),
    firstNames: given ? cleanName(given.text) : null,
  };
}
