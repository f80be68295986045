import type { FrontAnalysis, MrzResult } from '@idv/contract';
import { describe, expect, it } from 'vitest';
import { judgeFront } from './capture-decisions.js';
import { judgeDocumentKind, judgePassportPage } from './document-kind-decisions.js';

const mrz = (valid: boolean): MrzResult => ({
  format: 'TD3',
  raw: 'P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<\nL898902C36UTO7408122F1204159ZE184226B<<<<<10',
  valid,
  checks: {},
  fields: {
    documentCode: 'P',
    issuingState: 'UTO',
    documentNumber: 'L898902C3',
    lastName: 'ERIKSSON',
    firstName: 'ANNA MARIA',
    nationality: 'UTO',
    birthDate: '1974-08-12',
    sex: 'F',
    expirationDate: '2032-04-15',
    optional: null,
  },
  repairs: [],
  reader: 'paddleocr',
});

const page = (overrides: Partial<FrontAnalysis> = {}): FrontAnalysis => ({
  documentType: 'PASSPORT',
  country: 'UTO',
  fields: {
    firstNames: 'ANNA MARIA',
    lastNames: 'ERIKSSON',
    name: null,
    birthDate: '1974-08-12',
    dateOfIssue: null,
    dateOfExpiry: '2032-04-15',
    idNumber: 'L898902C3',
    nationality: 'UTO',
    gender: 'F',
    adult: true,
  },
  faceImage: 'AAAA',
  documentQuad: null,
  quality: { blur: 0, glare: 0, brightness: 0.6 },
  ocrRaw: '',
  confidence: 0.9,
  reason: null,
  mrz: mrz(true),
  ...overrides,
});

/** A page whose analysis carries the MRZ-vs-VIZ cross-check. */
const withCrossCheck = (crossCheck: unknown): FrontAnalysis =>
  ({ ...page(), crossCheck }) as FrontAnalysis;

describe('document kind decisions', () => {
  it('accepts the kind chosen and refuses the other as WRONG_DOCUMENT_TYPE', () => {
    expect(judgeDocumentKind('PASSPORT', page())).toBeUndefined();
    expect(judgeDocumentKind('ID_CARD', page({ documentType: 'ID_CARD' }))).toBeUndefined();
    // Residence permits and driving licences are cards.
    expect(
      judgeDocumentKind('ID_CARD', page({ documentType: 'RESIDENCE_PERMIT' })),
    ).toBeUndefined();
    expect(judgeDocumentKind('PASSPORT', page({ documentType: 'ID_CARD' }))?.code).toBe(
      'WRONG_DOCUMENT_TYPE',
    );
    expect(judgeDocumentKind('PASSPORT', page({ documentType: 'RESIDENCE_PERMIT' }))?.code).toBe(
      'WRONG_DOCUMENT_TYPE',
    );
    expect(judgeDocumentKind('ID_CARD', page())?.code).toBe('WRONG_DOCUMENT_TYPE');
    // An unrecognised document is judged as unreadable elsewhere, not as the wrong kind.
    expect(judgeDocumentKind('PASSPORT', page({ documentType: 'UNKNOWN' }))).toBeUndefined();
  });

  it('a passport page needs a valid MRZ and an unexpired date', () => {
    const today = '2026-06-01';
    expect(judgePassportPage(page(), today)).toBeUndefined();
    expect(judgePassportPage(page({ mrz: null }), today)?.code).toBe('UNREADABLE_DOCUMENT');
    // An engine older than the field answers no MRZ at all: never accepted unchecked.
    const { mrz: _mrz, ...older } = page();
    expect(judgePassportPage(older, today)?.code).toBe('UNREADABLE_DOCUMENT');
    expect(judgePassportPage(page({ mrz: mrz(false) }), today)?.code).toBe('MRZ_INVALID');
    const expired = page();
    expired.fields.dateOfExpiry = '2026-05-31';
    expect(judgePassportPage(expired, today)?.code).toBe('DOCUMENT_EXPIRED');
  });

  it('an MRZ that disagrees with the visual zone is SIDES_MISMATCH, with or without the field', () => {
    const today = '2026-06-01';
    expect(judgePassportPage(page(), today)).toBeUndefined();
    expect(
      judgePassportPage(withCrossCheck({ consistent: true, compared: [], mismatches: [] }), today),
    ).toBeUndefined();
    const mismatch = withCrossCheck({
      consistent: false,
      compared: ['idNumber', 'birthDate'],
      mismatches: [{ field: 'idNumber', front: 'L898902C3', back: 'L898902G3' }],
    });
    expect(judgePassportPage(mismatch, today)).toMatchObject({
      code: 'SIDES_MISMATCH',
      mismatches: ['idNumber'],
    });
    expect(judgeFront(mismatch, true)).toMatchObject({
      code: 'SIDES_MISMATCH',
      mismatches: ['idNumber'],
    });
  });
});
