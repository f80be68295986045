import type { DocumentKind, Identity } from './identity.js';
import { Random } from './random.js';

/** Pixel geometry of a synthetic document (about 10 px per mm, like a 254 dpi scan). */
export interface DocumentGeometry {
  width: number;
  height: number;
  /** Where the portrait goes on the front, `null` on a side without portrait. */
  portrait: { x: number; y: number; width: number; height: number } | null;
  /** PDF417 and QR boxes on the back (only ID cards and residence permits). */
  pdf417: { x: number; y: number; width: number; height: number } | null;
  qr: { x: number; y: number; size: number } | null;
}

/** Card sizes: ID-1 (85.6 × 54 mm), ID-2 (105 × 74 mm), ID-3 passport page (125 × 88 mm). */
export const DOCUMENT_SIZE: Readonly<Record<DocumentKind, { width: number; height: number }>> = {
  'id-card': { width: 1012, height: 638 },
  'residence-permit': { width: 1050, height: 740 },
  passport: { width: 1250, height: 880 },
};

const TITLE: Readonly<Record<DocumentKind, string>> = {
  'id-card': 'IDENTITY CARD',
  'residence-permit': 'RESIDENCE PERMIT',
  passport: 'PASSPORT',
};

function xml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** `YYYY-MM-DD` → `DD.MM.YYYY`, as printed in the visual zone. */
export function printedDate(iso: string): string {
  return `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
}

function background(width: number, height: number, random: Random): string {
  const hue = random.int(0, 359);
  const waves: string[] = [];
  for (let i = 0; i < 14; i++) {
    const amplitude = random.range(10, 40);
    const period = random.range(120, 320);
    const offset = random.range(0, height);
    let d = `M 0 ${offset.toFixed(1)}`;
    for (let x = 0; x <= width; x += 20) {
      d += ` L ${x} ${(offset + amplitude * Math.sin((x / period) * 2 * Math.PI + i)).toFixed(1)}`;
    }
    waves.push(
      `<path d="${d}" fill="none" stroke="hsl(${hue},40%,78%)" stroke-width="1.2" opacity="0.7"/>`,
    );
  }
  return `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue},45%,94%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},40%,88%)"/>
    </linearGradient></defs>
    <rect width="${width}" height="${height}" rx="28" fill="url(#bg)"/>${waves.join('')}`;
}

function labelled(x: number, y: number, label: string, value: string, size = 30): string {
  return `<text x="${x}" y="${y}" font-family="DejaVu Sans" font-size="17" fill="#4a4a5a">${xml(label)}</text>
    <text x="${x}" y="${y + size + 6}" font-family="DejaVu Sans" font-weight="bold" font-size="${size}" fill="#111">${xml(value)}</text>`;
}

function header(kind: DocumentKind, identity: Identity, width: number): string {
  return `<rect x="0" y="0" width="${width}" height="96" rx="28" fill="#1d3f6e" opacity="0.92"/>
    <rect x="0" y="60" width="${width}" height="36" fill="#1d3f6e" opacity="0.92"/>
    <text x="36" y="48" font-family="DejaVu Sans" font-weight="bold" font-size="34" fill="#fff">${xml(identity.issuingStateName)}</text>
    <text x="36" y="84" font-family="DejaVu Sans" font-size="24" fill="#dfe8f5">${TITLE[kind]}</text>
    <text x="${width - 40}" y="62" text-anchor="end" font-family="DejaVu Sans" font-weight="bold" font-size="40" fill="#fff">${identity.issuingState}</text>`;
}

function mrzBlock(lines: string[], width: number, height: number): string {
  const lineHeight = 58;
  const top = height - 30 - lines.length * lineHeight;
  // OCR-B advances 0.72 em per character: size the font so that the longest line fills the zone.
  const characters = Math.max(...lines.map((line) => line.length));
  const fontSize = Math.min(44, Math.floor((width - 100) / (characters * 0.72)));
  const rows = lines
    .map(
      (line, i) =>
        `<text x="50" y="${top + 44 + i * lineHeight}" font-family="OCR B" font-size="${fontSize}" fill="#000">${xml(line)}</text>`,
    )
    .join('');
  return `<rect x="0" y="${top - 12}" width="${width}" height="${height - top + 12}" fill="#ffffff" opacity="0.55"/>${rows}`;
}

/** Geometry of one side of a document. */
export function documentGeometry(kind: DocumentKind, side: 'front' | 'back'): DocumentGeometry {
  const { width, height } = DOCUMENT_SIZE[kind];
  const showsPortrait = side === 'front' || kind === 'passport';
  const hasBarcodes = side === 'back' && kind !== 'passport';
  return {
    width,
    height,
    portrait: showsPortrait
      ? { x: 36, y: 124, width: Math.round(height * 0.42), height: Math.round(height * 0.56) }
      : null,
    pdf417: hasBarcodes ? { x: 40, y: 40, width: Math.round(width * 0.56), height: 170 } : null,
    qr: hasBarcodes ? { x: width - 40 - 190, y: 30, size: 190 } : null,
  };
}

/**
 * The SVG of one side of a document, without portrait and barcodes (composited as bitmaps).
 * Front: labelled fields in the visual zone; passports also carry their MRZ on the data page.
 * Back of ID cards and residence permits: the MRZ (plus barcodes placed by the renderer).
 */
export function documentSvg(
  kind: DocumentKind,
  side: 'front' | 'back',
  identity: Identity,
  mrzLines: string[],
): string {
  const geometry = documentGeometry(kind, side);
  const { width, height } = geometry;
  const random = new Random(`layout:${identity.seed}:${kind}`);
  let body = background(width, height, random);
  const dataPage = side === 'front' || kind === 'passport';
  if (dataPage) {
    const portrait = geometry.portrait as NonNullable<DocumentGeometry['portrait']>;
    body += header(kind, identity, width);
    const x = portrait.x + portrait.width + 40;
    const column = Math.round((width - x) / 3);
    const rowHeight = kind === 'passport' ? 84 : 74;
    let y = 130;
    body += labelled(x, y, 'SURNAME', identity.lastNames);
    y += rowHeight;
    body += labelled(x, y, 'GIVEN NAMES', identity.firstNames);
    y += rowHeight;
    body += labelled(x, y, 'SEX', identity.sex, 28);
    body += labelled(x + column * 0.55, y, 'NATIONALITY', identity.nationality, 28);
    body += labelled(x + column * 1.45, y, 'DATE OF BIRTH', printedDate(identity.birthDate), 28);
    y += rowHeight;
    body += labelled(
      x,
      y,
      kind === 'passport' ? 'PASSPORT NO.' : 'DOCUMENT NO.',
      identity.documentNumber,
      28,
    );
    y += rowHeight;
    body += labelled(x, y, 'DATE OF ISSUE', printedDate(identity.dateOfIssue), 28);
    body += labelled(
      x + column * 1.45,
      y,
      'DATE OF EXPIRY',
      printedDate(identity.dateOfExpiry),
      28,
    );
    if (kind === 'passport') body += mrzBlock(mrzLines, width, height);
  } else {
    body += `<text x="40" y="${height * 0.47}" font-family="DejaVu Sans" font-size="20" fill="#333">AUTHORITY ${xml(identity.issuingStateName)} · ${printedDate(identity.dateOfIssue)}</text>`;
    body += mrzBlock(mrzLines, width, height);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${body}</svg>`;
}
