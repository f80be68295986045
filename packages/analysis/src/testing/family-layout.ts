import { DOCUMENT_SIZE, type DocumentGeometry } from './document-layout.js';
import {
  FAMILY_STYLES,
  MRZ_FONT_ATTRIBUTES,
  type FamilyName,
  type MrzFont,
  type MrzZone,
} from './families.js';
import type { DocumentKind, Identity } from './identity.js';
import { Random } from './random.js';
import { securityBackground, type Palette } from './security-print.js';

/** One side of a document of a family: its SVG (in document units) and where bitmaps go. */
export interface FamilySide {
  svg: string;
  geometry: DocumentGeometry;
}

const TITLE: Readonly<Record<DocumentKind, string>> = {
  'id-card': 'IDENTITY CARD',
  'residence-permit': 'RESIDENCE PERMIT',
  passport: 'PASSPORT',
};

function xml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Font size at which `text` (about 0.62 em per character, bold sans) fits `width`, at most `max`. */
function fitting(text: string, width: number, max: number): number {
  return Math.max(14, Math.min(max, Math.floor(width / (Math.max(1, text.length) * 0.64))));
}

/**
 * The MRZ block at the bottom of a side, in one OCR-B face, filling `fill` of the width, over a
 * white strip, a tinted strip or the security print. Answers the SVG and the block's top.
 */
function mrzBlock(
  lines: string[],
  width: number,
  height: number,
  font: MrzFont,
  style: (typeof FAMILY_STYLES)[FamilyName]['mrz'],
  palette: Palette,
): { svg: string; top: number } {
  const characters = Math.max(...lines.map((line) => line.length));
  const fontSize = Math.min(44, Math.floor(((width - 90) * style.fill) / (characters * 0.72)));
  const pitch = Math.round(fontSize * style.pitch);
  const top = height - 26 - lines.length * pitch;
  const x = Math.round((width - characters * fontSize * 0.72) / 2);
  let svg = '';
  if (style.zone === 'white')
    svg += `<rect x="0" y="${top - 14}" width="${width}" height="${height - top + 14}" fill="#fff" opacity="0.62"/>`;
  else if (style.zone === 'tint')
    svg += `<rect x="0" y="${top - 14}" width="${width}" height="${height - top + 14}" fill="hsl(${palette.hue},30%,95%)" opacity="0.8"/>`;
  svg += lines
    .map(
      (line, i) =>
        `<text x="${x}" y="${top + Math.round(fontSize * 0.95) + i * pitch}" ${MRZ_FONT_ATTRIBUTES[font]} font-size="${fontSize}" fill="#000">${xml(line)}</text>`,
    )
    .join('');
  return { svg, top: top - 14 };
}

/**
 * Renders one side of a document in a family's design (see `families.ts`). Sizes are those of the
 * classic generator (ID-1, ID-2, ID-3 at about 10 px per mm); the caller scales the SVG.
 */
export function familySide(
  family: FamilyName,
  kind: DocumentKind,
  side: 'front' | 'back',
  identity: Identity,
  mrzLines: string[],
  mrzFont: MrzFont,
  seed: string,
  /** Print the MRZ over this zone instead of the family's own (a development variant). */
  mrzZone?: MrzZone,
): FamilySide {
  const style = FAMILY_STYLES[family];
  const { width, height } = DOCUMENT_SIZE[kind];
  const random = new Random(`family:${family}:${seed}:${kind}`);
  const palette = style.palette(random);
  const dataPage = side === 'front' || kind === 'passport';
  let body = securityBackground(
    width,
    height,
    palette,
    style.patterns,
    random,
    `${identity.issuingState}${identity.issuingStateName}`,
  );
  const geometry: DocumentGeometry = {
    width,
    height,
    portrait: null,
    pdf417: null,
    qr: null,
  };
  const mrz = mrzLines.length
    ? mrzBlock(
        mrzLines,
        width,
        height,
        mrzFont,
        mrzZone ? { ...style.mrz, zone: mrzZone } : style.mrz,
        palette,
      )
    : null;
  const font = (family: string, size: number, weight = 'normal'): string =>
    `font-family="${family}" font-size="${size}" font-weight="${weight}"`;
  if (dataPage) {
    // Title: a bar on top, a band on the left, or a bar at the bottom (above the MRZ of a passport).
    let left = 36;
    let top = 120;
    const right = width - 36;
    let bottom = mrz ? mrz.top - 8 : height - 24;
    const title = `<text ${font('DejaVu Sans', 32, 'bold')} fill="${palette.onAccent}"`;
    if (style.header === 'top-bar') {
      body += `<rect x="0" y="0" width="${width}" height="96" rx="26" fill="${palette.accent}" opacity="0.93"/><rect x="0" y="56" width="${width}" height="40" fill="${palette.accent}" opacity="0.93"/>`;
      body += `${title} x="36" y="46">${xml(identity.issuingStateName)}</text>`;
      body += `<text x="36" y="82" ${font('DejaVu Sans', 22)} fill="${palette.onAccent}">${TITLE[kind]}</text>`;
      body += `<text x="${width - 40}" y="62" text-anchor="end" ${font('DejaVu Sans', 40, 'bold')} fill="${palette.onAccent}">${identity.issuingState}</text>`;
    } else if (style.header === 'left-band') {
      body += `<rect x="0" y="0" width="92" height="${height}" rx="26" fill="${palette.accent}"/><rect x="60" y="0" width="32" height="${height}" fill="${palette.accent}"/>`;
      body += `<text transform="translate(62 ${height - 30}) rotate(-90)" ${font('DejaVu Sans', 30, 'bold')} fill="${palette.onAccent}">${xml(identity.issuingStateName)} · ${identity.issuingState}</text>`;
      body += `<text x="120" y="56" ${font('DejaVu Sans', 28, 'bold')} fill="${palette.accent}">${TITLE[kind]}</text>`;
      left = 120;
      top = 92;
    } else {
      const barTop = bottom - 70;
      body += `<rect x="0" y="${barTop}" width="${width}" height="64" fill="${palette.accent}" opacity="0.9"/>`;
      body += `<text x="36" y="${barTop + 44}" ${font('DejaVu Sans', 30, 'bold')} fill="${palette.onAccent}">${xml(identity.issuingStateName)}</text>`;
      body += `<text x="${width - 36}" y="${barTop + 44}" text-anchor="end" ${font('DejaVu Sans', 24)} fill="${palette.onAccent}">${TITLE[kind]} · ${identity.issuingState}</text>`;
      bottom = barTop - 6;
      top = 60;
      body += `<text x="36" y="40" ${font('DejaVu Sans', 20, 'bold')} fill="${palette.accent}">${xml(identity.issuingStateName)} · ${TITLE[kind]}</text>`;
    }
    const portraitHeight = Math.min(Math.round(height * 0.56), bottom - top - 10);
    const portraitWidth = Math.round(portraitHeight * 0.75);
    const portraitX = style.portrait === 'left' ? left : right - portraitWidth;
    geometry.portrait = { x: portraitX, y: top + 4, width: portraitWidth, height: portraitHeight };
    const x0 = style.portrait === 'left' ? left + portraitWidth + 36 : left;
    const x1 = style.portrait === 'left' ? right : right - portraitWidth - 30;
    const span = x1 - x0;
    const rows = 5;
    const rowHeight = Math.min(84, Math.floor((bottom - top) / rows));
    const labelSize = Math.max(12, Math.min(17, Math.floor(rowHeight * 0.23)));
    const valueMax = Math.min(30, Math.floor(rowHeight * 0.42));
    const field = (x: number, y: number, w: number, label: string, value: string): string => {
      const size = fitting(value, w - 8, valueMax);
      const labelFit = Math.min(labelSize, Math.floor((w - 8) / (label.length * 0.6)));
      return `<text x="${x}" y="${y}" ${font(style.labelFont, Math.max(9, labelFit))} fill="${palette.label}">${xml(label)}</text>
        <text x="${x}" y="${y + size + 5}" ${font(style.valueFont, size, style.valueWeight)} fill="${palette.value}">${xml(value)}</text>`;
    };
    const { labels } = style;
    let y = top + labelSize;
    body += field(x0, y, span, labels.lastNames, identity.lastNames);
    y += rowHeight;
    body += field(x0, y, span, labels.firstNames, identity.firstNames);
    y += rowHeight;
    const third = span / 3;
    body += field(x0, y, third * 0.6, labels.sex, identity.sex);
    body += field(x0 + third * 0.6, y, third * 1.1, labels.nationality, identity.nationality);
    body += field(
      x0 + third * 1.7,
      y,
      third * 1.3,
      labels.birthDate,
      style.date(identity.birthDate),
    );
    y += rowHeight;
    body += field(x0, y, span, labels.documentNumber(kind), identity.documentNumber);
    y += rowHeight;
    body += field(x0, y, span / 2, labels.dateOfIssue, style.date(identity.dateOfIssue));
    body += field(
      x0 + span / 2,
      y,
      span / 2,
      labels.dateOfExpiry,
      style.date(identity.dateOfExpiry),
    );
  } else {
    const barcodeTop = 36;
    if (style.backBarcodes.pdf417) {
      geometry.pdf417 = { x: 40, y: barcodeTop, width: Math.round(width * 0.56), height: 170 };
    }
    if (style.backBarcodes.qr) {
      const size = 180;
      geometry.qr = style.backBarcodes.pdf417
        ? { x: width - 40 - size, y: barcodeTop - 6, size }
        : { x: 40, y: barcodeTop, size };
    }
    const textTop = barcodeTop + 215;
    if (style.backText) {
      const textLeft = style.backBarcodes.pdf417 || !style.backBarcodes.qr ? 40 : 260;
      const lines = [
        `ADDRESS  ${random.int(1, 180)} ${random.pick(['AVENIDA DEL SOL', 'RUE DES LILAS', 'HAUPTSTRASSE', 'MAIN STREET', 'VIA ROMA'])}`,
        `${random.pick(['AUTHORITY', 'ISSUED BY', 'AUTORIDAD'])}  ${xml(identity.issuingStateName)} ${random.int(10, 99)}`,
      ];
      body += lines
        .map(
          (line, i) =>
            `<text x="${textLeft}" y="${textTop + i * 30}" ${font(style.labelFont, 19)} fill="${palette.label}">${xml(line)}</text>`,
        )
        .join('');
    } else {
      body += `<text x="40" y="${height * 0.47}" ${font('DejaVu Sans', 20)} fill="#333">AUTHORITY ${xml(identity.issuingStateName)}</text>`;
    }
  }
  if (mrz) body += mrz.svg;
  return {
    svg: `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`,
    geometry,
  };
}
