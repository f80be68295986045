import { PassThrough } from 'node:stream';
import { readTlsClientHello } from 'read-tls-client-hello';
import { beforeAll, describe, expect, it } from 'vitest';
import { captureClientHello } from '../../../test/support/captured-hello.js';
import { scanClientHello } from './client-hello.js';

/** Splits one handshake record into records of at most `size` bytes of payload. */
function fragment(record: Buffer, size: number): Buffer {
  const payload = record.subarray(5);
  const records: Buffer[] = [];
  for (let i = 0; i < payload.length; i += size) {
    const part = payload.subarray(i, i + size);
    const header = Buffer.from([0x16, record[1]!, record[2]!, 0, 0]);
    header.writeUInt16BE(part.length, 3);
    records.push(header, part);
  }
  return Buffer.concat(records);
}

describe('scanClientHello', () => {
  let record: Buffer;

  beforeAll(async () => {
    record = await captureClientHello();
  });

  it("parses exactly what read-tls-client-hello's stream reader parses", async () => {
    const scan = scanClientHello(record);
    expect(scan.state).toBe('complete');
    const stream = new PassThrough();
    stream.end(record);
    const reference = await readTlsClientHello(stream);
    expect(scan.state === 'complete' && scan.hello).toEqual(reference);
  });

  it('reassembles a ClientHello fragmented over several records', () => {
    const whole = scanClientHello(record);
    for (const size of [1, 7, 100]) {
      expect(scanClientHello(fragment(record, size)), `fragments of ${size}`).toEqual(whole);
    }
  });

  it('is incomplete at every cut before the end', () => {
    for (let cut = 1; cut < record.length; cut++) {
      expect(scanClientHello(record.subarray(0, cut)).state, `cut ${cut}`).toBe('incomplete');
    }
  });

  it('tells non-TLS bytes from malformed handshakes', () => {
    expect(scanClientHello(Buffer.from('GET / HTTP/1.1')).state).toBe('not-tls');
    const serverHello = Buffer.from(record);
    serverHello[5] = 0x02;
    expect(scanClientHello(serverHello)).toEqual({ state: 'invalid', reason: 'not a ClientHello' });
    expect(scanClientHello(Buffer.from([0x16, 3, 1, 0, 0])).state).toBe('invalid');
    expect(scanClientHello(Buffer.from([0x16, 3, 1, 0x40, 0x01])).state).toBe('invalid');
    const huge = Buffer.from(record);
    huge.writeUIntBE(0x7fffff, 6, 3);
    expect(scanClientHello(huge)).toEqual({ state: 'invalid', reason: 'ClientHello too large' });
    const alertAfter = Buffer.concat([
      fragment(record, 50).subarray(0, 55),
      Buffer.from([0x15, 3, 3, 0, 2, 2, 40]),
    ]);
    expect(scanClientHello(alertAfter)).toEqual({
      state: 'invalid',
      reason: 'unexpected record type',
    });
  });

  it('refuses truncated fields inside a complete message', () => {
    const truncated = Buffer.from(record);
    // Claim a longer cipher suite list than the message holds.
    const sessionIdLength = truncated[5 + 4 + 2 + 32]!;
    truncated.writeUInt16BE(0xfff0, 5 + 4 + 2 + 32 + 1 + sessionIdLength);
    expect(scanClientHello(truncated)).toEqual({
      state: 'invalid',
      reason: 'truncated ClientHello',
    });
  });
});
