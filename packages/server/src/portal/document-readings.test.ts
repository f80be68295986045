import type { BackAnalysis, MrzResult } from '@idv/contract';
import { describe, expect, it } from 'vitest';
import { documentReadings, type StoredFront } from './document-readings.js';

const FIELDS = {
  firstNames: 'ANA MARIA',
  lastNames: 'GARCIA',
  name: 'ANA MARIA GARCIA',
  birthDate: '1990-04-02',
  dateOfIssue: '2021-01-10',
  dateOfExpiry: '2031-01-10',
  idNumber: 'AB1234567',
  nationality: 'ESP',
  gender: 'F',
  adult: true,
};

const QUALITY = { blur: 0, glare: 0, brightness: 0.5 };

const front = (fields: Partial<typeof FIELDS> = {}): StoredFront => ({
  documentType: 'ID_CARD',
  country: 'ESP',
  fields: { ...FIELDS, ...fields },
  documentQuad: null,
  quality: QUALITY,
  ocrRaw: '',
  confidence: 0.9,
  reason: null,
});

const mrz = (fields: Partial<MrzResult['fields']> = {}): MrzResult => ({
  format: 'TD1',
  raw: 'IDESPAB1234567<\n9004021F3101105ESP\nGARCIA<<ANA<MARIA',
  valid: true,
  checks: {},
  fields: {
    documentCode: 'ID',
    issuingState: 'ESP',
    documentNumber: 'AB1234567',
    lastName: 'GARCIA',
    firstName: 'ANA MARIA',
    nationality: 'ESP',
    birthDate: '1990-04-02',
    sex: 'F',
    expirationDate: '2031-01-10',
    optional: null,
    ...fields,
  },
  repairs: [],
  reader: 'paddleocr',
});

const back = (overrides: Partial<BackAnalysis> = {}): BackAnalysis => ({
  documentType: 'ID_CARD',
  country: 'ESP',
  mrz: mrz(),
  barcode: null,
  barcodes: [],
  fields: FIELDS,
  crossCheck: { consistent: true, compared: ['idNumber'], mismatches: [], resolutions: [] },
  documentQuad: null,
  quality: QUALITY,
  ocrRaw: '',
  confidence: 0.9,
  reason: null,
  ...overrides,
});

describe('documentReadings', () => {
  it('is null when no document capture was kept', () => {
    expect(documentReadings(undefined, undefined)).toBeNull();
  });

  it('puts the MRZ beside the visual zone: agreeing fields, and the issue date read once', () => {
    const readings = documentReadings(front(), back())!;
    const byField = Object.fromEntries(readings.rows.map((row) => [row.field, row]));
    expect(byField['idNumber']).toMatchObject({
      mrz: 'AB1234567',
      viz: 'AB1234567',
      state: 'agree',
    });
    expect(byField['dateOfIssue']).toMatchObject({ mrz: null, viz: '2021-01-10', state: 'single' });
    expect(readings.rows.map((row) => row.field)).not.toContain('name');
    expect(readings).toMatchObject({ mrzValid: true, barcodes: [] });
    expect(readings.mrzRaw).toContain('GARCIA<<ANA');
  });

  it("marks the analysis's mismatches, with the barcode's reading where it compared one", () => {
    const readings = documentReadings(
      front({ birthDate: '1990-04-08' }),
      back({
        barcodes: [{ format: 'PDF417', raw: 'AB1234567|GARCIA|ANA MARIA|19900402' }],
        crossCheck: {
          consistent: false,
          compared: ['birthDate'],
          mismatches: [
            { field: 'birthDate', front: '1990-04-08', back: '1990-04-02', barcode: '1990-04-02' },
          ],
        },
      }),
    )!;
    const row = readings.rows.find((r) => r.field === 'birthDate');
    expect(row).toMatchObject({
      mrz: '1990-04-02',
      viz: '1990-04-08',
      barcode: '1990-04-02',
      state: 'mismatch',
      resolution: null,
    });
    expect(readings.barcodes).toHaveLength(1);
  });

  it("fills the barcode column from each barcode's fields as the analysis read them", () => {
    const readings = documentReadings(
      front(),
      back({
        barcodes: [
          // A payload the server cannot read itself: the analysis's reading is what counts.
          {
            format: 'PDF417',
            raw: 'ESP/AB1234567/GARCIA',
            fields: { idNumber: 'AB1234567', lastNames: 'GARCIA', birthDate: '1990-04-02' },
          },
          // A payload in the pipe layout that the analysis read as naming nothing: not read again.
          {
            format: 'QRCode',
            raw: 'IDV1|ESP|ZZ9999999|OTHER|NAME|19800101|M|20300101|FRA|X1',
            fields: {},
          },
        ],
      }),
    )!;
    const byField = Object.fromEntries(readings.rows.map((row) => [row.field, row]));
    expect(byField['idNumber']).toMatchObject({ barcode: 'AB1234567', state: 'agree' });
    expect(byField['lastNames']).toMatchObject({ barcode: 'GARCIA', state: 'agree' });
    expect(byField['birthDate']).toMatchObject({ barcode: '1990-04-02', state: 'agree' });
    expect(byField['firstNames']).toMatchObject({ barcode: null });
    expect(byField['gender']).toMatchObject({ barcode: null });
    expect(byField['nationality']).toMatchObject({ barcode: null });
  });

  it("fills the barcode column of an answer stored before barcode fields from the payload's layout", () => {
    const readings = documentReadings(
      front(),
      back({
        barcodes: [
          {
            format: 'PDF417',
            raw: 'IDV1|ESP|AB1234567|GARCIA|ANA MARIA|19900402|F|20310110|ESP|X1',
          },
          { format: 'QRCode', raw: 'https://verify.example.org/d/ESP/AB1234567' },
        ],
      }),
    )!;
    const byField = Object.fromEntries(readings.rows.map((row) => [row.field, row]));
    expect(byField['idNumber']).toMatchObject({
      mrz: 'AB1234567',
      viz: 'AB1234567',
      barcode: 'AB1234567',
      state: 'agree',
    });
    expect(byField['birthDate']).toMatchObject({ barcode: '1990-04-02', state: 'agree' });
    expect(byField['firstNames']).toMatchObject({ barcode: 'ANA MARIA', state: 'agree' });
    // The layout carries no issue date: that cell stays empty.
    expect(byField['dateOfIssue']).toMatchObject({ barcode: null, state: 'single' });
  });

  it("reads a stored barcode that embeds the document's MRZ as the MRZ's values; a URL names no field", () => {
    // A TD1 MRZ of three 30-character lines, printed again in a 2D code (with CR LF).
    const raw = [
      'IDESPAB12345670<<<<<<<<<<<<<<<',
      '9004021F3101105ESP<<<<<<<<<<<4',
      'GARCIA<<ANA<MARIA<<<<<<<<<<<<<',
    ];
    const embedded = documentReadings(
      front(),
      back({
        mrz: { ...mrz(), raw: raw.join('\n') },
        barcodes: [{ format: 'PDF417', raw: raw.join('\r\n') }],
      }),
    )!;
    expect(embedded.rows.find((r) => r.field === 'lastNames')).toMatchObject({
      barcode: 'GARCIA',
      state: 'agree',
    });
    const url = documentReadings(
      front(),
      back({ barcodes: [{ format: 'QRCode', raw: 'https://verify.example.org/d/ESP/AB1234567' }] }),
    )!;
    expect(url.rows.every((row) => row.barcode === null)).toBe(true);
    expect(url.barcodes).toHaveLength(1);
  });

  it('a barcode that disagrees shows its own value and the disagreement', () => {
    const readings = documentReadings(
      front(),
      back({
        barcodes: [
          {
            format: 'PDF417',
            raw: 'IDV1|ESP|AB1234567|GARCIA|ANA MARIA|19900403|F|20310110|ESP|X1',
          },
        ],
      }),
    )!;
    expect(readings.rows.find((r) => r.field === 'birthDate')).toMatchObject({
      mrz: '1990-04-02',
      viz: '1990-04-02',
      barcode: '1990-04-03',
      state: 'mismatch',
    });
  });

  it('shows a settled disagreement with the value kept and its evidence', () => {
    const readings = documentReadings(
      front({ idNumber: 'AB1234S67' }),
      back({
        crossCheck: {
          consistent: true,
          compared: ['idNumber'],
          mismatches: [],
          resolutions: [
            { field: 'idNumber', value: 'AB1234567', sources: ['mrz'], evidence: 'check-digit' },
          ],
        },
      }),
    )!;
    expect(readings.rows.find((r) => r.field === 'idNumber')).toMatchObject({
      state: 'resolved',
      resolution: { value: 'AB1234567', evidence: 'check-digit' },
    });
  });

  it('flags readings that differ as text even when the analysis did not list them', () => {
    const readings = documentReadings(front({ nationality: 'PRT' }), back())!;
    expect(readings.rows.find((r) => r.field === 'nationality')).toMatchObject({
      mrz: 'ESP',
      viz: 'PRT',
      state: 'mismatch',
    });
  });

  it("reads a passport's data page alone: its own MRZ beside its printed fields", () => {
    const passport = { ...front(), documentType: 'PASSPORT' as const, mrz: mrz({ sex: 'F' }) };
    const readings = documentReadings(passport, undefined)!;
    expect(readings.rows.find((r) => r.field === 'gender')).toMatchObject({
      mrz: 'F',
      viz: 'F',
      state: 'agree',
    });
  });
});
