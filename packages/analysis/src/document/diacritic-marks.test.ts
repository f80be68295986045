import { describe, expect, it } from 'vitest';
import { resizeRgb } from '../image/decode.js';
import { readTextLines } from '../models/paddle-ocr.js';
import {
  developmentSample,
  evaluationSample,
  renderEvaluationSide,
  type DevelopmentVariant,
} from '../testing/evaluation-set.js';
import { markOnTail, marksOfText } from './diacritic-mark-queries.js';
import { completeCut } from './mrz-names.js';
import { ocrMarks } from './diacritic-marks.js';
import { decodeAndLocate } from './upload-cache.js';

/** The OCR lines of a rendered visual zone, read as the front's reader reads them, and their marks. */
async function readMarks(
  index: number,
  variant?: DevelopmentVariant,
): Promise<Map<string, string>> {
  const sample = variant ? developmentSample(index, variant) : evaluationSample('tuned', index);
  const side = await renderEvaluationSide(sample, sample.front ? 'front' : 'mrz');
  const { located } = await decodeAndLocate(side.image, 'front');
  const readable = await resizeRgb(located.rectified, 800);
  const lines = await readTextLines(readable);
  // As the front's reader measures them: on the flattened document at its full width.
  const marks = ocrMarks(located.rectified, lines, located.rectified.width / readable.width);
  return new Map(lines.map((line, i) => [line.text, marks[i] as string]));
}

/** Indices of the characters under which something was seen. */
const marked = (mask: string | undefined): number[] =>
  [...(mask ?? '')].flatMap((symbol, i) => (symbol === '.' ? [] : [i]));

describe('diacritics the OCR does not read, seen in the pixels', () => {
  it('sees the two dots of BJÖRN, read BJORN, and nothing above the plain names of the page', async () => {
    const lines = await readMarks(127);
    expect(lines.get('BJORN SIMONE')).toBeDefined();
    const dots = marked(lines.get('BJORN SIMONE'));
    expect(dots).toHaveLength(1);
    expect(Math.abs((dots[0] as number) - 2)).toBeLessThanOrEqual(1);
    expect(lines.get('BJORN SIMONE')?.[dots[0] as number]).toBe(':');
    expect(marked(lines.get('MAXIMILIANOVNA WOJCIECHOWSKA'))).toEqual([]);
  }, 60_000);

  it('sees the two dots of BJÖRN set close above their O on a passport page at 12 MP (development 1471)', async () => {
    // Blur leaves the dots a third of the way from ink to paper and a pixel from the cap line.
    const lines = await readMarks(1471);
    const mask = lines.get('DOMINIK BJORN');
    expect(mask).toBeDefined();
    expect(marked(mask)).toEqual([10]);
    expect(mask?.[10]).toBe(':');
  }, 60_000);

  it('sees the gap the OCR lost before an accented letter, exactly placed (SAMUELELODIE for SAMUEL ÉLODIE, development 1799)', async () => {
    // Once, the gap's place fell on the É, which carries the accent's mark: the gap was dropped,
    // and the cut MRZ name SAM, completed by the printed tail, stored SAMUELELODIE. The line's
    // letters are one piece of ink each, so the gap is placed exactly, after the L (`|`), and the
    // accent above the É is told.
    const lines = await readMarks(1799, { mrzZone: 'print' });
    const mask = lines.get('SAMUELELODIE');
    expect(mask).toBe(".....|'.....");
    expect(markOnTail('SAMUELELODIE', mask as string, 3)).toBe(false);
    expect(completeCut('SAM', 'SAMUELELODIE', mask)?.name).toBe('SAMUEL ELODIE');
    // Placed only to one character, the gap is no one's to write: refused.
    expect(markOnTail('SAMUELELODIE', "....._'.....", 3)).toBe(true);
  }, 60_000);

  it("tells the acute of DVOŘÁK's Á (written A) from the caron of its Ř (development 2434)", async () => {
    // The acute's top leans right; the caron is centred on its column (`diacritic-mark-shape.ts`).
    const lines = await readMarks(2434);
    const mask = [...lines.entries()].find(([text]) => text.includes('DVORAK'));
    expect(mask).toBeDefined();
    const [text, marks] = mask as [string, string];
    const at = text.indexOf('DVORAK');
    expect(marks.slice(at, at + 6)).toBe("...^'.");
  }, 60_000);

  it('sees the ring of HÅKON and the accent of ÉLODIE on a residence permit', async () => {
    const lines = await readMarks(146);
    const mask = lines.get('HAKON ELODIE');
    expect(mask).toBeDefined();
    const seen = marked(mask);
    expect(seen).toHaveLength(2);
    expect(Math.abs((seen[0] as number) - 1)).toBeLessThanOrEqual(1);
    expect(Math.abs((seen[1] as number) - 6)).toBeLessThanOrEqual(1);
  }, 60_000);

  it('sees a ring that blur joined to its A, and so does not complete the cut SAMUEL<HA as HAKON (development 3133)', async () => {
    // A passport page photographed in low light: the ring of HÅKON is a faint cap run into the A,
    // lighter than the ink threshold, so the A looked no taller than its neighbours. The MRZ cut
    // the name after HA (ICAO writes Å as AA), so only the ring tells HAKON from HÅKON (HAAKON).
    const lines = await readMarks(3133, { mrzZone: 'white', mrzFont: 'inverted' });
    const mask = lines.get('SAMUEL HAKON');
    expect(mask).toBeDefined();
    // Placed to one character (the line's letters are not one piece of ink each): the A and its
    // neighbours, nothing on SAMUEL.
    expect(mask?.[8]).not.toBe('.');
    expect(marked(mask).every((k) => k >= 7 && k <= 10)).toBe(true);
    const cut = completeCut('SAMUEL<HA', 'SAMUEL HAKON', mask);
    expect(cut?.splitAtEnd).toBe(true);
    expect(
      markOnTail('SAMUEL HAKON', mask as string, cut!.tailStart, cut!.lostSpaces, cut!.splitAtEnd),
    ).toBe(true);
  }, 60_000);
});

describe('marks of a printed name', () => {
  it('finds the mask of a name in its line, runs of spaces collapsed', () => {
    expect(
      marksOfText('BJORN', ['GIVEN NAMES', 'BJORN  SIMONE'], ['...........', '..:..........']),
    ).toBe('..:..');
    expect(marksOfText('BJORN SIMONE', ['BJORN  SIMONE'], ['..:.....^....'])).toBe('..:....^....');
    expect(marksOfText('ANNA', ['BJORN'], ['.....'])).toBeNull();
    expect(marksOfText('BJORN', ['BJORN'], undefined)).toBeNull();
  });

  it('tells a mark on an A, O or U of the tail, and words of the tail run together', () => {
    expect(markOnTail('MATEO BJORN', '........^..', 8)).toBe(true);
    expect(markOnTail('MATEO BJORN', '........?..', 8)).toBe(true);
    // Two dots or an acute accent tell the letter's writing (`OE`, `O`): the completion writes it.
    expect(markOnTail('MATEO BJORN', '........:..', 8)).toBe(false);
    expect(markOnTail('MATEO BJORN', "........'..", 8)).toBe(false);
    expect(completeCut('MATEO<B', 'MATEO BJORN', '........:..')?.name).toBe('MATEO BJOERN');
    expect(completeCut('MATEO<B', 'MATEO BJORN', "........'..")?.name).toBe('MATEO BJORN');
    // Placed to one character by the mask itself (`?` on the neighbours).
    expect(markOnTail('MATEO BJORN', '.......?:?.', 8)).toBe(true);
    expect(markOnTail('MATEO BJORN', '..........^', 8)).toBe(false);
    // A mark above the MRZ's part: the MRZ wrote that letter.
    expect(markOnTail('MATEO BJORN', '....^......', 8)).toBe(false);
    expect(markOnTail('MATEO MILOS', '..........^', 9)).toBe(false);
    expect(markOnTail('SIMONEMIHAI', '....._.....', 3)).toBe(true);
    // The MRZ cut right after an O (`DOMINIK<BJO`): Ö's writing `OE` may have been cut in two, so a
    // mark on that O counts (development 1471, stored `BJORN` for `BJÖRN` before).
    expect(completeCut('DOMINIK<BJO', 'DOMINIK BJORN')).toMatchObject({
      tailStart: 11,
      splitAtEnd: true,
    });
    // `HAA` holds the whole `AA` of `Å`: nothing was split.
    expect(completeCut('SOFIA<HAA', 'SOFIA HAKON')).toMatchObject({ splitAtEnd: false });
    expect(markOnTail('DOMINIK BJORN', '..........^..', 11, [], true)).toBe(true);
    // Two dots on that O: its writing is OE, and the cut fell inside it.
    expect(markOnTail('DOMINIK BJORN', '..........:..', 11, [], true)).toBe(false);
    expect(completeCut('DOMINIK<BJO', 'DOMINIK BJORN', '..........:..')?.name).toBe(
      'DOMINIK BJOERN',
    );
    expect(markOnTail('DOMINIK BJORN', '..........:..', 11)).toBe(false);
    expect(markOnTail('DOMINIK BJORN', '.............', 11, [], true)).toBe(false);
  });

  it("does not count the gap that the MRZ's own filler stands for (WIKTORIA<J for WIKTORIAJEAN-PIERRE, tuned dev print 1014)", () => {
    const printed = 'WIKTORIAJEAN-PIERRE';
    const cut = completeCut('WIKTORIA<J', printed);
    expect(cut).toMatchObject({ name: 'WIKTORIA JEAN-PIERRE', tailStart: 9, lostSpaces: [8] });
    // The gap before J, marked on J (or on the A before it): explained by the filler.
    expect(markOnTail(printed, '........_..........', 9, cut?.lostSpaces)).toBe(false);
    expect(markOnTail(printed, '......._...........', 9, cut?.lostSpaces)).toBe(false);
    // Without the MRZ's filler, or a gap further into the tail (JEAN PIERRE run together): refused.
    expect(markOnTail(printed, '........_..........', 9)).toBe(true);
    expect(markOnTail(printed, '...........?_......', 9, cut?.lostSpaces)).toBe(true);
  });
});
