import sharp from 'sharp';
import { cropRgb, resizeRgb, type ImageLimits, type RgbImage } from '../image/decode.js';
import { measureQuality } from '../image/quality.js';
import { stage } from '../perf/stages.js';
import { readTextLines } from '../models/paddle-ocr.js';
import { readMrzWithTesseract } from '../models/tesseract.js';
import type { BackAnalysis, FrontAnalysis, MrzResult } from '../types.js';
import { readBarcodes } from './barcodes.js';
import { decideIdentity } from './identity-decision.js';
import { mrzCandidates, mrzDocumentType, mrzFromCandidates, textRows } from './mrz-read.js';
import { decodeAndLocate } from './upload-cache.js';

/** The MRZ sits in the bottom part of every TD1/TD2/TD3 side that carries one. */
const MRZ_BAND = 0.45;
// Full rectified width: at 700 px a TD3 line gives 16 px per character and narrow glyphs (I, 1)
// get dropped; at 1000 px the bench's MRZ errors on passports disappear for ~100 ms more.
const BAND_OCR_WIDTH = 1000;

function better(a: MrzResult | null, b: MrzResult | null): MrzResult | null {
  if (!a) return b;
  if (!b) return a;
  const score = (m: MrzResult): number =>
    Object.values(m.checks).filter((c) => c.valid).length + (m.valid ? 10 : 0);
  return score(b) > score(a) ? b : a;
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

/**
 * ID analysis `POST /back`: the MRZ (PaddleOCR on the bottom band of the flattened document; tesseract's
 * legacy engine as second reader when check digits fail; the whole photo as a last resort), the
 * PDF417/QR barcodes, and the cross-check with the front.
 */
export async function analyzeBackImage(
  bytes: Buffer,
  front?: FrontAnalysis | null,
  limits?: ImageLimits,
): Promise<BackAnalysis> {
  const { decoded, located } = await decodeAndLocate(bytes, 'back', limits);
  const { rectified } = located;
  const bandTop = Math.round(rectified.height * (1 - MRZ_BAND));
  const band = cropRgb(rectified, 0, bandTop, rectified.width, rectified.height - bandTop);
  const first = await stage('back: MRZ OCR', async () =>
    readWithPaddle(await resizeRgb(band, BAND_OCR_WIDTH)),
  );
  let mrz = first.mrz;
  let ocrRaw = first.text;
  // Fallbacks, bounded to one in the common cases: with MRZ rows in the band the band is right and
  // only the reading failed (second reader); without, the outline missed the MRZ (whole photo).
  const bandHasMrz = first.mrzRows >= 2;
  if (!mrz?.valid && bandHasMrz)
    mrz = better(mrz, await stage('back: MRZ tesseract', () => readWithTesseract(band)));
  if (!mrz?.valid && (!bandHasMrz || !located.outlineFound)) {
    // The outline may be wrong (a cut-off card): read the whole photo.
    const whole = await stage('back: OCR whole photo', async () =>
      readWithPaddle(await resizeRgb(decoded, Math.min(decoded.width, 1000))),
    );
    mrz = better(mrz, whole.mrz);
    if (!first.text) ocrRaw = whole.text;
  }
  // Barcodes: on the flat document first; the whole photo too when no PDF417 was found there and
  // the page is not a passport data page (TD3 pages carry no barcode).
  let barcodes = await stage('back: barcodes', () => readBarcodes([rectified]));
  if (!barcodes.some((b) => b.format === 'PDF417') && mrz?.format !== 'TD3') {
    const more = await stage('back: barcodes retry', async () => [
      ...(await readBarcodes([decoded])),
      ...(await readBarcodes([rectified], true)),
    ]);
    const unique = new Map([...barcodes, ...more].map((b) => [`${b.format}:${b.raw}`, b] as const));
    barcodes = [...unique.values()];
    barcodes.sort((a, b) => (a.format === 'PDF417' ? -1 : 0) - (b.format === 'PDF417' ? -1 : 0));
  }
  // The MRZ, the front's visual zone and the barcodes compared field by field (evidence or refusal).
  const decision = decideIdentity({
    mrz,
    viz: front?.fields,
    vizCountry: front?.country,
    barcodes,
  });
  mrz = decision.mrz;
  const checks = mrz ? Object.values(mrz.checks) : [];
  const confidence = mrz
    ? checks.filter((c) => c.valid).length / Math.max(1, checks.length)
    : barcodes.length > 0
      ? 0.5
      : 0;
  return {
    documentType: mrz ? mrzDocumentType(mrz) : (front?.documentType ?? 'UNKNOWN'),
    country: mrz?.fields.issuingState ?? front?.country ?? null,
    mrz,
    barcode: barcodes[0] ?? null,
    barcodes,
    fields: decision.fields,
    crossCheck: decision.crossCheck,
    documentQuad: ocrRaw || barcodes.length ? located.quad : null,
    quality: await stage('back: quality', () => measureQuality(rectified)),
    ocrRaw,
    confidence: Math.round(confidence * 1000) / 1000,
    reason: mrz || barcodes.length > 0 ? null : ocrRaw ? 'NO_MRZ' : 'NO_DOCUMENT',
  };
}
