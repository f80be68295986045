import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLink, createTestApp, type TestAccount, type TestApp } from '../testing/harness.js';
import { DOCUMENT_META, openDevice } from '../testing/flow-client.js';
import { sampleJpeg } from '../testing/images.js';

/** An answer read off a real socket. */
interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * Starts a capture upload on a real connection and sends only `head` of its body, leaving the
 * request open (a slow or stalled uploader). `answer` settles when the server answers, before the
 * body is complete if it does not wait for it; `finish(rest)` sends the rest.
 */
function startUpload(
  port: number,
  kind: string,
  token: string,
  boundary: string,
  head: Buffer,
): { answer: Promise<Answer>; finish(rest: Buffer): void; abort(): void } {
  const request = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: `/api/v1/flow/captures/${kind}`,
    headers: {
      'x-flow-session': token,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'transfer-encoding': 'chunked',
    },
  });
  const answer = new Promise<Answer>((resolve, reject) => {
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    });
    request.on('error', reject);
  });
  request.flushHeaders();
  request.write(head);
  return {
    answer,
    finish: (rest) => request.end(rest),
    abort: () => {
      answer.catch(() => undefined);
      request.destroy();
    },
  };
}

const part = (boundary: string, name: string, filename: string | null, bytes: Buffer | string) =>
  Buffer.concat([
    Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="${name}"` +
        (filename === null ? '' : `; filename="${filename}"\r\ncontent-type: image/jpeg`) +
        '\r\n\r\n',
    ),
    Buffer.from(bytes),
    Buffer.from('\r\n'),
  ]);

describe('capture uploads under abuse', () => {
  let test: TestApp;
  let account: TestAccount;
  let port: number;
  let jpeg: Buffer;

  beforeAll(async () => {
    test = await createTestApp({
      env: { IDV_CAPTURE_CONCURRENCY: '2', IDV_CAPTURE_RETRY_AFTER: '7' },
    });
    account = await test.account('premium');
    await test.app.listen({ port: 0, host: '127.0.0.1' });
    port = (test.app.server.address() as AddressInfo).port;
    jpeg = await sampleJpeg(64, 48);
  });
  afterAll(async () => test.close());

  const device = async () => {
    const { linkId, verificationId } = await createLink(test, account.token, { type: 'ID ONLY' });
    const opened = await openDevice(test, linkId);
    expect((await opened.post('/terms', { accepted: true })).statusCode).toBe(200);
    return { device: opened, verificationId };
  };

  it('takes the session lock before reading the body: a second upload to the session is refused at once with 409', async () => {
    const { device: phone } = await device();
    const boundary = 'first-upload';
    // The first upload sends its meta and the start of its image, then stalls.
    const first = startUpload(
      port,
      'front',
      phone.token,
      boundary,
      Buffer.concat([
        part(boundary, 'meta', null, JSON.stringify(DOCUMENT_META)),
        Buffer.from(
          `--${boundary}\r\ncontent-disposition: form-data; name="image"; filename="a.jpg"\r\ncontent-type: image/jpeg\r\n\r\n`,
        ),
        jpeg.subarray(0, 16),
      ]),
    );
    // Give the server time to route the first upload (it is reading its body now).
    await new Promise((resolve) => setTimeout(resolve, 200));
    // The second upload sends only the start of its body and never finishes it: it must be
    // answered without the server waiting for (or buffering) the rest.
    const second = startUpload(
      port,
      'front',
      phone.token,
      'second-upload',
      Buffer.from('--second-upload\r\n'),
    );
    const refused = await second.answer;
    expect(refused.status).toBe(409);
    expect(JSON.parse(refused.body)).toEqual({
      type: 'ErrorResponse',
      message: 'another capture of this session is being processed',
    });
    second.abort();
    first.abort();
    // The stalled upload's lock is released once its connection is gone: the session can upload.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const retried = await phone.document('front', Buffer.from('not an image'));
    expect(retried.statusCode).toBe(400);
  });

  it('refuses a second image part of front/back with 400 as soon as it starts, without reading it', async () => {
    const { device: phone } = await device();
    const before = (await phone.get('/session')).json() as Record<string, unknown>;
    const boundary = 'two-images';
    const upload = startUpload(
      port,
      'front',
      phone.token,
      boundary,
      Buffer.concat([
        part(boundary, 'meta', null, JSON.stringify(DOCUMENT_META)),
        part(boundary, 'image', 'a.jpg', jpeg),
        Buffer.from(
          `--${boundary}\r\ncontent-disposition: form-data; name="image"; filename="b.jpg"\r\ncontent-type: image/jpeg\r\n\r\n`,
        ),
        jpeg.subarray(0, 16),
      ]),
    );
    const answer = await upload.answer;
    upload.abort();
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body).message).toBe(
      'send exactly one image (got a second image part)',
    );
    // No attempt was used.
    const after = (await phone.get('/session')).json() as Record<string, unknown>;
    expect(after.remainingRetries).toEqual(before.remainingRetries);
  });

  it('refuses uploads with 503 and Retry-After while every processing slot is taken, before reading them', async () => {
    const { device: phone } = await device();
    const slots = test.services.captureSlots;
    expect(slots.capacity).toBe(2);
    const held = [slots.acquire(), slots.acquire()];
    try {
      // Only the start of a body: the refusal does not wait for the rest.
      const upload = startUpload(port, 'front', phone.token, 'busy', Buffer.from('--busy\r\n'));
      const answer = await upload.answer;
      upload.abort();
      expect(answer.status).toBe(503);
      expect(answer.headers['retry-after']).toBe('7');
      expect(JSON.parse(answer.body)).toEqual({
        type: 'ErrorResponse',
        message: 'the server is busy analysing other captures; retry later',
      });
    } finally {
      for (const release of held) release();
    }
    // A free slot again: the upload is read and decoded (and this one refused as no image).
    const decoded = await phone.document('front', Buffer.from('not an image'));
    expect(decoded.statusCode).toBe(400);
    expect(slots.busy).toBe(0);
  });
});
