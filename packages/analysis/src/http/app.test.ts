import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import {
  BackAnalysis,
  closedSchema,
  FaceAnalysis,
  FrontAnalysis,
  SpoofAnalysis,
} from '@idv/contract';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnalysisClient } from '../client.js';
import { createAnalysisEngine } from '../engine.js';
import { AnalysisInputError, AnalysisServiceError } from '../errors.js';
import { staticKeyAuthority } from '../keys.js';
import { faceCapture } from '../testing/faces.js';
import { generateIdentity } from '../testing/identity.js';
import { renderDocument } from '../testing/render-document.js';
import type { ApiKeyAuthority } from '../types.js';
import { buildAnalysisApp } from './app.js';

const KEY = 'test-key-0123456789';
const engine = createAnalysisEngine();
let app: FastifyInstance;

/** A multipart body built by hand, as a client of the HTTP API would send it. */
function multipart(
  parts: { name: string; filename?: string; type?: string; data: Buffer | string }[],
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----idv-test-boundary';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`,
      ),
    );
    chunks.push(Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

function image(data: Buffer, name = 'image') {
  return { name, filename: 'x.jpg', type: 'image/jpeg', data };
}

/** A PNG whose header claims 20000 × 20000 pixels (the body is a few bytes). */
function hugePngHeader(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer): number => {
    let c = 0xffffffff;
    for (const b of bytes) c = (crcTable[(c ^ b) & 0xff] as number) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer): Buffer => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(8 + data.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(20000, 0);
  ihdr.writeUInt32BE(20000, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

beforeAll(async () => {
  await engine.warmUp();
  app = await buildAnalysisApp({
    engine,
    authority: staticKeyAuthority(KEY),
    maxFileBytes: 2 * 1024 * 1024,
  });
});
afterAll(async () => {
  await app.close();
  await engine.close();
});

describe('Api-Key', () => {
  it('answers 401 without a key and with a wrong key, in the spec error format', async () => {
    const body = multipart([image(await faceCapture(0))]);
    const missing = await app.inject({ method: 'POST', url: '/id/front', ...body });
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual({
      type: 'ErrorResponse',
      message: 'The Api-Key header is missing.',
    });
    const wrong = await app.inject({
      method: 'POST',
      url: '/face/inference',
      ...body,
      headers: { ...body.headers, 'api-key': 'test-key-0123456780' },
    });
    expect(wrong.statusCode).toBe(401);
  });

  it('asks the authority per service: paused or revoked keys get 401, an exhausted key 429 with Retry-After', async () => {
    const seen: string[] = [];
    const authority: ApiKeyAuthority = {
      async authorize(service, key) {
        seen.push(service);
        if (key === 'paused') return { ok: false, status: 401, message: 'The API key is paused.' };
        if (key === 'revoked')
          return { ok: false, status: 401, message: 'The API key is revoked.' };
        if (key === 'exhausted')
          return { ok: false, status: 429, message: 'The API key has used its 10000 trial calls.' };
        return { ok: true, keyId: 'k1' };
      },
    };
    const keyed = await buildAnalysisApp({ engine, authority });
    const body = multipart([image(Buffer.from('not an image'))]);
    const paused = await keyed.inject({
      method: 'POST',
      url: '/antispoofing/inference',
      ...body,
      headers: { ...body.headers, 'api-key': 'paused' },
    });
    expect(paused.statusCode).toBe(401);
    expect(paused.json().message).toBe('The API key is paused.');
    const revoked = await keyed.inject({
      method: 'POST',
      url: '/id/back',
      ...body,
      headers: { ...body.headers, 'api-key': 'revoked' },
    });
    expect(revoked.statusCode).toBe(401);
    const exhausted = await keyed.inject({
      method: 'POST',
      url: '/face/inference',
      ...body,
      headers: { ...body.headers, 'api-key': 'exhausted' },
    });
    expect(exhausted.statusCode).toBe(429);
    expect(exhausted.headers['retry-after']).toBeDefined();
    expect(seen).toEqual(['antispoofing', 'id', 'face']);
    await keyed.close();
  });
});

describe('bad input', () => {
  const post = async (url: string, parts: Parameters<typeof multipart>[0]) => {
    const body = multipart(parts);
    return app.inject({
      method: 'POST',
      url,
      payload: body.payload,
      headers: { ...body.headers, 'api-key': KEY },
    });
  };

  it('answers 400 for a file that is not an image and for a truncated JPEG', async () => {
    const text = await post('/id/front', [image(Buffer.from('%PDF-1.7 definitely not a photo'))]);
    expect(text.statusCode).toBe(400);
    expect(text.json()).toEqual({
      type: 'ErrorResponse',
      message: 'The file is not a JPEG, PNG or WebP image.',
    });
    const jpeg = await faceCapture(1);
    const truncated = await post('/face/inference', [
      image(jpeg, 'images'),
      image(jpeg.subarray(0, Math.floor(jpeg.length * 0.6)), 'images'),
    ]);
    expect(truncated.statusCode).toBe(400);
    expect(truncated.json().type).toBe('ErrorResponse');
  });

  it('answers 422 for a 1×1 image and 413 for a 20000×20000 header, before decoding', async () => {
    const tiny = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const small = await post('/id/back', [image(tiny)]);
    expect(small.statusCode).toBe(422);
    const before = process.memoryUsage().rss;
    const huge = await post('/id/front', [image(hugePngHeader())]);
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toMatch(/20000×20000/);
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
  });

  it('answers 413 for a file over the upload limit', async () => {
    const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(3 * 1024 * 1024, 7)]);
    const response = await post('/id/front', [image(big)]);
    expect(response.statusCode).toBe(413);
    expect(response.json().type).toBe('ErrorResponse');
  });

  it('answers 400 for missing, extra or misnamed parts and bad JSON fields', async () => {
    const jpeg = await faceCapture(1);
    expect((await post('/id/front', [])).statusCode).toBe(400);
    expect((await post('/id/front', [image(jpeg, 'photo')])).statusCode).toBe(400);
    expect((await post('/face/inference', [image(jpeg, 'images')])).statusCode).toBe(400);
    expect(
      (await post('/id/back', [image(jpeg), { name: 'front', data: '{not json' }])).statusCode,
    ).toBe(400);
    expect(
      (
        await post('/antispoofing/inference', [
          image(jpeg, 'images'),
          { name: 'signals', data: '{"challenges":[{"kind":"dance","passed":true}]}' },
        ])
      ).statusCode,
    ).toBe(400);
    const notMultipart = await app.inject({
      method: 'POST',
      url: '/id/front',
      payload: { image: 'x' },
      headers: { 'api-key': KEY },
    });
    expect(notMultipart.statusCode).toBe(400);
  });

  it('answers unknown routes with the spec 404 format', async () => {
    const response = await app.inject({ method: 'GET', url: '/id/nothing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      message: 'given resource is not implemented',
      resource: '/id/nothing',
    });
  });
});

describe('over HTTP', () => {
  it('serves the analyses to the HTTP client on a real listening server', async () => {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const client = createAnalysisClient({
        idUrl: `${address}/id`,
        faceUrl: `${address}/face`,
        antispoofingUrl: `${address}/antispoofing`,
        keys: { id: KEY, face: KEY, antispoofing: KEY },
      });
      const identity = generateIdentity('http');
      const front = await client.analyzeFront(
        (await renderDocument(identity, { kind: 'passport', side: 'front' })).image,
      );
      expect(front.documentType).toBe('PASSPORT');
      expect(front.fields.idNumber).toBe(identity.documentNumber);
      // The marks the OCR could not read travel with the answer, one per character of its text.
      expect(front.ocrMarks?.split('\n').map((line) => line.length)).toEqual(
        front.ocrRaw.split('\n').map((line) => line.length),
      );
      const page = (
        await renderDocument(identity, { kind: 'passport', side: 'front', degrade: 'rotated8' })
      ).image;
      const back = await client.analyzeBack(page, front);
      expect(back.mrz?.valid).toBe(true);
      expect(back.crossCheck.consistent).toBe(true);
      await expect(
        client.analyzeBack(page, { ...front, ocrMarks: 'BJORN' }),
      ).rejects.toBeInstanceOf(AnalysisInputError);
      // Every symbol of the marks crosses the wire: an acute accent, an exactly placed gap.
      const everySymbol = front.ocrRaw
        .split('\n')
        .map((line) => [...line].map((_, k) => ".:'^?_|"[k % 7]).join(''))
        .join('\n');
      await expect(
        client.analyzeBack(page, { ...front, ocrMarks: everySymbol }),
      ).resolves.toMatchObject({ mrz: { valid: true } });
      const faces = await client.compareFaces([
        await faceCapture(5, { seed: 1 }),
        await faceCapture(5, { seed: 2 }),
      ]);
      expect(faces.biometric['0']?.['1']).toBeGreaterThanOrEqual(70);
      const spoof = await client.detectSpoof([await faceCapture(5, { seed: 3 })], {
        captureSource: 'camera',
      });
      expect(typeof spoof.spoofing).toBe('boolean');
      // Every answer is the contract's shape, to the field: a closed copy refuses an undeclared one.
      const answers = [
        ['front', FrontAnalysis, front],
        ['back', BackAnalysis, back],
        ['faces', FaceAnalysis, faces],
        ['spoof', SpoofAnalysis, spoof],
      ] as const;
      for (const [name, schema, answer] of answers)
        expect([...Value.Errors(closedSchema(schema), answer)], name).toEqual([]);
      await expect(client.analyzeFront(Buffer.from('nope'))).rejects.toBeInstanceOf(
        AnalysisInputError,
      );
      const wrongKey = createAnalysisClient({
        idUrl: `${address}/id`,
        faceUrl: '',
        antispoofingUrl: '',
        keys: { id: 'wrong-key-000', face: '', antispoofing: '' },
      });
      await expect(wrongKey.analyzeFront(await faceCapture(0))).rejects.toMatchObject({
        status: 401,
      });
      await expect(wrongKey.analyzeFront(await faceCapture(0))).rejects.toBeInstanceOf(
        AnalysisServiceError,
      );
    } finally {
      await app.close();
      app = await buildAnalysisApp({ engine, authority: staticKeyAuthority(KEY) });
    }
  });
});

describe('idv-analysis CLI', () => {
  const cli = fileURLToPath(new URL('../cli.ts', import.meta.url));
  const tsx = fileURLToPath(new URL('../../../../node_modules/.bin/tsx', import.meta.url));

  it('refuses to start without a key and says how to give one', async () => {
    const noKey = spawn(tsx, [cli, 'start', '--port', '0'], {
      env: { ...process.env, IDV_ANALYSIS_API_KEY: '', IDV_DATABASE_URL: '', IDV_DATA_DIR: '' },
    });
    let stderr = '';
    noKey.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const [code] = (await once(noKey, 'exit')) as [number];
    expect(code).toBe(1);
    expect(stderr).toMatch(/--api-key/);
  });
});
