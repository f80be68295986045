/**
 * The document reader's evaluation: reads the MRZ side (card back, passport data page) of every
 * sample of the evaluation set (`testing/evaluation-set.ts`), with the card front first for the
 * cross-check, exactly as the verification server chains the calls, and scores each side:
 *
 * - MRZ fields fully correct: the MRZ passed its check digits and every character of it is what
 *   the document prints (so every MRZ field, check digit and filler is right).
 * - accepted: the card front passes the server's `judgeFront` ({@link acceptsCardFront}) and the
 *   side passes the server's judgement (`judgeBack` of
 *   `packages/server/src/services/pipeline/capture-decisions.ts`, mirrored in {@link accepts}):
 *   a valid MRZ (or, without MRZ, a barcode), consistent with the front, not expired. A passport
 *   page is the passport flow's only capture: `judgeFront` and `judgePassportPage`
 *   ({@link acceptsPage}) on the front answer (an MRZ read, valid, consistent with the printed
 *   data, not expired).
 * - accepted but wrong: accepted, and a field of the data the server would store (the server's
 *   `documentData`: MRZ fields when the MRZ is valid, completed from the front) is not the
 *   person's: a different document number, date, sex or nationality, or a name that is neither the
 *   visual-zone name nor its ICAO transliteration (a truncated MRZ name stored as the name is wrong).
 * - refused: not accepted (the person is asked again), with the reason.
 */
import type { AnalysisEngine, BackAnalysis, DocumentFields, FrontAnalysis } from '../types.js';
import { mrzTransliterate } from '../testing/transliterate.js';
import type { EvaluationSample } from '../testing/evaluation-set.js';
import type { RenderedDocument } from '../testing/render-document.js';

/** What happened to one MRZ side. */
export interface SideOutcome {
  sample: EvaluationSample;
  mrzCorrect: boolean;
  accepted: boolean;
  /** Fields of the stored data that are not the person's (accepted sides only). */
  wrongData: string[];
  /** MRZ fields read differently from the print, with the confusions (`documentNumber: X→K`). */
  mrzErrors: string[];
  /** Refusal code when refused. */
  refusal: string | null;
  /**
   * Wall and CPU milliseconds (all threads) of the MRZ side: the back of a card, or the whole page
   * of a passport (its front and back analyses together); and of the card front.
   */
  mrzSide: { wall: number; cpu: number };
  front: { wall: number; cpu: number } | null;
}

async function timed<T>(work: () => Promise<T>): Promise<[T, { wall: number; cpu: number }]> {
  const wallStart = performance.now();
  const cpuStart = process.cpuUsage();
  const result = await work();
  const cpu = process.cpuUsage(cpuStart);
  return [result, { wall: performance.now() - wallStart, cpu: (cpu.user + cpu.system) / 1000 }];
}

/** Positions of each MRZ field per format: `[line, start, end]`. */
const MRZ_FIELDS: Readonly<
  Record<'TD1' | 'TD2' | 'TD3', Record<string, [number, number, number]>>
> = {
  TD1: {
    documentCode: [0, 0, 2],
    issuingState: [0, 2, 5],
    documentNumber: [0, 5, 15],
    optional: [0, 15, 30],
    birthDate: [1, 0, 7],
    sex: [1, 7, 8],
    expirationDate: [1, 8, 15],
    nationality: [1, 15, 18],
    optional2: [1, 18, 29],
    composite: [1, 29, 30],
    name: [2, 0, 30],
  },
  TD2: {
    documentCode: [0, 0, 2],
    issuingState: [0, 2, 5],
    name: [0, 5, 36],
    documentNumber: [1, 0, 10],
    nationality: [1, 10, 13],
    birthDate: [1, 13, 20],
    sex: [1, 20, 21],
    expirationDate: [1, 21, 28],
    optional: [1, 28, 35],
    composite: [1, 35, 36],
  },
  TD3: {
    documentCode: [0, 0, 2],
    issuingState: [0, 2, 5],
    name: [0, 5, 44],
    documentNumber: [1, 0, 10],
    nationality: [1, 10, 13],
    birthDate: [1, 13, 20],
    sex: [1, 20, 21],
    expirationDate: [1, 21, 28],
    optional: [1, 28, 43],
    composite: [1, 43, 44],
  },
};

/** MRZ fields that differ between the print and the read, with the character confusions. */
export function mrzFieldErrors(
  truth: string[],
  format: 'TD1' | 'TD2' | 'TD3',
  read: BackAnalysis['mrz'],
): string[] {
  if (!read) return ['(no MRZ)'];
  if (read.format !== format) return [`format ${format}→${read.format}`];
  const lines = read.raw.split('\n');
  const errors: string[] = [];
  for (const [field, [line, start, end]] of Object.entries(MRZ_FIELDS[format])) {
    const expected = (truth[line] ?? '').slice(start, end);
    const got = (lines[line] ?? '').slice(start, end);
    if (expected === got) continue;
    const confusions: string[] = [];
    for (let i = 0; i < Math.max(expected.length, got.length); i++)
      if (expected[i] !== got[i]) confusions.push(`${expected[i] ?? '∅'}→${got[i] ?? '∅'}`);
    errors.push(
      `${field}: ${confusions.slice(0, 4).join(' ')}${confusions.length > 4 ? ' …' : ''}`,
    );
  }
  return errors;
}

/** The server's back judgement (`judgeBack`), mirrored: the analysis package cannot import the server. */
export function accepts(back: BackAnalysis, today: string): string | null {
  if (back.mrz !== null && !back.mrz.valid) return 'MRZ_INVALID';
  if (back.mrz === null && back.barcode === null) return 'UNREADABLE_BACK';
  if (!back.crossCheck.consistent) return 'SIDES_MISMATCH';
  const expiry = back.fields.dateOfExpiry;
  if (expiry !== null && expiry < today) return 'DOCUMENT_EXPIRED';
  return null;
}

/** Minimum front confidence of the server's `judgeFront`. */
const MIN_FRONT_CONFIDENCE = 0.5;

/** The first two tests of the server's `judgeFront`: a document found, read with some confidence. */
function frontUnread(front: FrontAnalysis): string | null {
  if (front.reason === 'NO_DOCUMENT' || front.documentType === 'UNKNOWN') return 'NO_DOCUMENT';
  if (front.reason !== null || front.confidence < MIN_FRONT_CONFIDENCE)
    return 'UNREADABLE_DOCUMENT';
  return null;
}

/**
 * The server's front judgement (`judgeFront`) of a card front, mirrored: a document found, read
 * with some confidence, its printed names read (no check digit covers the MRZ's names, so the
 * printed ones must confirm them). A refused front is asked again before any back is read.
 */
export function acceptsCardFront(front: FrontAnalysis): string | null {
  const unread = frontUnread(front);
  if (unread) return unread;
  if (front.fields.lastNames === null || front.fields.firstNames === null)
    return 'UNREADABLE_DOCUMENT';
  return null;
}

/**
 * The server's judgements of a passport page, mirrored as the passport flow applies them: the
 * front's (`judgeFront`), then the page's (`judgePassportPage` of
 * `packages/server/src/services/pipeline/document-kind-decisions.ts`): a page whose MRZ was not
 * read is refused, its MRZ must be valid and agree with the printed data, and not expired.
 */
export function acceptsPage(front: FrontAnalysis, today: string): string | null {
  const page = front as FrontAnalysis & {
    mrz?: BackAnalysis['mrz'];
    crossCheck?: BackAnalysis['crossCheck'];
  };
  const unread = frontUnread(front);
  if (unread) return unread;
  if (!page.mrz) return 'UNREADABLE_DOCUMENT';
  if (!page.mrz.valid) return 'MRZ_INVALID';
  if (page.crossCheck && !page.crossCheck.consistent) return 'SIDES_MISMATCH';
  const expiry = front.fields.dateOfExpiry;
  if (expiry !== null && expiry < today) return 'DOCUMENT_EXPIRED';
  return null;
}

const DATA_FIELDS: readonly (keyof DocumentFields)[] = [
  'lastNames',
  'firstNames',
  'idNumber',
  'birthDate',
  'dateOfExpiry',
  'nationality',
  'gender',
];

/**
 * The server's `documentData` for these fields: the back's decided fields first when it read a
 * valid MRZ or a barcode.
 */
function storedData(front: FrontAnalysis | null, back: BackAnalysis): Partial<DocumentFields> {
  const decided = back.mrz?.valid === true || back.barcode !== null;
  const preferred = decided ? [back.fields, front?.fields] : [front?.fields, back.fields];
  const data: Partial<DocumentFields> = {};
  for (const field of DATA_FIELDS)
    for (const source of preferred) {
      const value = source?.[field];
      if (value !== null && value !== undefined && value !== '') {
        (data as Record<string, unknown>)[field] = value;
        break;
      }
    }
  return data;
}

/** A name compared loosely on spacing and punctuation: `JEAN-PIERRE` = `JEAN PIERRE`. */
function nameKey(name: string): string {
  return name
    .toUpperCase()
    .replace(/['’`]/g, '')
    .replace(/[\s<\-.,]+/g, ' ')
    .trim();
}

/** The person's name in either accepted form: as printed, or ICAO-transliterated. */
function nameMatches(stored: string, printed: string): boolean {
  const key = nameKey(stored);
  return key === nameKey(printed) || key === nameKey(mrzTransliterate(printed));
}

/** Fields of the stored data that are not the person's (a missing field is not wrong). */
export function wrongDataFields(
  sample: EvaluationSample,
  front: FrontAnalysis | null,
  back: BackAnalysis,
): string[] {
  const person = sample.identity;
  const data = storedData(front, back);
  const wrong: string[] = [];
  const expect: Record<string, string> = {
    idNumber: person.documentNumber,
    birthDate: person.birthDate,
    dateOfExpiry: person.dateOfExpiry,
    nationality: person.nationality,
    gender: person.sex,
  };
  for (const [field, value] of Object.entries(expect)) {
    const got = data[field as keyof DocumentFields];
    if (got !== undefined && String(got) !== value) wrong.push(`${field} ${value}→${String(got)}`);
  }
  if (data.lastNames !== undefined && !nameMatches(String(data.lastNames), person.lastNames))
    wrong.push(`lastNames ${person.lastNames}→${String(data.lastNames)}`);
  if (data.firstNames !== undefined && !nameMatches(String(data.firstNames), person.firstNames))
    wrong.push(`firstNames ${person.firstNames}→${String(data.firstNames)}`);
  return wrong;
}

/** A passport page's front answer seen as the MRZ side it also is (its MRZ, fields and cross-check). */
function pageAsBack(front: FrontAnalysis): BackAnalysis {
  const page = front as FrontAnalysis & {
    mrz?: BackAnalysis['mrz'];
    crossCheck?: BackAnalysis['crossCheck'];
  };
  return {
    documentType: front.documentType,
    country: front.country,
    mrz: page.mrz ?? null,
    barcode: null,
    barcodes: [],
    fields: front.fields,
    crossCheck: page.crossCheck ?? { consistent: true, compared: [], mismatches: [] },
    documentQuad: front.documentQuad,
    quality: front.quality,
    ocrRaw: front.ocrRaw,
    confidence: front.confidence,
    reason: page.mrz ? null : 'NO_MRZ',
  };
}

/** Reads one sample as the server would (front, then the MRZ side with the front) and scores it. */
export async function evaluateSample(
  engine: AnalysisEngine,
  sample: EvaluationSample,
  sides: { mrz: RenderedDocument; front: RenderedDocument | null },
  today: string,
): Promise<SideOutcome> {
  const frontImage = sides.front?.image ?? sides.mrz.image;
  const [front, frontTime] = await timed(() => engine.analyzeFront(frontImage));
  // A passport page is the passport flow's only document capture: it is judged on the front
  // answer alone (its MRZ, and the MRZ's cross-check with the printed data), as `judgeFront` does.
  const pageOnly = sample.kind === 'passport';
  const [back, backTime] = pageOnly
    ? [pageAsBack(front), { wall: 0, cpu: 0 }]
    : await timed(() => engine.analyzeBack(sides.mrz.image, front));
  const truth = sides.mrz.truth;
  const format = truth.mrzFormat as 'TD1' | 'TD2' | 'TD3';
  const mrzErrors = mrzFieldErrors(truth.mrz ?? [], format, back.mrz);
  const mrzCorrect = back.mrz?.valid === true && mrzErrors.length === 0;
  const refusal = pageOnly
    ? acceptsPage(front, today)
    : (acceptsCardFront(front) ?? accepts(back, today));
  const accepted = refusal === null;
  return {
    sample,
    mrzCorrect,
    accepted,
    wrongData: accepted ? wrongDataFields(sample, front, back) : [],
    mrzErrors,
    refusal,
    mrzSide:
      sample.kind === 'passport'
        ? { wall: backTime.wall + frontTime.wall, cpu: backTime.cpu + frontTime.cpu }
        : backTime,
    front: sample.kind === 'passport' ? null : frontTime,
  };
}
