import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnalysisEngine } from '../engine.js';
import { staticKeyAuthority } from '../keys.js';
import { buildAnalysisApp } from './app.js';

const KEY = 'test-key-concurrency-0123';

/** A POST whose body is only started (`head`), left open; `answer` settles when the server answers. */
function startCall(port: number, path: string, head: string) {
  const request = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path,
    headers: {
      'api-key': KEY,
      'content-type': 'multipart/form-data; boundary=b',
      'transfer-encoding': 'chunked',
    },
  });
  const answer = new Promise<{ status: number; retryAfter: string | undefined; body: string }>(
    (resolve, reject) => {
      request.on('response', (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            retryAfter: response.headers['retry-after'] as string | undefined,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      });
      request.on('error', reject);
    },
  );
  request.flushHeaders();
  request.write(head);
  return {
    answer,
    finish: (rest: string) => request.end(rest),
    abort: () => {
      answer.catch(() => undefined);
      request.destroy();
    },
  };
}

describe('analysis service concurrency slots', () => {
  const engine = createAnalysisEngine();
  let app: FastifyInstance;
  let port: number;

  beforeAll(async () => {
    app = await buildAnalysisApp({
      engine,
      authority: staticKeyAuthority(KEY),
      maxConcurrent: 1,
      retryAfterSeconds: 9,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    app.server.closeAllConnections();
    await app.close();
    await engine.close();
  });

  it('checks the slot before buffering a body: a call beyond the limit gets 503 + Retry-After at once', async () => {
    // The first call takes the only slot and stalls in the middle of its body.
    const first = startCall(
      port,
      '/id/front',
      '--b\r\ncontent-disposition: form-data; name="image"; filename="a.jpg"\r\ncontent-type: image/jpeg\r\n\r\n\xff\xd8',
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    // The second sends only the start of its body: it is refused without the server reading on.
    const second = startCall(port, '/face/inference', '--b\r\n');
    const refused = await second.answer;
    second.abort();
    expect(refused.status).toBe(503);
    expect(refused.retryAfter).toBe('9');
    expect(JSON.parse(refused.body)).toEqual({
      type: 'ErrorResponse',
      message: 'The analysis service is busy; retry shortly.',
    });

    // The stalled call completes (an image that is not one: 400) and frees its slot.
    first.finish('\r\n--b--\r\n');
    expect((await first.answer).status).toBe(400);
    const third = startCall(port, '/id/front', '--b\r\n');
    third.finish(
      'content-disposition: form-data; name="image"; filename="a.jpg"\r\ncontent-type: image/jpeg\r\n\r\nnot an image\r\n--b--\r\n',
    );
    expect((await third.answer).status).toBe(400);
  }, 20_000);
});
