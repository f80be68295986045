import { describe, expect, it } from 'vitest';
import type { TextLine } from '../models/paddle-ocr.js';
import { MRZ_LAYOUTS } from './mrz-layout.js';
import { mrzCandidates, mrzFromCandidates, textRows } from './mrz-read.js';
import { evaluateCheck } from './mrz-repair.js';

const line = (text: string, x: number, y: number, width: number, height: number): TextLine => ({
  text,
  score: 0.9,
  box: { x, y, width, height },
});

describe('OCR rows', () => {
  it('joins the pieces of one row side by side, left to right', () => {
    const rows = textRows([
      line('<<<<<<08', 600, 101, 200, 24),
      line('K4608725W0NLD7410013M3405', 20, 100, 560, 24),
    ]);
    expect(rows).toEqual(['K4608725W0NLD7410013M3405<<<<<<08']);
  });

  it('keeps two tilted MRZ lines apart although their upright boxes overlap', () => {
    // A photo whose outline was not found: each line's upright box is tall, and the two overlap
    // by more than half their height, yet they cover the same columns: two rows, not one.
    const rows = textRows([
      line('IRBRAKOWALCZYK<SANTOS<<DOMINIK<<<<<<', 100, 300, 800, 70),
      line('XPX8760057BRA0303284M3108181<<<<<<<8', 110, 330, 800, 70),
    ]);
    expect(rows).toEqual([
      'IRBRAKOWALCZYK<SANTOS<<DOMINIK<<<<<<',
      'XPX8760057BRA0303284M3108181<<<<<<<8',
    ]);
  });
});

describe('ICAO 9303 specimens', () => {
  it('reads the specimens of the standard, issued by its fictitious state UTO, as valid', () => {
    const specimens = [
      [
        'P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<',
        'L898902C36UTO7408122F1204159ZE184226B<<<<<10',
      ],
      [
        'I<UTOD231458907<<<<<<<<<<<<<<<',
        '7408122F1204159UTO<<<<<<<<<<<6',
        'ERIKSSON<<ANNA<MARIA<<<<<<<<<<',
      ],
      ['I<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<', 'D231458907UTO7408122F1204159<<<<<<<6'],
    ];
    for (const lines of specimens) {
      const mrz = mrzFromCandidates(lines, 'paddleocr');
      expect(mrz?.valid).toBe(true);
      expect(mrz?.fields).toMatchObject({
        issuingState: 'UTO',
        nationality: 'UTO',
        lastName: 'ERIKSSON',
      });
    }
  });
});

describe('long document numbers (ICAO 9303 Parts 5 and 6)', () => {
  it('checks a number longer than nine characters over its continuation in the optional data', () => {
    // TD1: D23145890 + 1234, check digit 1 after the continuation; TD2 likewise at column 29.
    const td1 = [
      'I<UTOD23145890<12341<<<<<<<<<<',
      '7408122F1204159UTO<<<<<<<<<<<6',
      'ERIKSSON<<ANNA<MARIA<<<<<<<<<<',
    ];
    const td2 = ['I<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<', 'D23145890<UTO7408122F120415912341<<4'];
    for (const lines of [td1, td2]) {
      const mrz = mrzFromCandidates(lines, 'paddleocr');
      expect(mrz?.checks.documentNumber).toEqual({
        valid: true,
        read: expect.any(String),
        expected: expect.any(String),
      });
      expect(mrz?.valid).toBe(true);
      expect(mrz?.fields.documentNumber).toBe('D231458901234');
    }
  });

  it('does not take optional data for a continuation when a short number’s digit was misread as a filler', () => {
    // A Dutch-style card: number XI85935F8, digit 6, a personal number in the optional data. The
    // digit read as `<` makes the optional data look like a continuation; the composite refuses it.
    const printed = [
      'I<NLDXI85935F86999999990<<<<<<',
      '7203109F2108302NLD<<<<<<<<<<<2',
      'DE<BRUIJN<<WILLEKE<<<<<<<<<<<<',
    ];
    expect(mrzFromCandidates(printed, 'paddleocr')?.valid).toBe(true);
    const read = [printed[0]!.slice(0, 14) + '<' + printed[0]!.slice(15), ...printed.slice(1)];
    const misread = mrzFromCandidates(read, 'paddleocr');
    expect(misread?.valid).not.toBe(true);
    expect(misread?.checks.composite?.valid).toBe(false);
    // A number shorter than nine characters never continues.
    const short = ['I<UTOD2314589<<12341<<<<<<<<<<', '', ''];
    const td1 = MRZ_LAYOUTS.find((layout) => layout.format === 'TD1')!;
    const check = td1.checks.find((spec) => spec.name === 'documentNumber')!;
    expect(evaluateCheck(short, check).valid).toBe(false);
    expect(evaluateCheck(['I<UTOD23145890<12341<<<<<<<<<<', '', ''], check).valid).toBe(true);
  });
});

describe('MRZ candidates', () => {
  const td3Numbers = 'ACS0921701XXC9512117M290327554786027<<<<<<36';

  it('keeps a names line whose faint trailing fillers the detector lost, and puts them back', () => {
    // Tuned 250: a hollow OCR-B face in a dim room; the detector saw 20 of the 44 characters.
    const candidates = mrzCandidates(['26032019 27032029', 'P<CHLMOREAU<KJOSEKK<', td3Numbers]);
    expect(candidates).toEqual(['P<CHLMOREAU<KJOSEKK<', td3Numbers]);
    const mrz = mrzFromCandidates(candidates, 'paddleocr');
    expect(mrz?.format).toBe('TD3');
    expect(mrz?.valid).toBe(true);
    expect(mrz?.raw.split('\n')[0]).toBe('P<CHLMOREAU<KJOSEKK<'.padEnd(44, '<'));
  });

  it('keeps a short row only where the names line sits', () => {
    // Below the numbers line of a TD3 is no names line; a short row of plain text is no MRZ.
    expect(mrzCandidates([td3Numbers, 'P<CHLMOREAU<KJOSEKK<'])).toEqual([td3Numbers]);
    expect(mrzCandidates(['NOM<SURNAME MOREAU', td3Numbers])).toEqual([td3Numbers]);
    // The third line of a TD1, below two full rows.
    const td1 = ['IDBRAR8683213Z724479459<<<<<<<', '8106126M3111150BRA<<<<<<<<<<<8'];
    expect(mrzCandidates([...td1, 'SMITH<<MARIA'])).toEqual([...td1, 'SMITH<<MARIA']);
    expect(mrzCandidates([td1[1] as string, 'SMITH<<MARIA'])).toEqual([td1[1]]);
  });

  it('puts the fillers a names line lost back at its end, not between the names', () => {
    const td1 = ['IDBRAR8683213Z724479459<<<<<<<', '8106126M3111150BRA<<<<<<<<<<<8'];
    const mrz = mrzFromCandidates([...td1, 'WOJCIECHOWSKI<<MARIA<JOSE'], 'paddleocr');
    expect(mrz?.raw.split('\n')[2]).toBe('WOJCIECHOWSKI<<MARIA<JOSE<<<<<');
  });
});
