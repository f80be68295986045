import type { TextLine } from '../models/paddle-ocr.js';
import type { DocumentFields, DocumentType } from '../types.js';
import { STATE_NAMES_UPPER, isKnownState, stateCodeFromName } from './countries.js';
import { findPrintedDates, isAdultOn } from './dates.js';
import { mapLatinLookalikes } from './mrz-glyphs.js';

type LabelledField = 'lastNames' | 'firstNames' | 'idNumber' | 'sex' | 'nationality';

/** Printed labels (letters only, upper case) that announce each field. */
const LABELS: Readonly<Record<LabelledField, readonly string[]>> = {
  lastNames: ['SURNAMES', 'SURNAME', 'LASTNAME', 'FAMILYNAME', 'APELLIDOS', 'NOM'],
  firstNames: [
    'GIVENNAMES',
    'GIVENNAME',
    'FIRSTNAMES',
    'FIRSTNAME',
    'FORENAMES',
    'PRENOMS',
    'NOMBRE',
  ],
  idNumber: [
    'DOCUMENTNO',
    'DOCUMENTNUMBER',
    'PASSPORTNO',
    'PASSPORTNUMBER',
    'CARDNO',
    'IDNO',
    'PERMITNO',
  ],
  sex: ['SEX', 'GENDER', 'SEXE', 'SEXO'],
  nationality: ['NATIONALITY', 'NATIONALITE', 'NACIONALIDAD'],
};

/**
 * Labels that are a piece of another field's label (`NOM` of the surname in `PRENOMS` and `NOMBRE`
 * of the given names): such a label counts only as a word of its own, or a given-names label that
 * OCR misread (`PUNOMS/GWENNAMES`) would be taken for the surname's.
 */
const LABELS_INSIDE_OTHERS: ReadonlySet<string> = new Set(
  (Object.keys(LABELS) as LabelledField[]).flatMap((field) =>
    LABELS[field].filter((label) =>
      (Object.keys(LABELS) as LabelledField[]).some(
        (other) => other !== field && LABELS[other].some((longer) => longer.includes(label)),
      ),
    ),
  ),
);

/** A sex as documents print it: `M`, `F` or `X`. */
function isSexCode(word: string): boolean {
  return /^[MFX]$/.test(word);
}

/** A three-letter code that ICAO lists for a state. */
function isStateCode(word: string): boolean {
  return word.length === 3 && isKnownState(word);
}

/** Whether the text of `line` holds the whole `label` (see {@link LABELS_INSIDE_OTHERS}). */
function holdsLabel(line: TextLine, label: string): boolean {
  if (!LABELS_INSIDE_OTHERS.has(label)) return letters(line.text).includes(label);
  return line.text
    .toUpperCase()
    .split(/[^A-Z]+/)
    .includes(label);
}

const TYPE_KEYWORDS: readonly (readonly [string, DocumentType])[] = [
  ['PASSPORT', 'PASSPORT'],
  ['RESIDENCEPERMIT', 'RESIDENCE_PERMIT'],
  ['RESIDENCECARD', 'RESIDENCE_PERMIT'],
  ['DRIVINGLICENCE', 'DRIVING_LICENSE'],
  ['DRIVINGLICENSE', 'DRIVING_LICENSE'],
  ['DRIVERLICENSE', 'DRIVING_LICENSE'],
  ['IDENTITYCARD', 'ID_CARD'],
  ['IDCARD', 'ID_CARD'],
];

function letters(text: string): string {
  return text.toUpperCase().replace(/[^A-Z]/g, '');
}

function isLabelRow(line: TextLine): boolean {
  return (
    Object.values(LABELS).some((labels) => labels.some((label) => holdsLabel(line, label))) ||
    /BIRTH|ISSUE|EXPIRY|EXPIRATION/.test(letters(line.text))
  );
}

/**
 * The value at the start of a line that OCR ran into the label printed beside it, in the next
 * column (`XIMENA DATE OF BIRTH`): the words before the first word that opens a label, the box cut
 * to their share of the text; `null` when the line opens with a label, holds no such word, or its
 * value is a state code.
 */
function valueBeforeLabel(line: TextLine): TextLine | null {
  const text = line.text.trim();
  const words = text.split(/\s+/);
  for (let k = 1; k < words.length; k++) {
    const opener = letters(words[k] as string);
    if (opener.length < 3 || !(opener.startsWith('DATE') || isLabelPiece(opener))) continue;
    if (!isLabelRow({ ...line, text: words.slice(k).join(' ') })) continue;
    const value = words.slice(0, k).join(' ');
    // A state code run into its own label (`NGA NATIONALITY`) is the nationality, not a name.
    if (isLabelRow({ ...line, text: value }) || isKnownState(letters(value))) return null;
    const share = value.length / text.length;
    return { ...line, text: value, box: { ...line.box, width: line.box.width * share } };
  }
  return null;
}

/**
 * The first text line below `label` that overlaps it horizontally and is not a label itself (or
 * the value at the start of a line run into a label beside it, {@link valueBeforeLabel}).
 */
function valueBelow(lines: TextLine[], label: TextLine): TextLine | null {
  const candidates = lines
    .filter((line) => line !== label)
    .map((line) => (isLabelRow(line) ? valueBeforeLabel(line) : line))
    .filter(
      (line): line is TextLine =>
        line !== null &&
        // Below the label: its top under the label's middle, or its middle under the label (a
        // tall value line boxed close to a small label).
        (line.box.y > label.box.y + label.box.height * 0.5 ||
          line.box.y + line.box.height / 2 > label.box.y + label.box.height) &&
        line.box.y < label.box.y + label.box.height * 4 &&
        line.box.x < label.box.x + Math.max(label.box.width, 60) &&
        line.box.x + line.box.width > label.box.x - 20,
    )
    .sort((a, b) => a.box.y - b.box.y);
  return candidates[0] ?? null;
}

/**
 * Whether a line reads as `label` with its ends cut off, as OCR returns small print (`URNAM`,
 * `DOCUMEN`, `OCUMENT`): a stretch of at least five letters, missing three at most.
 */
function isCutLabel(key: string, label: string): boolean {
  const least = Math.max(5, label.length - 3);
  for (let length = label.length - 1; length >= least; length--)
    for (let start = 0; start + length <= label.length; start++)
      if (key.includes(label.slice(start, start + length))) return true;
  return false;
}

/** The line of the label of `field`: read whole, else read with its ends cut off. */
function findLabel(lines: TextLine[], field: LabelledField): TextLine | null {
  for (const label of LABELS[field]) {
    const line = lines.find((l) => holdsLabel(l, label));
    if (line) return line;
  }
  for (const label of LABELS[field]) {
    const line = lines.find((l) => isCutLabel(letters(l.text), label) && !isOtherLabel(l, field));
    if (line) return line;
  }
  return null;
}

/** The line holds the whole label of another field (`GIVENNAMES` is no cut `SURNAME`). */
function isOtherLabel(line: TextLine, field: LabelledField): boolean {
  return (Object.keys(LABELS) as LabelledField[]).some(
    (other) => other !== field && LABELS[other].some((label) => holdsLabel(line, label)),
  );
}

/** Letters that are a piece of a label (`NAME`, `URNAM`): not a value. */
function isLabelPiece(key: string): boolean {
  return Object.values(LABELS).some((labels) =>
    labels.some((label) => label.includes(key) || isCutLabel(key, label)),
  );
}

/**
 * The nearest line above or below `from`, in its column, that reads as a name: letters only, not a
 * label or a piece of one, within four line heights.
 */
function nameLineNear(
  lines: TextLine[],
  from: TextLine,
  direction: 'above' | 'below',
): TextLine | null {
  const reach = from.box.height * 4;
  const candidates = lines.filter((line) => {
    if (line === from || /\d/.test(line.text) || isLabelRow(line)) return false;
    const key = letters(line.text);
    if (key.length < 2 || isLabelPiece(key)) return false;
    const sameColumn =
      line.box.x < from.box.x + Math.max(from.box.width, 60) &&
      line.box.x + line.box.width > from.box.x - 20;
    const gap =
      direction === 'below'
        ? line.box.y - (from.box.y + from.box.height * 0.5)
        : from.box.y - (line.box.y + line.box.height * 0.5);
    return sameColumn && gap > 0 && gap < reach;
  });
  candidates.sort((a, b) => (direction === 'below' ? a.box.y - b.box.y : b.box.y - a.box.y));
  return candidates[0] ?? null;
}

/** A header line: the issuing state's name, the document's type, or the country code beside them. */
function isHeaderLine(line: TextLine): boolean {
  const key = letters(line.text);
  if (TYPE_KEYWORDS.some(([keyword]) => key.includes(keyword))) return true;
  const words = mapLatinLookalikes(line.text.toUpperCase())
    .split(/[^A-Z]+/)
    .filter(Boolean);
  if (words.length > 0 && words.every(isStateCode)) return true;
  const text = words.join(' ');
  return STATE_NAMES_UPPER.some((name) => text === name || text.includes(name));
}

/**
 * The surname and given-name lines of a front whose labels were not read: the first two lines,
 * top to bottom, that read as names (letters only, not a label or a piece of one, not the header),
 * or nothing when fewer than two are found.
 */
function nameLinesByLayout(lines: TextLine[]): [TextLine, TextLine] | [] {
  const names = lines
    .filter((line) => {
      if (/\d/.test(line.text) || isLabelRow(line) || isHeaderLine(line)) return false;
      const key = letters(line.text);
      return key.length >= 2 && !isLabelPiece(key) && cleanName(line.text) !== null;
    })
    .sort((a, b) => a.box.y - b.box.y);
  const [last, first] = names;
  return last && first ? [last, first] : [];
}

/**
 * A printed name: Latin letters kept with their diacritics (`MÜLLER`, `NUÑEZ`), Cyrillic and Greek
 * look-alikes mapped to Latin, anything else a space; `null` when under two characters.
 */
export function cleanName(text: string): string | null {
  const name = mapLatinLookalikes(text.toUpperCase())
    .replace(/[^\p{Script=Latin}\s'-]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return name.length >= 2 ? name : null;
}

function tokens(text: string): string[] {
  return mapLatinLookalikes(text.toUpperCase())
    .split(/[^A-Z0-9<]+/)
    .filter(Boolean);
}

/** The issuing country: a state name in the header, else a lone known alpha-3 code in the top quarter. */
export function findCountry(lines: TextLine[], height: number): string | null {
  const header = lines.filter((line) => line.box.y < height * 0.25);
  for (const line of header) {
    const text = line.text.toUpperCase().replace(/\s+/g, ' ').trim();
    for (const name of STATE_NAMES_UPPER) {
      if (
        text === name ||
        text.startsWith(`${name} `) ||
        text.endsWith(` ${name}`) ||
        text.includes(`OF ${name}`)
      ) {
        const code = stateCodeFromName(name);
        if (code) return code;
      }
    }
  }
  for (const line of header)
    for (const token of tokens(line.text)) if (isStateCode(token)) return token;
  return null;
}

/** The document type named in the text (`PASSPORT`, `IDENTITY CARD`…), or `UNKNOWN`. */
export function findDocumentType(lines: TextLine[]): DocumentType {
  const text = letters(lines.map((l) => l.text).join(' '));
  for (const [keyword, type] of TYPE_KEYWORDS) if (text.includes(keyword)) return type;
  return 'UNKNOWN';
}

/**
 * Reads the visual inspection zone of a rectified front: each value is the line under its printed
 * label; dates are told apart by order (birth < issue < expiry), as they are on every document.
 */
/**
 * The sex and nationality of a value row that holds them side by side, whatever became of their
 * labels (`3.SE LATOAL` for `3. SEX 4. NATIONALITY`, development print 1830): a lone `M`, `F` or `X`
 * followed by a code that ICAO lists for a state (`M DNK 27/12/1941`). Two such signals in a row
 * are no other field; a row that says otherwise (two such rows that differ) gives nothing.
 */
function sexAndStateRow(lines: TextLine[]): { sex: string; nationality: string } | null {
  const found = new Set<string>();
  for (const line of lines) {
    if (isLabelRow(line)) continue;
    const words = tokens(line.text);
    for (let k = 0; k + 1 < words.length; k++) {
      const [sex, state] = [words[k] as string, words[k + 1] as string];
      if (isSexCode(sex) && isStateCode(state)) found.add(`${sex} ${state}`);
    }
  }
  if (found.size !== 1) return null;
  const [sex, nationality] = ([...found][0] as string).split(' ') as [string, string];
  return { sex, nationality };
}

export function readFrontFields(lines: TextLine[]): DocumentFields {
  const valueOf = (field: LabelledField): TextLine | null => {
    const label = findLabel(lines, field);
    return label ? valueBelow(lines, label) : null;
  };
  const givenLabel = findLabel(lines, 'firstNames');
  let lastLine = valueOf('lastNames');
  let firstLine = givenLabel ? valueBelow(lines, givenLabel) : null;
  // Names are stacked, surname first: one name found, its label read and the other's lost (`NAME`,
  // `IRNAN`), the other is the next name-like line of the same column.
  if (lastLine && !firstLine) firstLine = nameLineNear(lines, lastLine, 'below');
  if (firstLine && !lastLine) lastLine = nameLineNear(lines, givenLabel ?? firstLine, 'above');
  // No label of either name read (small print lost to blur or a screen's moiré): the names are
  // the first two name-like lines under the header, surname first, as on every ICAO front. The
  // back's MRZ or barcode must still agree with them.
  if (!lastLine && !firstLine) {
    const byLayout = nameLinesByLayout(lines);
    lastLine = byLayout[0] ?? null;
    firstLine = byLayout[1] ?? null;
  }
  const lastNames = lastLine ? cleanName(lastLine.text) : null;
  const firstNames = firstLine ? cleanName(firstLine.text) : null;
  const numberLine = valueOf('idNumber');
  const idNumber =
    (numberLine
      ? tokens(numberLine.text).find((t) => /^[A-Z0-9]{5,15}$/.test(t) && /\d/.test(t))
      : undefined) ?? null;
  // Sex, nationality and dates often share a row: look at the rows below the sex label.
  const sexLabel = findLabel(lines, 'sex');
  const nationalityLabel = findLabel(lines, 'nationality');
  const near = (label: TextLine | null): TextLine[] =>
    label
      ? lines.filter(
          (l) =>
            l.box.y > label.box.y + label.box.height * 0.4 &&
            l.box.y < label.box.y + label.box.height * 4 &&
            !isLabelRow(l),
        )
      : [];
  const unlabelled = sexAndStateRow(lines);
  const gender =
    near(sexLabel)
      .flatMap((l) => tokens(l.text))
      .find(isSexCode) ??
    unlabelled?.sex ??
    null;
  const nationality =
    near(nationalityLabel ?? sexLabel)
      .flatMap((l) => tokens(l.text))
      .find(isStateCode) ??
    unlabelled?.nationality ??
    null;
  const dates = [...new Set(findPrintedDates(lines.map((l) => l.text).join('\n')))].sort();
  const birthDate = dates.length >= 2 ? (dates[0] as string) : null;
  const dateOfExpiry = dates.length >= 2 ? (dates.at(-1) as string) : null;
  const dateOfIssue = dates.length >= 3 ? (dates[dates.length - 2] as string) : null;
  return {
    firstNames,
    lastNames,
    name: [firstNames, lastNames].filter(Boolean).join(' ') || null,
    birthDate,
    dateOfIssue,
    dateOfExpiry,
    idNumber,
    nationality,
    gender,
    adult: isAdultOn(birthDate),
  };
}
