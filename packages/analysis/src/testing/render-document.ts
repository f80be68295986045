import bwipjs from 'bwip-js';
import sharp from 'sharp';
import { MRZ_LAYOUTS } from '../document/mrz-layout.js';
import type { DocumentFields, DocumentType, Point } from '../types.js';
import {
  DEGRADATION_PRESETS,
  degradeImage,
  type Degradation,
  type DegradationPreset,
} from './degrade.js';
import { documentGeometry, documentSvg, type DocumentGeometry } from './document-layout.js';
import { familySide } from './family-layout.js';
import type { FamilyName, MrzFont, MrzZone } from './families.js';
import { sampleFace } from './faces.js';
import type { DocumentKind, Identity } from './identity.js';
import { MRZ_FORMAT, buildMrzLines } from './mrz-lines.js';
import { documentPixelWidth, takePhonePhoto, type PhonePhoto } from './phone-photo.js';

/** Options of {@link renderDocument}. */
export interface RenderOptions {
  kind: DocumentKind;
  side: 'front' | 'back';
  /** A preset name or explicit degradation; default `clean` (flat scan, no background). */
  degrade?: DegradationPreset | Degradation;
  /** Seed of the degradation's random parts (default: the identity's seed). */
  seed?: number | string;
  /** Print a wrong MRZ check digit (a forged or tampered document). */
  tamperCheckDigit?: 'documentNumber' | 'birthDate' | 'expirationDate' | 'composite';
  /**
   * Draw the document in one of the evaluation's design families (`families.ts`) instead of the
   * original layout. Without it the output is the original generator's, byte for byte.
   */
  family?: FamilyName;
  /** OCR-B face of the MRZ in a family design (default `regular`). */
  mrzFont?: MrzFont;
  /** What the MRZ of a family design is printed over, instead of the family's own zone. */
  mrzZone?: MrzZone;
  /** Take a phone photo or scan of the document (`phone-photo.ts`) instead of `degrade`. */
  photo?: PhonePhoto;
}

/** What a rendered document really says, for scoring a reader (never an input to the engine). */
export interface DocumentTruth {
  identity: Identity;
  kind: DocumentKind;
  side: 'front' | 'back';
  documentType: DocumentType;
  /** The MRZ lines printed on this side, or `null`. */
  mrz: string[] | null;
  mrzFormat: 'TD1' | 'TD2' | 'TD3' | null;
  /** Barcodes printed on this side with their exact payloads. */
  barcodes: { format: 'PDF417' | 'QRCode'; text: string }[];
  /** The expected `data` fields. */
  fields: DocumentFields;
  /** Where the document's corners are in the image (TL, TR, BR, BL). */
  quad: Point[];
  width: number;
  height: number;
}

/** A rendered document photo (JPEG) and its truth. */
export interface RenderedDocument {
  image: Buffer;
  truth: DocumentTruth;
}

const DOCUMENT_TYPE: Readonly<Record<DocumentKind, DocumentType>> = {
  'id-card': 'ID_CARD',
  'residence-permit': 'RESIDENCE_PERMIT',
  passport: 'PASSPORT',
};

function tamperCheckDigit(
  lines: string[],
  format: 'TD1' | 'TD2' | 'TD3',
  name: NonNullable<RenderOptions['tamperCheckDigit']>,
): void {
  const layout = MRZ_LAYOUTS.find((l) => l.format === format);
  const spec = layout?.checks.find((c) => c.name === name);
  if (!spec) return;
  const { line, column } = spec.digit;
  const text = lines[line] as string;
  const wrong = String((Number(text[column]) + 5) % 10);
  lines[line] = text.slice(0, column) + wrong + text.slice(column + 1);
}

/** A barcode rendered by bwip-js and fitted (sharp modules, white margin) into a `width × height` box. */
async function fittedBarcode(
  options: bwipjs.RenderOptions,
  width: number,
  height: number,
): Promise<Buffer> {
  const png = (await bwipjs.toBuffer(options)) as Buffer;
  return sharp(png)
    .resize(width, height, { fit: 'contain', background: '#ffffff', kernel: 'nearest' })
    .toBuffer();
}

/** Adult (18+) on `today` for a `YYYY-MM-DD` birth date. */
export function isAdult(birthDate: string, today = new Date()): boolean {
  const [year, month, day] = birthDate.split('-').map(Number) as [number, number, number];
  const eighteenth = Date.UTC(year + 18, month - 1, day);
  return eighteenth <= Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
}

/** The `data` fields a perfect reader would answer for `identity`. */
export function expectedFields(identity: Identity): DocumentFields {
  return {
    firstNames: identity.firstNames,
    lastNames: identity.lastNames,
    name: `${identity.firstNames} ${identity.lastNames}`,
    birthDate: identity.birthDate,
    dateOfIssue: identity.dateOfIssue,
    dateOfExpiry: identity.dateOfExpiry,
    idNumber: identity.documentNumber,
    nationality: identity.nationality,
    gender: identity.sex,
    adult: isAdult(identity.birthDate),
  };
}

/** Payload of the PDF417 on the back (pipe-separated, like many national ID barcodes). */
export function pdf417Payload(identity: Identity): string {
  return [
    'IDV1',
    identity.issuingState,
    identity.documentNumber,
    identity.lastNames,
    identity.firstNames,
    identity.birthDate.replace(/-/g, ''),
    identity.sex,
    identity.dateOfExpiry.replace(/-/g, ''),
    identity.nationality,
    identity.personalNumber,
  ].join('|');
}

/** Payload of the QR code on the back. */
export function qrPayload(identity: Identity): string {
  return `https://verify.example.org/d/${identity.issuingState}/${identity.documentNumber}`;
}

/**
 * Renders one side of a synthetic document from `identity`: OCR-B MRZ with valid check digits,
 * labelled fields, a portrait from the face samples, PDF417 and QR on the back of cards, then the
 * requested degradation. Deterministic for a given identity, options and seed.
 *
 * @example
 * ```ts
 * const { image, truth } = await renderDocument(generateIdentity(7), { kind: 'passport', side: 'front', degrade: 'photo' });
 * ```
 */
export async function renderDocument(
  identity: Identity,
  options: RenderOptions,
): Promise<RenderedDocument> {
  const { kind, side } = options;
  const hasMrz = side === 'back' || kind === 'passport';
  const mrz = hasMrz ? buildMrzLines(identity, kind) : null;
  if (mrz && options.tamperCheckDigit)
    tamperCheckDigit(mrz, MRZ_FORMAT[kind], options.tamperCheckDigit);
  let geometry: DocumentGeometry;
  let svg: string;
  if (options.family) {
    const drawn = familySide(
      options.family,
      kind,
      side,
      identity,
      mrz ?? [],
      options.mrzFont ?? 'regular',
      String(options.seed ?? identity.seed),
      options.mrzZone,
    );
    geometry = drawn.geometry;
    svg = drawn.svg;
  } else {
    geometry = documentGeometry(kind, side);
    svg = documentSvg(kind, side, identity, mrz ?? []);
  }
  // A photo needs the document drawn at the density it will have in the photo.
  const density = options.photo ? documentPixelWidth(options.photo) / geometry.width : 1;
  const px = (v: number): number => Math.round(v * density);
  if (density !== 1)
    svg = svg.replace(
      /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="(\d+)" height="(\d+)"( viewBox="[^"]*")?/,
      (_, w: string, h: string) =>
        `<svg xmlns="http://www.w3.org/2000/svg" width="${px(Number(w))}" height="${px(Number(h))}" viewBox="0 0 ${w} ${h}"`,
    );
  const layers: sharp.OverlayOptions[] = [];
  if (geometry.portrait) {
    const width = px(geometry.portrait.width);
    const portrait = await sharp(await sampleFace(identity.faceIndex, Math.max(width, 200) * 2))
      .resize(width, px(geometry.portrait.height), {
        fit: 'cover',
        position: 'centre',
      })
      .modulate({ saturation: 0.85 })
      .toBuffer();
    layers.push({ input: portrait, left: px(geometry.portrait.x), top: px(geometry.portrait.y) });
  }
  const barcodes: DocumentTruth['barcodes'] = [];
  if (geometry.pdf417) {
    const text = pdf417Payload(identity);
    // `columns` is a BWIPP option of pdf417 that bwip-js's typings do not list.
    const options = {
      bcid: 'pdf417',
      text,
      scale: 2,
      columns: 6,
      padding: 6,
      backgroundcolor: 'FFFFFF',
    };
    const { x, y, width, height } = geometry.pdf417;
    layers.push({
      input: await fittedBarcode(options as bwipjs.RenderOptions, px(width), px(height)),
      left: px(x),
      top: px(y),
    });
    barcodes.push({ format: 'PDF417', text });
  }
  if (geometry.qr) {
    const text = qrPayload(identity);
    const options = { bcid: 'qrcode', text, scale: 4, padding: 6, backgroundcolor: 'FFFFFF' };
    const { x, y, size } = geometry.qr;
    layers.push({
      input: await fittedBarcode(options, px(size), px(size)),
      left: px(x),
      top: px(y),
    });
    barcodes.push({ format: 'QRCode', text });
  }
  const clean = await sharp(Buffer.from(svg))
    .composite(layers)
    .flatten({ background: '#ffffff' })
    .png({ compressionLevel: options.photo ? 1 : 6 })
    .toBuffer();
  const degradation =
    typeof options.degrade === 'string'
      ? DEGRADATION_PRESETS[options.degrade]
      : (options.degrade ?? {});
  const seed = options.seed ?? `${identity.seed}:${kind}:${side}`;
  const degraded = options.photo
    ? await takePhonePhoto(clean, options.photo, seed)
    : await degradeImage(clean, degradation, seed);
  return {
    image: degraded.image,
    truth: {
      identity,
      kind,
      side,
      documentType: DOCUMENT_TYPE[kind],
      mrz,
      mrzFormat: mrz ? MRZ_FORMAT[kind] : null,
      barcodes,
      fields: expectedFields(identity),
      quad: degraded.quad,
      width: degraded.width,
      height: degraded.height,
    },
  };
}
