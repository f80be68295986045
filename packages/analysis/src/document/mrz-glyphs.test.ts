import { describe, expect, it } from 'vitest';
import { generateIdentity } from '../testing/identity.js';
import { buildMrzLines } from '../testing/mrz-lines.js';
import { mapLatinLookalikes, mapMrzGlyphs } from './mrz-glyphs.js';
import { mrzCandidates, mrzFromCandidates } from './mrz-read.js';

/** A Mexican card whose number holds two `X`: a quarter of real cards carry an `X` somewhere. */
const mexican = {
  ...generateIdentity('glyphs'),
  issuingState: 'MEX',
  nationality: 'MEX',
  documentNumber: 'XAX123456',
  lastNames: 'LOPEZ',
  firstNames: 'MAXIMO',
};

describe('MRZ look-alike glyphs', () => {
  it('maps the multiplication sign PaddleOCR answers for the OCR-B X, never deleting it', () => {
    const lines = buildMrzLines(mexican, 'id-card');
    const asRead = lines.map((line) => line.replace(/X/g, '×'));
    const mrz = mrzFromCandidates(mrzCandidates(asRead), 'paddleocr');
    expect(mrz?.valid).toBe(true);
    expect(mrz?.raw.split('\n')).toEqual(lines);
    expect(mrz?.fields.documentNumber).toBe('XAX123456');
    expect(mrz?.fields.nationality).toBe('MEX');
    expect(mrz?.fields.firstName).toBe('MAXIMO');
  });

  it('maps filler look-alikes, full-width forms and Cyrillic/Greek capitals', () => {
    expect(mapMrzGlyphs('P‹MEX×Ａ１〈く《')).toBe('P<MEXXA1<<<<');
    // Cyrillic А В Е К М Н О Р С Т Х У and Greek Α Β Ε Ζ Η Ι Κ Μ Ν Ο Ρ Τ Υ Χ.
    expect(mapMrzGlyphs('АВЕКМНОРСТХУ')).toBe('ABEKMHOPCTXY');
    expect(mapMrzGlyphs('ΑΒΕΖΗΙΚΜΝΟΡΤΥΧ')).toBe('ABEZHIKMNOPTYX');
    expect(mapMrzGlyphs('хм×ö É')).toBe('XMXOE');
    // Only punctuation and spaces go.
    expect(mapMrzGlyphs('AB. 12,<')).toBe('AB12<');
  });

  it('maps look-alikes in printed fields without touching their diacritics', () => {
    expect(mapLatinLookalikes('МÜLLЕR ×A×482913')).toBe('MÜLLER XAX482913');
  });

  it('reads a whole MRZ returned in Cyrillic look-alikes and full-width digits', () => {
    const lines = buildMrzLines(mexican, 'passport');
    const cyrillic: Record<string, string> = { A: 'А', E: 'Е', M: 'М', O: 'О', X: 'Х', P: 'Р' };
    const asRead = lines.map((line) =>
      [...line]
        .map((c) =>
          /[0-9]/.test(c) ? String.fromCharCode(c.charCodeAt(0) + 0xfee0) : (cyrillic[c] ?? c),
        )
        .join(''),
    );
    const mrz = mrzFromCandidates(mrzCandidates(asRead), 'paddleocr');
    expect(mrz?.valid).toBe(true);
    expect(mrz?.raw.split('\n')).toEqual(lines);
  });
});
