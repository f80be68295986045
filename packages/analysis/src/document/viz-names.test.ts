import { describe, expect, it } from 'vitest';
import { namesFromUnlabelledLines, resemblesNameField } from './viz-names.js';

/** The text lines PaddleOCR returned for a Greek passport page read at 800 px (labels lost). */
const PASSPORT_PAGE = [
  'GREECE GRC',
  'PASSPOR',
  'COSIC SMITH',
  'DOMINIK',
  'SEI',
  'M GRC 01.07.1990',
  'W2349082M',
  '15.07.2017 16.07.2027',
  'P<GRCCOSIC<SMITH<<DONINIK<<<<<<<<<<<<<<<<<<<',
  'W2349082M2GRC9007013M270716324718632<<<<<<70',
];

describe('printed names found without their labels', () => {
  it('takes the line that opens the MRZ name field as the surname and the next as the given names', () => {
    expect(
      namesFromUnlabelledLines(PASSPORT_PAGE, 'COSIC<SMITH<<DONINIK<<<<<<<<<<<<<<<<<<<'),
    ).toEqual({
      lastNames: 'COSIC SMITH',
      firstNames: 'DOMINIK',
    });
  });

  it('finds them through fillers read as K and a name ICAO cut at the end of a full field', () => {
    const lines = ['PASSPORT', 'PAPADIMITRIOU KONSTANTINIDIS', 'SOFIA HAKON', 'ZAF 12/04/1985'];
    expect(namesFromUnlabelledLines(lines, 'PAPADIMITRIOUKKONSTANTINIDIS<<SOFIAKHAA')).toEqual({
      lastNames: 'PAPADIMITRIOU KONSTANTINIDIS',
      firstNames: 'SOFIA HAKON',
    });
  });

  it('takes no header, country or document-type line for a name', () => {
    const lines = [
      'INDIA',
      'RESIDENCE PERMIT',
      'MAXIMILIANOVNA WOJCIECHOWSKA',
      'ENNAMES',
      'JOSE MIHAI',
    ];
    // The field keeps only the initial J of the given names: one letter says nothing of a line.
    expect(namesFromUnlabelledLines(lines, 'MAXIMILIANOVNA<WOJCIECHOWSKAK<J')).toEqual({
      lastNames: 'MAXIMILIANOVNA WOJCIECHOWSKA',
      firstNames: null,
    });
  });

  it('does not split a whole name printed on one line, and finds nothing in lines of another person', () => {
    expect(namesFromUnlabelledLines(['GARCIA LUCIA'], 'GARCIA<<LUCIA<<<<<<<<<<<<<<<<<')).toEqual({
      lastNames: null,
      firstNames: null,
    });
    expect(
      namesFromUnlabelledLines(['NOWAK', 'ANNA MARIA'], 'GARCIA<<LUCIA<<<<<<<<<<<<<<<<<'),
    ).toEqual({ lastNames: null, firstNames: null });
  });

  it('tells a name from a misread label under it', () => {
    const field = 'WOLFESCHLEGELSTEINHAUSEN<<ANNA<JEAN<PIE';
    expect(resemblesNameField('ANNA JEAN-PIERRE', field)).toBe(true);
    expect(resemblesNameField('NATIONAUTY', field)).toBe(false);
  });

  it('tells where in the field a name sits: a surname is no given name', () => {
    const field = 'OBRIEN<<DIEGO<TOMAS<<<<<<<<<<<<<<<<<<<<';
    expect(resemblesNameField("O'BRIEN", field, 'primary')).toBe(true);
    expect(resemblesNameField("O'BRIEN", field, 'secondary')).toBe(false);
    expect(resemblesNameField('DIEGO TOMAS', field, 'secondary')).toBe(true);
    expect(resemblesNameField('DIEGO TOMAS', field, 'primary')).toBe(false);
  });
});
