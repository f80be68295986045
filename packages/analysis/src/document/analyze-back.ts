import type { ImageLimits } from '../image/decode.js';
import { measureQuality } from '../image/quality.js';
import { stage } from '../perf/stages.js';
import type { BackAnalysis, FrontAnalysis, MrzResult } from '../types.js';
import { withFieldReadings } from './barcode-fields.js';
import { readBarcodes } from './barcodes.js';
import { decideIdentity, type IdentityDecision } from './identity-decision.js';
import { mrzDocumentType } from './mrz-read.js';
import { betterMrz, readMrzZone } from './mrz-zone.js';
import { otherWaysUp } from './orientation.js';
import { decisionAfterSecondLooks } from './second-looks.js';
import { decodeAndLocate } from './upload-cache.js';

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
  const upload = await decodeAndLocate(bytes, 'back', limits);
  let { decoded, located } = upload;
  let zone = await readMrzZone(decoded, located, 'back');
  if (!zone.mrz?.valid) {
    // The document may lie the other way up (`orientation.ts`): its MRZ rows at the top.
    for (const turned of await stage('back: other ways up', () => otherWaysUp(upload, false))) {
      const again = await readMrzZone(turned.decoded, turned.located, 'back', false);
      if (again.mrz && betterMrz(zone.mrz, again.mrz) === again.mrz) {
        ({ decoded, located } = turned);
        zone = again;
        break;
      }
    }
  }
  const { rectified } = located;
  let mrz = zone.mrz;
  const ocrRaw = zone.ocrRaw;
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
  // Each barcode with the identity fields it carries: the answer's own reading of its payload.
  barcodes = withFieldReadings(barcodes);
  // The MRZ, the front's visual zone and the barcodes compared field by field (evidence or refusal).
  const decide = (read: MrzResult | null): IdentityDecision =>
    decideIdentity({
      mrz: read,
      viz: front?.fields,
      vizCountry: front?.country,
      vizLines: front?.ocrRaw?.split('\n'),
      vizMarks: front?.ocrMarks?.split('\n'),
      barcodes,
    });
  // Read again where refused, asked of the glyph classifier where accepted (`second-looks.ts`).
  const decision = await decisionAfterSecondLooks(located, mrz, decide(mrz), decide, 'back');
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
