import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAnalysisEngine } from '../engine.js';
import { recordStages } from '../perf/stages.js';
import { generateIdentity } from '../testing/identity.js';
import { renderDocument } from '../testing/render-document.js';

const engine = createAnalysisEngine();
beforeAll(() => engine.warmUp());
afterAll(() => engine.close());
afterEach(() => recordStages(undefined));

describe('reading the front of a document', () => {
  it('reads a passport page in two parts, its MRZ zone at MRZ width, and answers the MRZ fields', async () => {
    const identity = generateIdentity('page-text');
    const { image } = await renderDocument(identity, {
      kind: 'passport',
      side: 'front',
      degrade: 'photo',
    });
    const stages: string[] = [];
    recordStages((name) => stages.push(name));
    const front = await engine.analyzeFront(image);
    expect(stages).toContain('front: MRZ zone OCR');
    expect(front.documentType).toBe('PASSPORT');
    expect(front.fields.idNumber).toBe(identity.documentNumber);
    expect(front.fields.birthDate).toBe(identity.birthDate);
    expect(front.fields.dateOfExpiry).toBe(identity.dateOfExpiry);
    expect(front.fields.lastNames).toBe(identity.lastNames);
  });

  it('reads a card front whole, once', async () => {
    const { image } = await renderDocument(generateIdentity('page-text-card'), {
      kind: 'id-card',
      side: 'front',
      degrade: 'photo',
    });
    const stages: string[] = [];
    recordStages((name) => stages.push(name));
    await engine.analyzeFront(image);
    expect(stages.filter((s) => s.includes('OCR'))).toEqual(['front: OCR']);
  });
});
