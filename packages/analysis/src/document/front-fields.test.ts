import { describe, expect, it } from 'vitest';
import type { TextLine } from '../models/paddle-ocr.js';
import { readFrontFields } from './front-fields.js';

/** OCR lines as PaddleOCR returned them: text, then x, y, width, height at 800 px. */
function ocr(rows: [string, number, number, number, number][]): TextLine[] {
  return rows.map(([text, x, y, width, height]) => ({
    text,
    score: 0.95,
    box: { x, y, width, height },
  }));
}

describe('reading the visual zone of a card front', () => {
  it('finds labels whose ends OCR cut off (URNAM, DOCUMEN) and the name under a lost label', () => {
    // A Moroccan card photographed in low contrast: GIVEN NAMES came back as NAME.
    const fields = readFrontFields(
      ocr([
        ['MOROCCO', 28, 18, 147, 24],
        ['IDENTITY CARD', 27, 52, 138, 20],
        ['URNAM', 275, 98, 55, 14],
        ['NUNEZ MAXWELL', 269, 120, 232, 21],
        ['NAME', 312, 164, 45, 14],
        ['BJORN', 267, 182, 90, 31],
        ['F MAR 02.11.2014', 265, 251, 439, 24],
        ['DOCUMEN', 279, 298, 70, 11],
        ['KKZ570727', 269, 318, 151, 24],
      ]),
    );
    expect(fields).toMatchObject({
      lastNames: 'NUNEZ MAXWELL',
      firstNames: 'BJORN',
      idNumber: 'KKZ570727',
    });
  });

  it('reads a given name that OCR ran into the label of the next column (development 1383)', () => {
    // A bilingual card at 12 MP: the given name and the birth date's label, side by side, came back
    // as one line, `XIMENA DATE OF BIRTH`; the nationality `NGA` below was taken for the given name.
    const fields = readFrontFields(
      ocr([
        ['NIGERIA', 30, 17, 144, 24],
        ['IDENTITY CARD', 27, 51, 139, 20],
        ['NOM/SURNAME', 269, 97, 130, 17],
        ['SZABO', 269, 120, 110, 23],
        ['PRENOMS/ GIVENNAMES', 269, 164, 220, 17],
        ['XIMENA DATE OF BIRTH', 269, 186, 420, 24],
        ['NATIONALITE/NATIONALITDATE DE', 420, 232, 300, 14],
        ['03051946', 560, 251, 150, 24],
        ['SEXE/SEX', 269, 232, 90, 14],
        ['NGA', 420, 251, 60, 24],
        ['M', 269, 251, 20, 24],
      ]),
    );
    expect(fields).toMatchObject({ lastNames: 'SZABO', firstNames: 'XIMENA' });
  });

  it('does not take a misread given-names label holding NOM for the surname label (development 1122)', () => {
    // A bilingual card photographed at 12 MP: NOM/SURNAME read `NON/SURNAM`, PRÉNOMS/GIVEN NAMES
    // read `PUNOMS/GWENNAMES`. The `NOM` inside `PUNOMS` is no surname label.
    const fields = readFrontFields(
      ocr([
        ['DENMARK', 30, 17, 144, 24],
        ['DNK', 691, 23, 82, 36],
        ['IDENTITY CARD', 27, 51, 139, 20],
        ['NON/SURNAM', 269, 97, 118, 17],
        ['SCHWARZENBERG-LICHTENSTEIN', 269, 120, 479, 23],
        ['PUNOMS/GWENNAMES', 269, 164, 192, 17],
        ['SIMONE FRANCOIS', 269, 186, 268, 24],
        ['SEXESEXNATIONAT', 267, 232, 181, 14],
        ['M COL 16121988', 265, 251, 440, 27],
        ['DUDOCUMENX/DOCUMENTN', 270, 296, 259, 20],
        ['6X27X52S6', 268, 319, 155, 24],
      ]),
    );
    expect(fields).toMatchObject({
      lastNames: 'SCHWARZENBERG-LICHTENSTEIN',
      firstNames: 'SIMONE FRANCOIS',
      idNumber: '6X27X52S6',
    });
    // A surname holding the letters of a label is still a value (`NOMURA` is no `NOM` label).
    const nomura = readFrontFields(
      ocr([
        ['NOM / SURNAME', 269, 97, 150, 17],
        ['NOMURA', 269, 120, 140, 23],
        ['PRENOMS / GIVEN NAMES', 269, 164, 230, 17],
        ['AIKO', 269, 186, 80, 24],
      ]),
    );
    expect(nomura).toMatchObject({ lastNames: 'NOMURA', firstNames: 'AIKO' });
  });

  it('takes a tall value boxed close under a small label, and a surname whose label is lost', () => {
    const luxembourg = readFrontFields(
      ocr([
        ['SURNAME', 336, 191, 50, 19],
        ['VAN', 338, 207, 43, 18],
        ['GIVEN NAMES', 341, 232, 66, 18],
        ['JEAN-PIERRE', 341, 239, 120, 30],
      ]),
    );
    expect(luxembourg).toMatchObject({ lastNames: 'VAN', firstNames: 'JEAN-PIERRE' });
    // SURNAME read as IRNAN: the name line above GIVEN NAMES is the surname.
    const chile = readFrontFields(
      ocr([
        ['CHILE CHL', 27, 17, 744, 41],
        ['IDENTITY CARD', 26, 52, 137, 21],
        ['IRNAN', 283, 100, 40, 11],
        ['ASTROM', 267, 116, 117, 28],
        ['GIVEN NAMES', 271, 163, 89, 17],
        ['BJORN', 267, 184, 90, 28],
        ['F CHL 15.09.1962', 266, 251, 438, 25],
      ]),
    );
    expect(chile).toMatchObject({ lastNames: 'ASTROM', firstNames: 'BJORN' });
  });

  it('reads a front whose labels were all lost: names by layout, dates whose spaces OCR dropped', () => {
    // A Danish residence permit photographed on a screen (tuned sample 179): no label survived.
    const fields = readFrontFields(
      ocr([
        ['DENMARK DNK', 27, 19, 746, 39],
        ['RODRIGUEZMARTINEZ', 294, 117, 312, 23],
        ['XIMENA', 290, 181, 114, 24],
        ['M DNK 27 032002', 290, 243, 420, 27],
        ['V7717102E', 293, 311, 145, 21],
        ['13012023 14012033', 292, 374, 386, 24],
      ]),
    );
    expect(fields).toMatchObject({
      lastNames: 'RODRIGUEZMARTINEZ',
      firstNames: 'XIMENA',
      birthDate: '2002-03-27',
      dateOfIssue: '2023-01-13',
      dateOfExpiry: '2033-01-14',
    });
    // The header (state, type, code) is never taken for a name.
    const header = readFrontFields(
      ocr([
        ['REPUBLIC OF POLAND', 27, 19, 400, 30],
        ['RESIDENCE PERMIT', 27, 52, 300, 20],
        ['POL', 700, 19, 60, 30],
        ['NOWAK', 294, 117, 150, 23],
        ['LUKASZ', 290, 181, 114, 24],
      ]),
    );
    expect(header).toMatchObject({ lastNames: 'NOWAK', firstNames: 'LUKASZ' });
    // One name-like line is not a pair of names: nothing is guessed.
    const one = readFrontFields(
      ocr([
        ['NOWAK', 294, 117, 150, 23],
        ['F POL 01.02.1990', 290, 181, 300, 24],
      ]),
    );
    expect(one).toMatchObject({ lastNames: null, firstNames: null });
  });

  it('reads sex and nationality from their value row when OCR garbled both labels (development print 1830)', () => {
    const rows: [string, number, number, number, number][] = [
      ['IDENTITYCARD', 27, 19, 300, 30],
      ['VAN DER BERG', 294, 117, 200, 23],
      ['ZOE', 290, 181, 60, 24],
      ['3.SE LATOAL 5.DATEOFBIT', 290, 220, 400, 12],
      ['M DNK 27/12/1941', 290, 243, 300, 27],
    ];
    expect(readFrontFields(ocr(rows))).toMatchObject({ gender: 'M', nationality: 'DNK' });
    // A lone letter before something that is no state code is no such row.
    rows[4] = ['M DNQ 27/12/1941', 290, 243, 300, 27];
    expect(readFrontFields(ocr(rows))).toMatchObject({ gender: null, nationality: null });
    // Two rows that say different things give nothing.
    rows[4] = ['M DNK 27/12/1941', 290, 243, 300, 27];
    rows.push(['F SWE', 290, 300, 100, 27]);
    expect(readFrontFields(ocr(rows))).toMatchObject({ gender: null, nationality: null });
  });

  it('reads the dates ICAO 9303 recommends with a month abbreviation (14 AUG/AOUT 2030)', () => {
    const fields = readFrontFields(
      ocr([
        ['SURNAME', 300, 90, 60, 14],
        ['NOWAK', 294, 110, 150, 23],
        ['GIVEN NAMES', 300, 150, 80, 14],
        ['LUKASZ', 290, 170, 114, 24],
        ['DATE OF BIRTH', 300, 210, 90, 14],
        ['5 MAR 1990', 290, 230, 150, 24],
        ['DATE OF EXPIRY', 300, 270, 90, 14],
        ['14 AUG/AOUT 2030', 290, 290, 200, 24],
      ]),
    );
    expect(fields).toMatchObject({ birthDate: '1990-03-05', dateOfExpiry: '2030-08-14' });
  });
});
