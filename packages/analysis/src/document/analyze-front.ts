import sharp from 'sharp';
import { cropRgb, resizeRgb, type ImageLimits, type RgbImage } from '../image/decode.js';
import { measureQuality } from '../image/quality.js';
import { stage } from '../perf/stages.js';
import { detectFaces } from '../face/detect.js';
import { PORTRAIT_CONFIG } from '../models/human.js';
import type { DocumentFields, DocumentType, FrontAnalysis, MrzResult } from '../types.js';
import { findCountry, findDocumentType, readFrontFields } from './front-fields.js';
import { readTextLines } from '../models/paddle-ocr.js';
import { ocrMarks } from './diacritic-marks.js';
import { decideIdentity, type IdentityDecision } from './identity-decision.js';
import { otherWaysUp } from './orientation.js';
import { decodeAndLocate, type LocatedUpload } from './upload-cache.js';
import { betterMrz, readMrzZone } from './mrz-zone.js';
import { decisionAfterSecondLooks } from './second-looks.js';
import {
  fieldsFromMrz,
  mrzCandidates,
  mrzDocumentType,
  mrzFromCandidates,
  mrzScore,
  textRows,
} from './mrz-read.js';

/** Width at which the front is read by OCR (text of an ID-1 card stays ≥ 12 px high). */
const OCR_WIDTH = 800;

/** Crops the document portrait (the largest face) with a head-and-shoulders margin, JPEG base64. */
async function portrait(document: RgbImage): Promise<string | null> {
  // The portrait fills a third of the card: a half-size image is plenty to find it.
  const small = await resizeRgb(document, Math.round(document.width / 2));
  const faces = await detectFaces(small, PORTRAIT_CONFIG);
  const face = faces[0];
  if (!face) return null;
  const [x, y, w, h] = face.box.map((v) => v * (document.width / small.width)) as [
    number,
    number,
    number,
    number,
  ];
  const crop = cropRgb(document, x - w * 0.35, y - h * 0.45, w * 1.7, h * 1.9);
  const jpeg = await sharp(crop.data, {
    raw: { width: crop.width, height: crop.height, channels: 3 },
  })
    .jpeg({ quality: 90 })
    .toBuffer();
  return jpeg.toString('base64');
}

function fieldsRead(fields: DocumentFields): number {
  const keys: (keyof DocumentFields)[] = [
    'firstNames',
    'lastNames',
    'birthDate',
    'dateOfExpiry',
    'idNumber',
    'nationality',
    'gender',
  ];
  return keys.filter((key) => fields[key] !== null).length / keys.length;
}

/**
 * The kind of document by its shape, when no keyword and no MRZ named it. ID-2 (105 × 74 mm) and
 * ID-3 (125 × 88 mm) have the same proportions (1.42), so the shape alone cannot tell a TD2 card
 * from a passport page: a passport data page always carries its MRZ at the bottom, so such a page
 * showing no MRZ row at all is taken as a card, one with MRZ rows as a passport.
 */
export function typeFromSize(
  sizeClass: string | null,
  /** The rows of the page that look like MRZ rows. */
  mrzRows: readonly string[],
  /** The visual zone's identity was read: both names, the birth date and the document number. */
  identityRead = false,
): DocumentType {
  if (sizeClass === 'ID1') return 'ID_CARD';
  if (sizeClass === 'ID2' || sizeClass === 'ID3')
    return mrzRows.length > 0 ? 'PASSPORT' : 'ID_CARD';
  // No outline of a known size (a photo of a screen, a cut-off edge) but a printed identity: an
  // identity document all the same, a passport page when a row holds MRZ fillers, else a card
  // front (a long printed line of labels passes for an MRZ row but has no filler). The back's MRZ
  // (or the page's) must still agree with it field by field.
  if (identityRead) return mrzRows.some((row) => row.includes('<')) ? 'PASSPORT' : 'ID_CARD';
  return 'UNKNOWN';
}

/**
 * ID analysis `POST /front`: locate and flatten the document, read the visual zone (and the MRZ of
 * a passport data page, which wins where both are read), classify, crop the portrait, score quality.
 */
export async function analyzeFrontImage(
  bytes: Buffer,
  limits?: ImageLimits,
): Promise<FrontAnalysis> {
  const upload = await decodeAndLocate(bytes, 'front', limits);
  const upright = await analyzeLocatedFront(upload);
  if (!mayLieOtherWayUp(upright)) return upright;
  // The document may lie the other way up (`orientation.ts`): the reading that read most wins.
  let best = upright;
  for (const turned of await stage('front: other ways up', () => otherWaysUp(upload, true))) {
    const reading = await analyzeLocatedFront(turned);
    if (readShare(reading) > readShare(best)) best = reading;
    if (!mayLieOtherWayUp(best)) break;
  }
  return best;
}

/**
 * Whether a front answer leaves room for the document lying the other way up: no valid MRZ, its
 * identity not read (both names and a birth date or number), and few lines of text. OCR finds few
 * lines upside down and reads them as garbage (`XOT`), so a field alone says nothing; an upright
 * front shows a dozen lines however badly it was read, and pays for no second reading.
 */
function mayLieOtherWayUp(front: FrontAnalysis): boolean {
  const { fields } = front;
  const identity =
    fields.lastNames !== null &&
    fields.firstNames !== null &&
    (fields.birthDate !== null || fields.idNumber !== null);
  const lines = front.ocrRaw.split('\n').filter((line) => line.trim() !== '').length;
  return front.mrz?.valid !== true && !identity && lines < UPRIGHT_LINES;
}

/**
 * Whether the page's first MRZ reading stays the one decided on, against the band's second: both
 * valid with as many valid check digits (so `betterMrz` would take the second), and the first
 * differs from the printed data in fewer fields. The two can differ only where no check digit
 * looks, the names; the second reading of a light-on-dark band can read fillers `K`
 * (`MAXWELL<KLUKASZ<<K<K` for `MAXWELL<<LUKASZ`, development 3319), and the printed names then
 * say which is the document's. Neither is accepted by this: the first reading was not consistent
 * with the printed data, or there would have been no second.
 */
function closerToPrinted(
  first: MrzResult | null,
  firstDecision: IdentityDecision | null,
  second: MrzResult | null,
  secondDecision: IdentityDecision | null,
): boolean {
  if (!first?.valid || !second?.valid || !firstDecision || !secondDecision) return false;
  if (mrzScore(first) !== mrzScore(second)) return false;
  return firstDecision.crossCheck.mismatches.length < secondDecision.crossCheck.mismatches.length;
}

/** Fewest lines OCR finds on an upright document front (seen: 11–16; upside down: 0–4). */
const UPRIGHT_LINES = 7;

/** How much of a front answer was read: a valid MRZ counts as everything. */
function readShare(front: FrontAnalysis): number {
  return front.mrz?.valid === true ? 1 : fieldsRead(front.fields);
}

/** {@link analyzeFrontImage} on an upload as located, one way up. */
async function analyzeLocatedFront({ decoded, located }: LocatedUpload): Promise<FrontAnalysis> {
  const readable = await resizeRgb(located.rectified, OCR_WIDTH);
  const lines = await stage('front: OCR', () => readTextLines(readable));
  const ocrRaw = lines.map((l) => l.text).join('\n');
  const quality = await stage('front: quality', () => measureQuality(located.rectified));
  let fields = readFrontFields(lines);
  const vizLines = lines.map((l) => l.text);
  // Marks are measured on the flattened document at its full width, not the OCR's smaller copy.
  const vizMarks = ocrMarks(located.rectified, lines, located.rectified.width / readable.width);
  const candidates = mrzCandidates(textRows(lines));
  let read = mrzFromCandidates(candidates, 'paddleocr');
  let documentType = findDocumentType(lines);
  let country = findCountry(lines, readable.height);
  // A passport data page: its MRZ and its visual zone are two readings of one identity.
  const decide = (mrz: MrzResult | null): IdentityDecision | null =>
    mrz?.format === 'TD3'
      ? decideIdentity({
          mrz,
          viz: fields,
          vizCountry: country,
          barcodes: [],
          vizLines,
          vizMarks,
        })
      : null;
  let decision = decide(read);
  // A passport data page (ID-3 outline, or TD3 rows in the page) whose MRZ, read with the page at
  // 800 px, is not valid or not confirmed by the printed data is read again on the bottom band at
  // full width, as a card back's is: at 800 px a TD3 character is 17 px wide and OCR drops
  // narrow glyphs and fillers. A page read right the first time costs no second reading.
  const settled = read?.valid === true && decision?.crossCheck.consistent === true;
  // ID-2 and ID-3 share their proportions, so either shape may be a passport page unless the
  // page names itself a card.
  const pageShaped =
    located.sizeClass === 'ID3' ||
    (located.sizeClass === 'ID2' && (documentType === 'PASSPORT' || documentType === 'UNKNOWN'));
  // A page that names itself a passport is one, whatever shape its found outline has (an outline
  // that cut the page's MRZ off is a card's shape: development sample 1300).
  if (
    !settled &&
    (pageShaped ||
      documentType === 'PASSPORT' ||
      read?.format === 'TD3' ||
      candidates.some((row) => row.length >= 40))
  ) {
    const zone = await readMrzZone(decoded, located, 'page', false);
    if (zone.mrz?.format === 'TD3' || !read?.valid) {
      const zoneDecision = decide(zone.mrz);
      if (!closerToPrinted(read, decision, zone.mrz, zoneDecision)) {
        read = betterMrz(zone.mrz, read);
        if (read === zone.mrz) decision = zoneDecision;
      }
    }
  }
  if (decision) {
    const decidePage = (mrz: MrzResult): IdentityDecision => decide(mrz) as IdentityDecision;
    decision = await decisionAfterSecondLooks(located, read, decision, decidePage, 'page');
  }
  const mrz = decision?.mrz ?? read;
  if (mrz?.valid) {
    const decided = decision?.fields ?? fieldsFromMrz(mrz);
    fields = {
      ...fields,
      ...Object.fromEntries(Object.entries(decided).filter(([, v]) => v !== null)),
    } as DocumentFields;
    if (documentType === 'UNKNOWN') documentType = mrzDocumentType(mrz);
    country ??= mrz.fields.issuingState;
  }
  if (documentType === 'UNKNOWN' && lines.length > 0)
    documentType = typeFromSize(
      located.sizeClass,
      candidates,
      fields.lastNames !== null &&
        fields.firstNames !== null &&
        fields.birthDate !== null &&
        fields.idNumber !== null,
    );
  const faceImage =
    lines.length > 0 || located.outlineFound
      ? await stage('front: portrait', () => portrait(located.rectified))
      : null;
  const meanScore = lines.length ? lines.reduce((s, l) => s + l.score, 0) / lines.length : 0;
  const share = fieldsRead(fields);
  const reason =
    lines.length === 0
      ? located.outlineFound
        ? 'NO_TEXT'
        : 'NO_DOCUMENT'
      : share === 0 && !faceImage
        ? 'NO_DOCUMENT'
        : null;
  return {
    documentType: reason === 'NO_DOCUMENT' ? 'UNKNOWN' : documentType,
    country,
    fields,
    faceImage,
    documentQuad: reason === 'NO_DOCUMENT' ? null : located.quad,
    quality,
    ocrRaw,
    ocrMarks: vizMarks.join('\n'),
    confidence: Math.round(share * meanScore * 1000) / 1000,
    reason,
    mrz,
    ...(decision ? { crossCheck: decision.crossCheck } : {}),
  };
}
