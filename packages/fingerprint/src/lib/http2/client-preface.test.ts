import { describe, expect, it } from 'vitest';
import {
  formatAkamaiFingerprint,
  HTTP2_CLIENT_PREFACE,
  scanClientPreface,
} from './client-preface.js';

function frame(type: number, flags: number, streamId: number, payload: Buffer): Buffer {
  const header = Buffer.alloc(9);
  header.writeUIntBE(payload.length, 0, 3);
  header[3] = type;
  header[4] = flags;
  header.writeUInt32BE(streamId, 5);
  return Buffer.concat([header, payload]);
}

function settings(pairs: Array<[number, number]>): Buffer {
  const payload = Buffer.alloc(pairs.length * 6);
  pairs.forEach(([id, value], i) => {
    payload.writeUInt16BE(id, i * 6);
    payload.writeUInt32BE(value, i * 6 + 2);
  });
  return frame(0x4, 0, 0, payload);
}

const windowUpdate = (increment: number) => {
  const payload = Buffer.alloc(4);
  payload.writeUInt32BE(increment);
  return frame(0x8, 0, 0, payload);
};

const priority = (stream: number, exclusive: boolean, dependsOn: number, weightByte: number) => {
  const payload = Buffer.alloc(5);
  payload.writeUInt32BE((exclusive ? 0x80000000 : 0) + dependsOn);
  payload[4] = weightByte;
  return frame(0x2, 0, stream, payload);
};

const headers = frame(0x1, 0x5, 1, Buffer.from([0x82]));

describe('scanClientPreface', () => {
  it('reads SETTINGS in wire order, the WINDOW_UPDATE and PRIORITY frames up to the first HEADERS', () => {
    const bytes = Buffer.concat([
      HTTP2_CLIENT_PREFACE,
      settings([
        [1, 65536],
        [2, 0],
        [4, 6291456],
        [6, 262144],
      ]),
      windowUpdate(15663105),
      priority(3, false, 0, 200),
      priority(5, true, 3, 0),
      headers,
      settings([[9, 9]]),
    ]);
    const scan = scanClientPreface(bytes);
    expect(scan.state).toBe('complete');
    if (scan.state !== 'complete') return;
    expect(scan.frames.settings).toEqual([
      [1, 65536],
      [2, 0],
      [4, 6291456],
      [6, 262144],
    ]);
    expect(
      formatAkamaiFingerprint(scan.frames, [':method', ':authority', ':scheme', ':path']),
    ).toBe('1:65536;2:0;4:6291456;6:262144|15663105|3:0:0:201,5:1:3:1|m,a,s,p');
  });

  it('is incomplete until the first HEADERS frame header arrives, at any split', () => {
    const bytes = Buffer.concat([
      HTTP2_CLIENT_PREFACE,
      settings([[3, 100]]),
      windowUpdate(1),
      headers,
    ]);
    const headersAt = bytes.length - headers.length;
    for (let cut = 0; cut < headersAt + 9; cut++) {
      expect(scanClientPreface(bytes.subarray(0, cut)).state, `cut ${cut}`).toBe('incomplete');
    }
    expect(scanClientPreface(bytes.subarray(0, headersAt + 9)).state).toBe('complete');
  });

  it('rejects anything that is not the client preface', () => {
    expect(scanClientPreface(Buffer.from('GET / HTTP/1.1\r\n')).state).toBe('not-http2');
    expect(scanClientPreface(Buffer.from('PRI * HTTP/1.1')).state).toBe('not-http2');
  });

  it('formats an absent WINDOW_UPDATE as 00, no PRIORITY as 0, ignores SETTINGS ACKs', () => {
    const bytes = Buffer.concat([
      HTTP2_CLIENT_PREFACE,
      settings([[2, 0]]),
      frame(0x4, 0x1, 0, Buffer.alloc(0)),
      headers,
    ]);
    const scan = scanClientPreface(bytes);
    if (scan.state !== 'complete') throw new Error('expected complete');
    expect(formatAkamaiFingerprint(scan.frames, [':method', ':path'])).toBe('2:0|00|0|m,p');
  });
});
