import { describe, expect, it } from 'vitest';
import { generateIdentity } from '../testing/identity.js';
import { buildMrzLines } from '../testing/mrz-lines.js';
import { mrzCheckDigit } from './mrz-check-digit.js';
import { mrzFromCandidates } from './mrz-read.js';

describe('MRZ check digits and repair', () => {
  it('computes the ICAO 9303 check digits of the specification examples', () => {
    expect(mrzCheckDigit('D23145890')).toBe('7');
    expect(mrzCheckDigit('740812')).toBe('2');
    expect(mrzCheckDigit('120415')).toBe('9');
    expect(mrzCheckDigit('L898902C<')).toBe('3');
  });

  it('reads generated MRZs of all three formats as valid, with the right fields', () => {
    for (const kind of ['id-card', 'residence-permit', 'passport'] as const) {
      const identity = generateIdentity(`mrz-${kind}`);
      const mrz = mrzFromCandidates(buildMrzLines(identity, kind), 'paddleocr');
      expect(mrz?.valid).toBe(true);
      expect(mrz?.format).toBe(
        { 'id-card': 'TD1', 'residence-permit': 'TD2', passport: 'TD3' }[kind],
      );
      expect(mrz?.fields.documentNumber).toBe(identity.documentNumber);
      expect(mrz?.fields.birthDate).toBe(identity.birthDate);
      expect(mrz?.fields.expirationDate).toBe(identity.dateOfExpiry);
      expect(mrz?.fields.lastName).toBe(identity.lastNames);
      expect(mrz?.repairs).toEqual([]);
    }
  });

  it('turns a K among the padding of optional data, or in a document code, into a filler (no check digit sees K for <)', () => {
    const identity = { ...generateIdentity('optional-k'), personalNumber: '863833878' };
    const passport = buildMrzLines(identity, 'passport');
    const line2 = passport[1] as string;
    expect(line2.slice(28, 42)).toBe('863833878<<<<<');
    const misread = [passport[0] as string, line2.slice(0, 38) + 'KK<K' + line2.slice(42)];
    const mrz = mrzFromCandidates(misread, 'paddleocr');
    expect(mrz?.raw.split('\n')[1]).toBe(line2);
    const permit = buildMrzLines({ ...identity, personalNumber: '' }, 'residence-permit');
    const permitLine = permit[1] as string;
    expect(permitLine.slice(28, 35)).toBe('<<<<<<<');
    const permitMisread = [
      permit[0] as string,
      permitLine.slice(0, 28) + 'K<KK<<<' + permitLine.slice(35),
    ];
    expect(mrzFromCandidates(permitMisread, 'paddleocr')?.raw.split('\n')[1]).toBe(permitLine);
    // Every filler of the padding read as K: a trailing run of two or more is padding.
    const allK = [passport[0] as string, line2.slice(0, 37) + 'KKKKK' + line2.slice(42)];
    expect(mrzFromCandidates(allK, 'paddleocr')?.raw.split('\n')[1]).toBe(line2);
    // The filler of a passport's document code read as K (`PKSWE…`).
    const code = [`PK${(passport[0] as string).slice(2)}`, line2];
    expect(mrzFromCandidates(code, 'paddleocr')?.raw.split('\n')[0]).toBe(passport[0]);
  });

  it("restores a passport's document code P dropped at the edge of the line, or read as a filler", () => {
    const identity = generateIdentity('dropped-p');
    const [line1, line2] = buildMrzLines(identity, 'passport') as [string, string];
    expect(line1.endsWith('<')).toBe(true);
    const dropped = mrzFromCandidates([line1.slice(1), line2], 'paddleocr');
    expect(dropped?.raw.split('\n')[0]).toBe(line1);
    expect(dropped?.fields.issuingState).toBe(identity.issuingState);
    expect(dropped?.fields.lastName).toBe(identity.lastNames);
    const asFiller = mrzFromCandidates([`<${line1.slice(1)}`, line2], 'paddleocr');
    expect(asFiller?.raw.split('\n')[0]).toBe(line1);
    // The hollow face's `P<` read as one `K` (development 3514): the state one column early.
    const merged = mrzFromCandidates([`K${line1.slice(2)}`, line2], 'paddleocr');
    expect(merged?.raw.split('\n')[0]).toBe(line1);
    expect(merged?.valid).toBe(true);
    // Stray ink read in place of the code (development 3460): the line starts again at the state.
    const stray = mrzFromCandidates([`ONIIGNI<${line1.slice(2, -6)}`, line2], 'paddleocr');
    expect(stray?.raw.split('\n')[0]).toBe(line1);
    expect(stray?.valid).toBe(true);
    // A K with the state where it belongs is a misread letter of the code, not a merged `P<`.
    const misread = mrzFromCandidates([`K${line1.slice(1)}`, line2], 'paddleocr');
    expect(misread?.raw.split('\n')[0]).not.toBe(line1);
    // A card's document code (I, A or C) is not guessed: its first letter stays missing.
    const [card1, card2, card3] = buildMrzLines(identity, 'id-card') as [string, string, string];
    const card = mrzFromCandidates([card1.slice(1), card2, card3], 'paddleocr');
    expect(card?.raw.split('\n')[0]?.[0]).not.toBe(card1[0]);
  });

  it("reads a document code's first letter back from the one allowed look-alike (the hollow face's I read T, P read D)", () => {
    const identity = generateIdentity('code-letter');
    const [card1, card2, card3] = buildMrzLines(identity, 'id-card') as [string, string, string];
    expect(card1[0]).toBe('I');
    const card = mrzFromCandidates([`T${card1.slice(1)}`, card2, card3], 'paddleocr');
    expect(card?.valid).toBe(true);
    expect(card?.fields.documentCode).toBe(card1.slice(0, 2).replace(/<$/, ''));
    expect(card?.repairs).toContainEqual({ line: 0, column: 0, from: 'T', to: 'I' });
    const [page1, page2] = buildMrzLines(identity, 'passport') as [string, string];
    const passport = mrzFromCandidates([`D${page1.slice(1)}`, page2], 'paddleocr');
    expect(passport?.valid).toBe(true);
    expect(passport?.raw.split('\n')[0]).toBe(page1);
    // A letter with no allowed look-alike (W), or a line whose state is not a known code (shifted),
    // stays as read: the MRZ is refused rather than guessed.
    expect(mrzFromCandidates([`W${card1.slice(1)}`, card2, card3], 'paddleocr')?.valid).toBe(false);
    const shifted = `T${card1.slice(1, 2)}Q${card1.slice(2, 29)}`;
    expect(mrzFromCandidates([shifted, card2, card3], 'paddleocr')?.valid).toBe(false);
  });

  it('repairs O/0, I/1 and S/5 confusions guided by the check digits', () => {
    const identity = {
      ...generateIdentity('repair'),
      documentNumber: 'AB0123456',
      birthDate: '1985-05-15',
      nationality: 'POL',
    };
    const lines = buildMrzLines(identity, 'passport');
    const line2 = lines[1] as string;
    expect(line2.slice(0, 20)).toBe(
      `AB0123456${mrzCheckDigit('AB0123456')}POL850515${mrzCheckDigit('850515')}`,
    );
    // OCR misreads: the document number's 0 as O (alphanumeric: only the check digit can tell),
    // the nationality's O as 0, a 5 of the birth date as S.
    const misread = `ABO123456${line2[9]}P0L8S0515${line2.slice(19)}`;
    const repaired = mrzFromCandidates([lines[0] as string, misread], 'paddleocr');
    expect(repaired?.valid).toBe(true);
    expect(repaired?.fields.documentNumber).toBe('AB0123456');
    expect(repaired?.repairs.length).toBeGreaterThan(0);
  });

  it('never repairs a tampered check digit into validity', () => {
    const identity = generateIdentity('tamper');
    const lines = buildMrzLines(identity, 'id-card');
    const line2 = lines[1] as string;
    const wrong = String((Number(line2[6]) + 3) % 10);
    const tampered = [
      lines[0] as string,
      line2.slice(0, 6) + wrong + line2.slice(7),
      lines[2] as string,
    ];
    const mrz = mrzFromCandidates(tampered, 'paddleocr');
    expect(mrz?.valid).toBe(false);
    expect(mrz?.checks['birthDate']?.valid).toBe(false);
    expect(mrz?.checks['birthDate']?.read).toBe(wrong);
  });
});
