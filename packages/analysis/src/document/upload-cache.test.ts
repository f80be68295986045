import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { recordStages } from '../perf/stages.js';
import { decodeAndLocate } from './upload-cache.js';

afterEach(() => recordStages(undefined));

describe('decodeAndLocate', () => {
  it('decodes and locates one upload once when it is read twice in a row (a passport page)', async () => {
    const page = await sharp({
      create: { width: 1250, height: 880, channels: 3, background: '#d8e4f0' },
    })
      .jpeg()
      .toBuffer();
    const stages: string[] = [];
    recordStages((name) => stages.push(name));
    const first = await decodeAndLocate(page, 'front');
    const second = await decodeAndLocate(page, 'back');
    expect(second).toBe(first);
    expect(stages).toEqual(['front: decode', 'front: outline + warp']);
    // Another upload is decoded on its own.
    const other = await sharp(page).jpeg({ quality: 50 }).toBuffer();
    await decodeAndLocate(other, 'back');
    expect(stages).toEqual([
      'front: decode',
      'front: outline + warp',
      'back: decode',
      'back: outline + warp',
    ]);
  });

  it('does not keep a refused upload', async () => {
    const junk = Buffer.from('not an image');
    await expect(decodeAndLocate(junk, 'front')).rejects.toThrow(/not a JPEG/);
    await expect(decodeAndLocate(junk, 'front')).rejects.toThrow(/not a JPEG/);
  });
});
