/**
 * One identity, three readings: the MRZ, the visual zone (VIZ) and the barcodes. This module compares
 * them field by field and decides: a disagreement is settled only by evidence (an exact barcode, a
 * check digit that one reading fails, an ICAO code, ICAO 9303 name rules, a known OCR confusion
 * confirmed by the other reading), otherwise the field is reported as a mismatch and the side is
 * refused. A value is never guessed. The rules are written out in the package README.
 *
 * This module runs the decision: the MRZ's name field repaired with the printed names
 * (`name-repair.ts`), its state codes and checked fields repaired from the other readings
 * (`mrz-evidence-repairs.ts`), then the comparison field by field (`readings-comparison.ts`).
 */
import type { BarcodeResult, DocumentFields, MrzResult } from '../types.js';
import { marksOfText } from './diacritic-mark-queries.js';
import { readBarcodeFields, type BarcodeReading } from './barcode-fields.js';
import { mrzNameField, mrzNameFieldPosition } from './mrz-names.js';
import { fieldsFromMrz, mrzLayoutOf, mrzResultFromLines } from './mrz-read.js';
import { positionDifferences } from './ocr-misreads.js';
import { repairNameWithViz } from './name-repair.js';
import { namesFromUnlabelledLines, resemblesNameField } from './viz-names.js';
import {
  compact,
  documentCodeFillerLikeRepairs,
  mergeRepairs,
  repairCheckedField,
  repairStateCode,
  setText,
  type Work,
} from './mrz-evidence-repairs.js';
import { compareReadings, type IdentityDecision } from './readings-comparison.js';
import { nameFieldByConfusions } from './name-confusions.js';
import { sameLetters } from './plain-letters.js';

export type { IdentityDecision } from './readings-comparison.js';

/** The readings of one document's identity. */
export interface IdentityReadings {
  mrz: MrzResult | null;
  /** Fields of the visual zone (the front of a card, the printed part of a passport page). */
  viz: DocumentFields | null | undefined;
  /** The issuing country named on the front, when read. */
  vizCountry?: string | null;
  /**
   * The visual zone's text lines as OCR returned them: where the labels of the names were not
   * read, the printed names are located among them (`namesFromUnlabelledLines`).
   */
  vizLines?: readonly string[] | undefined;
  /**
   * The marks seen above the characters of each of `vizLines` (`diacritic-marks.ts`), which the
   * OCR text lost; absent when not measured.
   */
  vizMarks?: readonly string[] | undefined;
  barcodes: readonly BarcodeResult[];
}

/** The identity fields decided from every reading (see the module comment). */
export function decideIdentity(readings: IdentityReadings): IdentityDecision {
  const viz = withUnlabelledNumber(withUnlabelledNames(readings), readings);
  const barcode: BarcodeReading = readBarcodeFields(readings.barcodes);
  const work: Work = {
    lines: readings.mrz ? readings.mrz.raw.split('\n') : null,
    layout: readings.mrz ? mrzLayoutOf(readings.mrz.format) : null,
    repairs: readings.mrz ? [...readings.mrz.repairs] : [],
    resolutions: [],
  };
  const format = readings.mrz?.format ?? null;
  const before = work.lines?.join('\n');

  // 1. The name field, with the printed names (or the barcode's) as evidence.
  let printedLast = viz?.lastNames ?? null;
  let printedFirst = viz?.firstNames ?? null;
  if (work.lines && format) {
    const field = mrzNameField(format, work.lines);
    const reference =
      printedLast !== null || printedFirst !== null
        ? { last: printedLast, first: printedFirst }
        : { last: barcode.fields.lastNames ?? null, first: barcode.fields.firstNames ?? null };
    if (reference.last !== null || reference.first !== null) {
      // The visual zone is read by an OCR without diacritics; a barcode is exact.
      const reading = { byOcr: printedLast !== null || printedFirst !== null };
      const repair = repairNameWithViz(field, reference.last, reference.first, reading);
      if (repair) {
        if (repair.field !== field) {
          const { line, start } = mrzNameFieldPosition(format);
          work.lines = setText(work.lines, line, start, repair.field, work.repairs);
          work.resolutions.push({
            field: 'name',
            value: [repair.firstNames, repair.lastNames].filter(Boolean).join(' '),
            sources: ['mrz', printedLast !== null ? 'viz' : 'barcode'],
            evidence: 'ocr-confusion',
          });
        }
        if (printedLast !== null || printedFirst !== null) {
          printedLast = repair.lastNames;
          printedFirst = repair.firstNames;
        }
      }
    }
    repairNameWithBarcode(work, format, barcode, printedLast, printedFirst);
    documentCodeFillerLikeRepairs(work);
  }

  // 2. State codes: an unknown code is repaired only into a known one that another reading confirms.
  if (work.lines && format) {
    const nationalityAt = format === 'TD1' ? { line: 1, start: 15 } : { line: 1, start: 10 };
    // The other code of the MRZ is no evidence: a foreigner's nationality (`BOL` read `OOL`) would
    // become the issuing state's (`COL`).
    repairStateCode(
      work,
      nationalityAt.line,
      nationalityAt.start,
      [viz?.nationality, barcode.fields.nationality],
      'nationality',
    );
    repairStateCode(work, 0, 2, [readings.vizCountry], null);
  }

  // 3. Check-digit fields that fail their digit, repaired from the barcode (exact) or the VIZ.
  const exactNumber = compact(barcode.fields.idNumber);
  repairCheckedField(work, 'idNumber', exactNumber ?? compact(viz?.idNumber), exactNumber !== null);
  for (const field of ['birthDate', 'dateOfExpiry'] as const) {
    const exact = barcode.fields[field] ?? null;
    repairCheckedField(work, field, exact ?? viz?.[field] ?? null, exact !== null);
  }

  let mrz = readings.mrz;
  if (readings.mrz && work.lines && work.layout && work.lines.join('\n') !== before)
    mrz =
      mrzResultFromLines(
        work.lines,
        work.layout,
        readings.mrz.reader,
        mergeRepairs(work.repairs),
      ) ?? readings.mrz;

  return compareReadings(mrz, viz, printedLast, printedFirst, barcode, work.resolutions, (text) =>
    marksOfText(text, readings.vizLines, readings.vizMarks),
  );
}

/**
 * Letters of the MRZ name field that OCR misread (`DONINIK`), put back from the exact barcode when
 * the visual zone reads the barcode's letters too: two independent readings against one. Nothing
 * changes when the printed names were not read or differ from the barcode's.
 */
function repairNameWithBarcode(
  work: Work,
  format: MrzResult['format'],
  barcode: BarcodeReading,
  printedLast: string | null,
  printedFirst: string | null,
): void {
  if (!work.lines) return;
  const last = barcode.fields.lastNames ?? null;
  const first = barcode.fields.firstNames ?? null;
  if (last === null || first === null || printedLast === null || printedFirst === null) return;
  if (!sameLetters(printedLast, last) || !sameLetters(printedFirst, first)) return;
  const field = mrzNameField(format, work.lines);
  const repaired = nameFieldByConfusions(field, last, first);
  if (repaired === null) return;
  const { line, start } = mrzNameFieldPosition(format);
  work.lines = setText(work.lines, line, start, repaired, work.repairs);
  work.resolutions.push({
    field: 'name',
    value: `${first} ${last}`,
    sources: ['mrz', 'viz', 'barcode'],
    evidence: 'barcode',
  });
}

/** Most characters in which an unlabelled line may differ from the MRZ's number and be its reading. */
const UNLABELLED_NUMBER_DIFFERENCES = 3;

/**
 * The visual zone's fields, with the document number located without its label where the label
 * was not read: the one token of the printed lines as long as the MRZ's number that differs
 * from it in at most {@link UNLABELLED_NUMBER_DIFFERENCES} characters (its own misreads). Without
 * it the MRZ's number stood alone, and a misread its check digit cannot see (`G` read `6`: their
 * values differ by ten) was accepted; found, the number is compared as a labelled one would be.
 */
function withUnlabelledNumber(
  viz: DocumentFields | null,
  readings: IdentityReadings,
): DocumentFields | null {
  if (viz === null || viz.idNumber !== null || !readings.mrz || !readings.vizLines) return viz;
  const number = compact(fieldsFromMrz(readings.mrz).idNumber);
  if (number === null) return viz;
  // Not the MRZ's own rows (a passport page's text holds them): they would confirm themselves.
  const printed = readings.vizLines.filter((line) => !line.includes('<') && line.length < 28);
  const tokens = new Set(printed.flatMap((line) => line.toUpperCase().split(/[^A-Z0-9]+/)));
  const found = [...tokens].filter((token) => {
    const differences = positionDifferences(token, number);
    return differences !== null && differences <= UNLABELLED_NUMBER_DIFFERENCES;
  });
  return found.length === 1 ? { ...viz, idNumber: found[0] as string } : viz;
}

/**
 * The visual zone's fields, with the names located without their labels where the labelled ones
 * were not read, or where what sits under a label is no stretch of the MRZ name field (a misread
 * label such as `NATIONAUTY` taken for a name) while another line is.
 */
function withUnlabelledNames(readings: IdentityReadings): DocumentFields | null {
  const viz = readings.viz ?? null;
  if (viz === null || !readings.mrz || !readings.vizLines) return viz;
  const field = mrzNameField(readings.mrz.format, readings.mrz.raw.split('\n'));
  // Each where its identifier sits: a surname read under the given names' label (or taken from
  // the layout) is no given name.
  const labelled = (name: string | null, part: 'primary' | 'secondary'): string | null =>
    name !== null && resemblesNameField(name, field, part) ? name : null;
  let lastNames = labelled(viz.lastNames, 'primary');
  let firstNames = labelled(viz.firstNames, 'secondary');
  if (lastNames !== null && firstNames !== null) return viz;
  const found = namesFromUnlabelledLines(readings.vizLines, field);
  lastNames ??= found.lastNames ?? viz.lastNames;
  firstNames ??= (found.firstNames !== lastNames ? found.firstNames : null) ?? viz.firstNames;
  return { ...viz, lastNames, firstNames };
}
