import { describe, expect, it } from 'vitest';
import type { TextLine } from '../models/paddle-ocr.js';
import { textRows } from './mrz-read.js';

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
