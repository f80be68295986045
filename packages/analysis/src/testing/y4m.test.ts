import { describe, expect, it } from 'vitest';
import { y4mVideo } from './y4m.js';

const grey = (level: number, width = 4, height = 2) => ({
  data: Buffer.alloc(width * height * 3, level),
  width,
  height,
});

describe('y4m videos for the fake camera', () => {
  it('writes the header, then each frame as I420 in limited range', () => {
    const video = y4mVideo([grey(0), grey(255)], 10);
    const header = 'YUV4MPEG2 W4 H2 F10:1 Ip A1:1 C420jpeg\n';
    expect(video.subarray(0, header.length).toString()).toBe(header);
    const frameBytes = 4 * 2 * 1.5;
    expect(video.length).toBe(header.length + 2 * ('FRAME\n'.length + frameBytes));
    const second = video.subarray(video.length - frameBytes);
    expect([...second.subarray(0, 8)]).toEqual(Array(8).fill(235));
    expect([...second.subarray(8)]).toEqual(Array(4).fill(128));
  });

  it('refuses odd sizes and frames of different sizes', () => {
    expect(() => y4mVideo([grey(0, 3, 2)], 10)).toThrow(RangeError);
    expect(() => y4mVideo([grey(0), grey(0, 6, 2)], 10)).toThrow(RangeError);
    expect(() => y4mVideo([], 10)).toThrow(RangeError);
  });
});
