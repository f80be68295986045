import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnalysisClient } from './client.js';
import { AnalysisServiceError } from './errors.js';

/**
 * The HTTP client facing a remote service of another version: a real listening server whose
 * answers are 200 but not the contract's shapes (the system edge the client guards).
 */
describe('createAnalysisClient against a service outside the contract', () => {
  let other: FastifyInstance;
  let address: string;

  beforeAll(async () => {
    other = Fastify();
    // It takes the multipart body as the real services do, and does not look at it.
    other.addContentTypeParser('multipart/form-data', { parseAs: 'buffer' }, (_r, _b, done) =>
      done(null, undefined),
    );
    // An older ID service: no `fields`, `quality` or `reason`; `confidence` as text.
    other.post('/id/front', async () => ({ documentType: 'PASSPORT', confidence: 'high' }));
    // A face service answering the matrix under another name.
    other.post('/face/inference', async () => ({ similarity: { '0': { '1': 90 } }, faces: [] }));
    address = await other.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => other.close());

  it('refuses a 200 answer that is not the contract shape (AnalysisServiceError 502), before anything reads it', async () => {
    const client = createAnalysisClient({
      idUrl: `${address}/id`,
      faceUrl: `${address}/face`,
      antispoofingUrl: `${address}/antispoofing`,
      keys: { id: 'k', face: 'k', antispoofing: 'k' },
    });
    const front = await client.analyzeFront(Buffer.from([0xff, 0xd8, 0xff])).catch((e) => e);
    expect(front).toBeInstanceOf(AnalysisServiceError);
    expect(front).toMatchObject({ status: 502 });
    expect((front as Error).message).toMatch(/id analysis service .* not its contract's answer/);
    const faces = await client
      .compareFaces([Buffer.from([0xff, 0xd8]), Buffer.from([0xff, 0xd8])])
      .catch((e) => e);
    expect(faces).toBeInstanceOf(AnalysisServiceError);
    expect(faces).toMatchObject({ status: 502 });
  });
});
