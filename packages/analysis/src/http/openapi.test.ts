import SwaggerParser from '@apidevtools/swagger-parser';
import {
  BackAnalysis,
  BackAnalysisMultipartBody,
  FaceAnalysis,
  FaceAnalysisMultipartBody,
  FrontAnalysis,
  FrontAnalysisMultipartBody,
  SpoofAnalysis,
  SpoofAnalysisMultipartBody,
} from '@idv/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnalysisEngine } from '../engine.js';
import { staticKeyAuthority } from '../keys.js';
import { buildAnalysisApp } from './app.js';

/** An operation of the document, as the test reads it. */
interface Operation {
  security?: Record<string, string[]>[];
  requestBody?: { content: Record<string, { schema: object }> };
  responses: Record<string, { content?: Record<string, { schema: object }> }>;
}

/** A schema as the document carries it (JSON, without TypeBox's symbols). */
const asJson = (schema: object): unknown => JSON.parse(JSON.stringify(schema));

describe('the analysis OpenAPI document', () => {
  // The engine loads its models on the first analysis only: none runs here.
  const engine = createAnalysisEngine();
  let app: FastifyInstance;
  let document: {
    openapi: string;
    paths: Record<string, Record<string, Operation>>;
    components: { securitySchemes: Record<string, unknown> };
  };

  beforeAll(async () => {
    app = await buildAnalysisApp({ engine, authority: staticKeyAuthority('key-0123456789') });
    const response = await app.inject({ method: 'GET', url: '/openapi.json' });
    expect(response.statusCode).toBe(200);
    document = response.json();
  });
  afterAll(async () => {
    await app.close();
    await engine.close();
  });

  it('is served without a key at /openapi.json and is valid OpenAPI 3.1 (swagger-parser validate)', async () => {
    // validate() dereferences in place: give it a copy.
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeDefined();
    expect(document.openapi).toBe('3.1.0');
    expect(document.components.securitySchemes).toEqual({
      apiKey: { type: 'apiKey', in: 'header', name: 'Api-Key' },
    });
  });

  it("documents each analysis with the contract's multipart body, answer and error format, behind Api-Key", () => {
    const routes = {
      '/id/front': [FrontAnalysisMultipartBody, FrontAnalysis],
      '/id/back': [BackAnalysisMultipartBody, BackAnalysis],
      '/face/inference': [FaceAnalysisMultipartBody, FaceAnalysis],
      '/antispoofing/inference': [SpoofAnalysisMultipartBody, SpoofAnalysis],
    } as const;
    expect(Object.keys(document.paths).sort()).toEqual([...Object.keys(routes), '/health'].sort());
    for (const [path, [body, answer]] of Object.entries(routes)) {
      const post = document.paths[path]!.post!;
      expect(post.security, path).toEqual([{ apiKey: [] }]);
      expect(post.requestBody?.content['multipart/form-data']?.schema, path).toEqual(asJson(body));
      // The answer schema as @fastify/swagger writes it (it spells a record's `patternProperties`
      // as `additionalProperties`): the contract's schema, by name and fields.
      const documented = post.responses['200']?.content?.['application/json']?.schema as {
        title?: string;
        required?: string[];
        properties?: object;
      };
      const contract = asJson(answer) as typeof documented;
      expect(documented.title, path).toBe(contract.title);
      expect(documented.required, path).toEqual(contract.required);
      expect(Object.keys(documented.properties ?? {}), path).toEqual(
        Object.keys(contract.properties ?? {}),
      );
      for (const status of ['400', '401', '413', '422', '429', '500', '503'])
        expect(
          post.responses[status]?.content?.['application/json']?.schema,
          `${path} ${status}`,
        ).toMatchObject({ title: 'ErrorResponse', required: ['type', 'message'] });
    }
    expect(document.paths['/health']!.get!.security).toBeUndefined();
  });
});
