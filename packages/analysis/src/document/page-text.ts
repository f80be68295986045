import { cropRgb, resizeRgb, type RgbImage } from '../image/decode.js';
import { readTextLines, type TextLine } from '../models/paddle-ocr.js';
import { stage } from '../perf/stages.js';
import type { LocatedDocument } from './locate.js';

/** Width at which the visual zone is read (text of an ID-1 card stays ≥ 12 px high). */
export const VIZ_OCR_WIDTH = 800;
/** Width at which an MRZ is read: narrower, a TD3 line's narrow glyphs (I, 1) get dropped. */
export const MRZ_OCR_WIDTH = 1000;
/** On a passport data page the MRZ zone is the bottom 26 % (ICAO 9303 Part 4: 23.2 of 88 mm). */
const PAGE_SPLIT = 0.7;
/** The two reads overlap by this share of the page, so that no line is cut by both. */
const OVERLAP = 0.04;

/** The text of a document's front, and the image its boxes refer to. */
export interface PageText {
  lines: TextLine[];
  /** The image the lines' boxes are in (the rectified document at {@link VIZ_OCR_WIDTH}). */
  readable: RgbImage;
}

/**
 * Reads every text line of the front of a document. A card front is read whole at
 * {@link VIZ_OCR_WIDTH}. A passport data page (ID-3 outline, or ID-2: the same aspect) carries its MRZ too, which needs
 * {@link MRZ_OCR_WIDTH}: the page is read in two overlapping parts instead of twice, the visual
 * zone at the first width and the MRZ zone at the second, and the lines are merged into the
 * visual zone's pixels (each line kept from the part that holds its centre).
 */
export async function readPageText(located: LocatedDocument): Promise<PageText> {
  const page = located.rectified;
  const readable = await resizeRgb(page, VIZ_OCR_WIDTH);
  // ID-2 and ID-3 differ by 0.1 % in aspect: an outline cannot tell a passport page from an ID-2
  // card, so both are read in two parts (an ID-2 front without MRZ only costs the split).
  if (located.sizeClass !== 'ID3' && located.sizeClass !== 'ID2') {
    return { lines: await stage('front: OCR', () => readTextLines(readable)), readable };
  }
  const split = Math.round(readable.height * PAGE_SPLIT);
  const vizPart = cropRgb(
    readable,
    0,
    0,
    readable.width,
    Math.round(readable.height * (PAGE_SPLIT + OVERLAP)),
  );
  const bandTop = Math.round(page.height * (PAGE_SPLIT - OVERLAP));
  const band = cropRgb(page, 0, bandTop, page.width, page.height - bandTop);
  const viz = await stage('front: OCR', () => readTextLines(vizPart));
  const mrz = await stage('front: MRZ zone OCR', async () =>
    readTextLines(await resizeRgb(band, MRZ_OCR_WIDTH)),
  );
  // Band pixels → readable pixels.
  const scale = readable.width / MRZ_OCR_WIDTH;
  const offset = bandTop * (readable.width / page.width);
  const centre = (line: TextLine): number => line.box.y + line.box.height / 2;
  const moved = mrz.map((line) => ({
    ...line,
    box: {
      x: line.box.x * scale,
      y: line.box.y * scale + offset,
      width: line.box.width * scale,
      height: line.box.height * scale,
    },
  }));
  const lines = [
    ...viz.filter((line) => centre(line) < split),
    ...moved.filter((line) => centre(line) >= split),
  ].sort((a, b) => a.box.y - b.box.y || a.box.x - b.box.x);
  return { lines, readable };
}
