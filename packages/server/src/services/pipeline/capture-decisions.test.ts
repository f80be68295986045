import type {
  AnalysisDocumentFields as DocumentFields,
  BackAnalysis,
  FrontAnalysis,
} from '@idv/contract';
import { describe, expect, it } from 'vitest';
import {
  documentData,
  frontalFrameIndex,
  judgeBack,
  judgeChallenge,
  judgeFront,
  livenessSignals,
  userNameOf,
} from './capture-decisions.js';

const fields = (overrides: Partial<DocumentFields> = {}): DocumentFields => ({
  firstNames: 'JULIA',
  lastNames: 'DEVRIES',
  name: null,
  birthDate: '1985-12-17',
  dateOfIssue: '2020-09-05',
  dateOfExpiry: '2030-09-06',
  idNumber: 'HCP401901',
  nationality: 'NGA',
  gender: 'F',
  adult: true,
  ...overrides,
});

const front = (overrides: Partial<FrontAnalysis> = {}): FrontAnalysis => ({
  documentType: 'ID_CARD',
  country: 'NGA',
  fields: fields(),
  faceImage: 'AAAA',
  documentQuad: null,
  quality: { blur: 0, glare: 0, brightness: 0.6 },
  ocrRaw: 'front text',
  confidence: 0.95,
  reason: null,
  ...overrides,
});

const back = (overrides: Partial<BackAnalysis> = {}): BackAnalysis => ({
  documentType: 'ID_CARD',
  country: 'NGA',
  mrz: {
    format: 'TD1',
    raw: 'IDNGA…',
    valid: true,
    checks: {},
    fields: {} as never,
    repairs: [],
    reader: 'paddleocr',
  },
  barcode: { format: 'PDF417', raw: 'IDV1|NGA|HCP401901' },
  barcodes: [],
  fields: fields({ dateOfIssue: null, idNumber: 'HCP401901' }),
  crossCheck: { consistent: true, compared: [], mismatches: [] },
  documentQuad: null,
  quality: { blur: 0, glare: 0, brightness: 0.6 },
  ocrRaw: 'back text',
  confidence: 1,
  reason: null,
  ...overrides,
});

describe('capture decisions', () => {
  it('refuses a front without a document, unreadable, or without portrait when one is needed', () => {
    expect(judgeFront(front(), true)).toBeUndefined();
    expect(judgeFront(front({ reason: 'NO_DOCUMENT', documentType: 'UNKNOWN' }), true)?.code).toBe(
      'NO_DOCUMENT',
    );
    expect(judgeFront(front({ confidence: 0.2 }), true)?.code).toBe('UNREADABLE_DOCUMENT');
    expect(judgeFront(front({ faceImage: null }), true)?.code).toBe('NO_DOCUMENT_FACE');
    expect(judgeFront(front({ faceImage: null }), false)).toBeUndefined();
  });

  it('refuses a card front whose printed names were not read (the MRZ names need them)', () => {
    for (const missing of ['lastNames', 'firstNames'] as const) {
      const refused = judgeFront(front({ fields: fields({ [missing]: null }) }), false);
      expect(refused?.code).toBe('UNREADABLE_DOCUMENT');
      expect(refused?.message).toMatch(/names/);
    }
  });

  it('refuses a passport page whose MRZ fails its checks or disagrees with its printed data', () => {
    const passport = (overrides: Partial<FrontAnalysis>): FrontAnalysis =>
      front({ documentType: 'PASSPORT', mrz: { ...back().mrz!, format: 'TD3' }, ...overrides });
    const consistent = { consistent: true, compared: ['idNumber' as const], mismatches: [] };
    expect(judgeFront(passport({ crossCheck: consistent }), true)).toBeUndefined();
    expect(
      judgeFront(
        passport({
          mrz: { ...back().mrz!, format: 'TD3', valid: false },
          crossCheck: consistent,
        }),
        true,
      )?.code,
    ).toBe('MRZ_INVALID');
    const refused = judgeFront(
      passport({
        crossCheck: {
          consistent: false,
          compared: ['idNumber', 'firstNames'],
          mismatches: [{ field: 'firstNames', front: 'DIEGO TOMAS', back: 'DIEGO' }],
        },
      }),
      true,
    );
    expect(refused).toMatchObject({ code: 'SIDES_MISMATCH', mismatches: ['firstNames'] });
    // A card front carries no MRZ: no cross-check, nothing to refuse.
    expect(judgeFront(front({ crossCheck: null, mrz: null }), true)).toBeUndefined();
    // An MRZ-like text on a card front (not a passport page) is not judged as an MRZ.
    expect(
      judgeFront(front({ mrz: { ...back().mrz!, valid: false }, crossCheck: null }), true),
    ).toBeUndefined();
  });

  it('refuses a back whose MRZ fails its checks, unreadable, not matching the front, or expired', () => {
    expect(judgeBack(back(), '2026-03-10')).toBeUndefined();
    expect(judgeBack(back({ mrz: { ...back().mrz!, valid: false } }), '2026-03-10')?.code).toBe(
      'MRZ_INVALID',
    );
    expect(judgeBack(back({ mrz: null, barcode: null }), '2026-03-10')?.code).toBe(
      'UNREADABLE_BACK',
    );
    expect(judgeBack(back({ mrz: null }), '2026-03-10')).toBeUndefined();
    expect(
      judgeBack(
        back({ crossCheck: { consistent: false, compared: [], mismatches: [] } }),
        '2026-03-10',
      )?.code,
    ).toBe('SIDES_MISMATCH');
    const misread = judgeBack(
      back({
        crossCheck: {
          consistent: false,
          compared: ['idNumber', 'lastNames'],
          mismatches: [{ field: 'idNumber', front: 'ABM123456', back: 'ABW123456' }],
        },
      }),
      '2026-03-10',
    );
    expect(misread).toMatchObject({ code: 'SIDES_MISMATCH', mismatches: ['idNumber'] });
    expect(misread?.message).toContain('idNumber');
    expect(judgeBack(back(), '2031-01-01')?.code).toBe('DOCUMENT_EXPIRED');
  });

  it('builds data from the checksummed MRZ first, completed by the front, never with nulls', () => {
    const data = documentData(
      front({ fields: fields({ lastNames: 'DEVR1ES', name: 'JULIA DEVR1ES' }) }),
      back(),
    );
    expect(data).toEqual({
      firstNames: 'JULIA',
      lastNames: 'DEVRIES',
      name: 'JULIA DEVR1ES',
      adult: true,
      nationality: 'NGA',
      gender: 'F',
      birthDate: '1985-12-17',
      dateOfIssue: '2020-09-05',
      dateOfExpiry: '2030-09-06',
      idNumber: 'HCP401901',
      ocrRaw: 'front text\nback text',
      barcodeRaw: 'IDV1|NGA|HCP401901',
    });
    // A back without MRZ but with the exact barcode: its decided fields come first, not the
    // front's OCR, which drops diacritics.
    const barcodeOnly = documentData(
      front({ fields: fields({ firstNames: 'BJORN' }) }),
      back({ mrz: null, fields: fields({ firstNames: 'BJÖRN', dateOfIssue: null }) }),
    );
    expect(barcodeOnly.firstNames).toBe('BJÖRN');
    const frontOnly = documentData(front({ fields: fields({ gender: null }) }), undefined);
    expect(frontOnly).not.toHaveProperty('gender');
    expect(frontOnly).not.toHaveProperty('barcodeRaw');
    expect(userNameOf(frontOnly)).toBe('JULIA DEVRIES');
    expect(userNameOf({})).toBeUndefined();
  });

  it('passes the element signals to anti-spoofing and picks the frontal frame', () => {
    const meta = {
      source: 'camera' as const,
      challenge: { type: 'turn-left' as const, passed: true, durationMs: 1800, samples: [] },
      frames: [
        { role: 'challenge' as const, yaw: -24, pitch: 2, eyeOpenness: 0.8 },
        { role: 'frontal' as const, yaw: 1, pitch: 0, eyeOpenness: 0.3 },
      ],
    };
    expect(livenessSignals(meta)).toEqual({
      captureSource: 'camera',
      challenges: [{ kind: 'turn-left', passed: true, frameIndex: 0 }],
      yaw: [-24, 1],
      eyesOpen: [true, false],
    });
    expect(frontalFrameIndex(meta)).toBe(1);
    expect(livenessSignals({ source: 'upload', challenge: null, frames: [] })).toEqual({
      captureSource: 'upload',
    });
    expect(frontalFrameIndex({ source: 'upload', challenge: null, frames: [] })).toBe(0);
  });

  it('fails a selfie whose challenge the device reports as not completed, with or without anti-spoofing', () => {
    const challenge = { type: 'blink' as const, durationMs: 12000, samples: [] };
    const failed = {
      source: 'camera' as const,
      challenge: { ...challenge, passed: false },
      frames: [],
    };
    expect(judgeChallenge(failed)?.code).toBe('LIVENESS_FAILED');
    expect(
      judgeChallenge({ ...failed, challenge: { ...challenge, passed: true } }),
    ).toBeUndefined();
    expect(judgeChallenge({ source: 'upload', challenge: null, frames: [] })).toBeUndefined();
  });
});
