import sharp from 'sharp';
import { cropRgb, resizeRgb, type DecodedImage, type RgbImage } from '../image/decode.js';
import { stage } from '../perf/stages.js';
import { readTextLines } from '../models/paddle-ocr.js';
import { readMrzWithTesseract } from '../models/tesseract.js';
import type { MrzResult } from '../types.js';
import type { IdentityDecision } from './identity-decision.js';
import { flattenedBand } from './band-flattening.js';
import { checkDigitsByGlyphs } from './glyph-check-digits.js';
import { glyphReaderForNames } from './glyph-evidence.js';
import { combinedReading, readMrzByGlyphs } from './glyph-mrz-reader.js';
import type { LocatedDocument } from './locate.js';
import { mrzCandidates, mrzFromCandidates, mrzScore, textRows } from './mrz-read.js';

/**
 * The share of the flattened document, from its bottom edge, read for the MRZ: the MRZ sits in the
 * bottom part of every TD1/TD2 card side and of a TD3 data page that carries one.
 */
const MRZ_BAND = 0.45;
// Full rectified width: at 700 px a TD3 line gives 16 px per character and narrow glyphs (I, 1)
// get dropped; at 1000 px the bench's MRZ errors on passports disappear for ~100 ms more.
const BAND_OCR_WIDTH = 1000;
/**
 * Width of the second look at a band whose first reading failed: PaddleOCR's misreads of OCR-B
 * (a dropped filler, `W` read as `N`) depend on the scale, and another scale reads another way.
 */
const SECOND_BAND_OCR_WIDTH = 1400;
/**
 * Width of the denoised look, the third: a band photographed in low light carries sensor noise
 * strong enough that PaddleOCR's detector finds no row, or cuts it short; smoothed, stretched to
 * its full range and read at a smaller scale (which averages the noise further), the rows return.
 */
const DENOISED_BAND_OCR_WIDTH = 700;
/** Fillers in a row as no printed text but an MRZ row holds them (`9186<<<<<<58`). */
const FILLER_RUN = /<{4,}/;
/** Gaussian sigma, in pixels of the band, of the denoised look. */
const DENOISE_SIGMA = 1.6;

/** Where the outline's neighbourhood starts, in shares of the outline's height from its top. */
const NEIGHBOURHOOD_FROM = 0.4;
/** How far the neighbourhood reaches beyond the outline: below it, and on either side. */
const NEIGHBOURHOOD_BELOW = 0.25;
const NEIGHBOURHOOD_SIDES = 0.12;
/** Widest the neighbourhood is read at (about 20 px per TD3 character on a 12 MP photo). */
const NEIGHBOURHOOD_OCR_WIDTH = 1400;

/**
 * The lower part of the found outline's neighbourhood in the decoded photo: from
 * {@link NEIGHBOURHOOD_FROM} of its height down to {@link NEIGHBOURHOOD_BELOW} of it below, and
 * {@link NEIGHBOURHOOD_SIDES} of its width beyond either side. An outline found across the MRZ (a
 * page's low-contrast bottom edge taken through its rows: development sample 2020; a card's last
 * column cut off: 1541) leaves rows the flattened band cannot read whole; around the outline they
 * are whole, unflattened but at the decoded photo's resolution, where the whole photo read at
 * 1000 px gives a TD3 character 11 px.
 */
function outlineNeighbourhood(decoded: DecodedImage, located: LocatedDocument): RgbImage {
  const xs = located.decodedQuad.map((p) => p.x);
  const ys = located.decodedQuad.map((p) => p.y);
  const [left, right, top, bottom] = [
    Math.min(...xs),
    Math.max(...xs),
    Math.min(...ys),
    Math.max(...ys),
  ];
  const [width, height] = [right - left, bottom - top];
  const x0 = Math.max(0, Math.round(left - width * NEIGHBOURHOOD_SIDES));
  const x1 = Math.min(decoded.width, Math.round(right + width * NEIGHBOURHOOD_SIDES));
  const y0 = Math.max(0, Math.round(top + height * NEIGHBOURHOOD_FROM));
  const y1 = Math.min(decoded.height, Math.round(bottom + height * NEIGHBOURHOOD_BELOW));
  return cropRgb(decoded, x0, y0, Math.max(1, x1 - x0), Math.max(1, y1 - y0));
}

/** The band smoothed and stretched to its full range (1st to 99th percentile). */
async function denoisedBand(band: RgbImage): Promise<RgbImage> {
  const { data, info } = await sharp(band.data, {
    raw: { width: band.width, height: band.height, channels: 3 },
  })
    .blur(DENOISE_SIGMA)
    .normalise({ lower: 1, upper: 99 })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data };
}

/** The reading with more valid check digits (a fully valid MRZ above any partial one). */
export function betterMrz(a: MrzResult | null, b: MrzResult | null): MrzResult | null {
  if (!a) return b;
  if (!b) return a;
  return mrzScore(b) > mrzScore(a) ? b : a;
}

async function readWithPaddle(
  image: RgbImage,
): Promise<{ mrz: MrzResult | null; text: string; mrzRows: number }> {
  const lines = await readTextLines(image);
  const candidates = mrzCandidates(textRows(lines));
  return {
    mrz: mrzFromCandidates(candidates, 'paddleocr'),
    text: lines.map((l) => l.text).join('\n'),
    mrzRows: candidates.length,
  };
}

async function readWithTesseract(band: RgbImage): Promise<MrzResult | null> {
  const png = await sharp(band.data, {
    raw: { width: band.width, height: band.height, channels: 3 },
  })
    .grayscale()
    .normalise()
    .png({ compressionLevel: 1 })
    .toBuffer();
  return mrzFromCandidates(mrzCandidates(await readMrzWithTesseract(png)), 'tesseract');
}

function mrzBand(located: LocatedDocument): RgbImage {
  const { rectified } = located;
  const bandTop = Math.round(rectified.height * (1 - MRZ_BAND));
  return cropRgb(rectified, 0, bandTop, rectified.width, rectified.height - bandTop);
}

/** The fields every check digit protects: two readings that differ there read two documents. */
function sameCheckedFields(a: MrzResult, b: MrzResult): boolean {
  return (
    a.format === b.format &&
    a.fields.documentNumber === b.fields.documentNumber &&
    a.fields.birthDate === b.fields.birthDate &&
    a.fields.expirationDate === b.fields.expirationDate
  );
}

/**
 * Another look at a side's MRZ band when the first reading `first` led to a refused `decision`:
 * the decision `decide` takes on a better reading, or `decision` itself. `label` names the stages.
 */
export type SecondReader = (
  located: LocatedDocument,
  first: MrzResult | null,
  decision: IdentityDecision,
  decide: (mrz: MrzResult) => IdentityDecision,
  label: 'back' | 'page',
) => Promise<IdentityDecision>;

/**
 * Second readers for a name the printed data contradicts. No check digit covers a name, so when
 * PaddleOCR's MRZ name disagrees with the visual zone only in its names (`MHANA` for `MWANA`,
 * OCR-B's `M` or `W` read as `H` or `N`), the same MRZ band is read again: first by the glyph
 * classifier cell by cell (`glyph-mrz-reader.ts`), then by PaddleOCR at its other scale (its
 * OCR-B misreads depend on the scale), then by tesseract. A reading counts only if
 * its MRZ is valid, holds the same checked fields and agrees with the printed names: two readings
 * of the name (the re-read MRZ and the VIZ) then outvote the first, and its decision is taken. Last,
 * the band's name letters are classified glyph by glyph, under a stricter rule (`glyphReaderForNames`).
 * Anything else keeps the refusal. Runs only on such a disagreement: the common case costs nothing.
 */
export const secondReaderForNames: SecondReader = async (
  located,
  first,
  decision,
  decide,
  label,
) => {
  const mismatched = decision.crossCheck.mismatches.map((m) => m.field);
  const namesOnly =
    mismatched.length > 0 &&
    mismatched.every((field) => field === 'lastNames' || field === 'firstNames');
  // The reading as decided: valid, though perhaps only once a state code was repaired from the
  // printed data (the hollow face's `PKHAR…` for `P<MAR…`: development print 1843).
  const read = decision.mrz;
  if (!read?.valid || first?.reader !== 'paddleocr' || !namesOnly) return decision;
  const band = mrzBand(located);
  const rereads: readonly (() => Promise<MrzResult | null>)[] = [
    // The cheapest first: the glyph classifier's reading of every cell (tens of milliseconds),
    // then its sure cells combined with this reading's others.
    async () => readMrzByGlyphs(located, [read.format]),
    async () => combinedReading(located, read),
    async () => (await readWithPaddle(await resizeRgb(band, SECOND_BAND_OCR_WIDTH))).mrz,
    () => readWithTesseract(band),
  ];
  for (const reread of rereads) {
    const second = await stage(`${label}: MRZ second reader (names)`, reread);
    if (!second?.valid || !sameCheckedFields(read, second)) continue;
    const other = decide(second);
    if (other.crossCheck.consistent) return other;
  }
  // Last, the band's name letters classified glyph by glyph (`glyph-evidence.ts`).
  return stage(`${label}: MRZ glyph classifier (names)`, async () =>
    glyphReaderForNames(located, first, decision, decide),
  );
};

/** The fields a check digit protects, as the cross-check names them. */
const CHECKED_FIELDS: ReadonlySet<string> = new Set(['idNumber', 'birthDate', 'dateOfExpiry']);

/**
 * A second reader for a number or date the printed data contradicts. PaddleOCR's misreads can keep
 * a check digit valid (`X` read `K` beside `8` read `B`: development sample 1642), and the side is
 * refused although the printed number is right. The glyph classifier reads every cell of the band
 * (`readMrzByGlyphs`, valid as read, no repair); when its reading differs from the first in a
 * checked field and the readings then agree, two readings (its MRZ and the VIZ) outvote the first
 * and its decision is taken. A forged side whose printed number differs from its MRZ stays refused:
 * the classifier reads the MRZ that is printed. Runs only on such a disagreement.
 */
export const secondReaderForCheckedFields: SecondReader = async (
  located,
  first,
  decision,
  decide,
  label,
) => {
  const mismatched = decision.crossCheck.mismatches.map((m) => m.field);
  if (!first?.valid || first.reader !== 'paddleocr') return decision;
  if (!mismatched.some((field) => CHECKED_FIELDS.has(field))) return decision;
  return stage(`${label}: MRZ glyph classifier (checked fields)`, async () => {
    const second = readMrzByGlyphs(located, [first.format]);
    if (!second || sameCheckedFields(first, second)) return decision;
    const other = decide(second);
    return other.crossCheck.consistent ? other : decision;
  });
};

/** The MRZ of a document side and the OCR text of the part read for it. */
export interface MrzZoneReading {
  mrz: MrzResult | null;
  /** OCR text of the MRZ band (of the whole photo when the band held no text). */
  ocrRaw: string;
}

/**
 * Reads the MRZ of a flattened document: PaddleOCR on the bottom band at full width; when that
 * reading fails, PaddleOCR again at another scale, then on the band denoised (low light), then on
 * the band flattened to dark glyphs on white (an inverted face; `flattenedBand`; on a page, only
 * when MRZ rows were seen), then
 * tesseract's legacy engine on the band when it holds MRZ rows, then the glyph classifier (alone,
 * then its sure cells combined with the best reading's others), then the photo around the found
 * outline (which may have cut the MRZ off: `outlineNeighbourhood`), and last the whole photo (the
 * outline missed the MRZ, or on a page cut it off beyond its neighbourhood; see
 * `wholePhotoFallback`). Every look after the first runs only when the looks before it gave no
 * valid MRZ. Used for a card back and for a passport data page.
 */
export async function readMrzZone(
  decoded: DecodedImage,
  located: LocatedDocument,
  label: 'back' | 'page',
  /**
   * Fall back to the whole photo where the outline may have missed the MRZ (no rows in the band,
   * or no outline). `false` where the caller has read the flattened document itself (a page) or
   * reads it another way up: the whole photo is then read where the found outline may have cut
   * the MRZ off (rows seen) and its neighbourhood, read first either way, gave no valid MRZ.
   */
  wholePhotoFallback = true,
): Promise<MrzZoneReading> {
  const band = mrzBand(located);
  const first = await stage(`${label}: MRZ OCR`, async () =>
    readWithPaddle(await resizeRgb(band, BAND_OCR_WIDTH)),
  );
  let mrz = first.mrz;
  let ocrRaw = first.text;
  let bandHasMrz = first.mrzRows >= 2;
  // A run of fillers read anywhere in the band: an MRZ row, if only part of one.
  let fillersSeen = FILLER_RUN.test(first.text);
  if (!mrz?.valid) {
    const second = await stage(`${label}: MRZ OCR second scale`, async () =>
      readWithPaddle(await resizeRgb(band, SECOND_BAND_OCR_WIDTH)),
    );
    mrz = betterMrz(mrz, second.mrz);
    bandHasMrz ||= second.mrzRows >= 2;
    fillersSeen ||= FILLER_RUN.test(second.text);
  }
  if (!mrz?.valid) {
    const denoised = await stage(`${label}: MRZ OCR denoised`, async () =>
      readWithPaddle(await resizeRgb(await denoisedBand(band), DENOISED_BAND_OCR_WIDTH)),
    );
    mrz = betterMrz(mrz, denoised.mrz);
    bandHasMrz ||= denoised.mrzRows >= 2;
  }
  // The flattened look is for a band whose print the other looks could not separate from its
  // ground (an inverted face). On a card back, only where they saw no MRZ rows at all: a back whose
  // rows were seen but misread goes on to tesseract, as before (the flattened look there cost the
  // card side's p95 0.4 s, idle). A page read for one (a passport page, or a card front whose kind
  // was not read) may carry no MRZ: there it runs only where rows were seen, so that a card front
  // pays nothing for it.
  const flattenedLook = label === 'back' ? !bandHasMrz : bandHasMrz;
  if (!mrz?.valid && flattenedLook) {
    const flattened = await stage(`${label}: MRZ OCR flattened`, async () =>
      readWithPaddle(await flattenedBand(band)),
    );
    mrz = betterMrz(mrz, flattened.mrz);
    bandHasMrz ||= flattened.mrzRows >= 2;
  }
  if (!mrz?.valid && bandHasMrz)
    mrz = betterMrz(mrz, await stage(`${label}: MRZ tesseract`, () => readWithTesseract(band)));
  // A check digit that no look read as a digit (a faint `4` read `<`), read from its cell.
  if (mrz && !mrz.valid) {
    const read = mrz;
    mrz =
      (await stage(`${label}: MRZ glyph classifier (check digits)`, async () =>
        checkDigitsByGlyphs(located, read),
      )) ?? mrz;
  }
  // Last look at the band: the glyph classifier reads every cell (clean rows that no OCR look
  // detected, as on a low-contrast scan).
  if (!mrz?.valid) {
    const formats = label === 'page' ? (['TD3'] as const) : (['TD1', 'TD2'] as const);
    mrz = betterMrz(
      mrz,
      await stage(`${label}: MRZ glyph classifier (whole band)`, async () =>
        readMrzByGlyphs(located, formats),
      ),
    );
  }
  // Then the classifier's sure cells combined with the best reading's others (each reader misreads
  // where the other is sure).
  if (mrz && !mrz.valid) {
    const read = mrz;
    mrz = betterMrz(
      mrz,
      await stage(`${label}: MRZ glyph classifier (combined)`, async () =>
        combinedReading(located, read),
      ),
    );
  }
  // Where the found outline may have cut the MRZ off (rows seen, or only a run of fillers of a row
  // cut in half: a tilted page whose last row runs past the found edge reads as a short row, a TD3
  // taken for a TD2, development sample tuned 1114), its neighbourhood in the photo is read.
  if (!mrz?.valid && located.outlineFound && (bandHasMrz || fillersSeen)) {
    const around = await stage(`${label}: OCR around the outline`, async () => {
      const neighbourhood = outlineNeighbourhood(decoded, located);
      return readWithPaddle(
        await resizeRgb(neighbourhood, Math.min(neighbourhood.width, NEIGHBOURHOOD_OCR_WIDTH)),
      );
    });
    mrz = betterMrz(mrz, around.mrz);
  }
  // A card back reads the whole photo where its outline may have missed the MRZ (no rows in the
  // band, or no outline); a page, whose caller read the flattened page, where the outline may have
  // cut the MRZ off and its neighbourhood did not hold it whole either (an outline that ran
  // through the MRZ and gave the page a card's shape: development sample 1300). A back whose band
  // showed rows is not read again whole: on a failed back that read cost the card side's p95 half a
  // second (2.29 s against 1.81 s, idle).
  const wholePhoto = wholePhotoFallback
    ? !bandHasMrz || !located.outlineFound
    : located.outlineFound && (bandHasMrz || fillersSeen);
  if (!mrz?.valid && wholePhoto) {
    const whole = await stage(`${label}: OCR whole photo`, async () =>
      readWithPaddle(await resizeRgb(decoded, Math.min(decoded.width, 1000))),
    );
    mrz = betterMrz(mrz, whole.mrz);
    if (!first.text) ocrRaw = whole.text;
  }
  return { mrz, ocrRaw };
}
