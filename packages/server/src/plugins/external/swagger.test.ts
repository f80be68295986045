import SwaggerParser from '@apidevtools/swagger-parser';
import { VERIFICATION_EVENT_TYPES, WebhookEvents } from '@idv/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/harness.js';
import { OpenApiContract, type OpenApiDocument } from '../../testing/openapi-contract.js';

/** A webhook of the document, as the tests read it. */
interface WebhookOperation {
  parameters: { name: string }[];
  requestBody: { content: { 'application/json': { schema: object } } };
}

/** Every Schema Object of the document's operations, with where it sits. */
function schemasOf(document: OpenApiDocument): { where: string; schema: object }[] {
  const found: { where: string; schema: object }[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const where = `${method.toUpperCase()} ${path}`;
      const parameters = (operation as { parameters?: { name: string; schema?: object }[] })
        .parameters;
      for (const parameter of parameters ?? [])
        if (parameter.schema !== undefined)
          found.push({ where: `${where} parameter ${parameter.name}`, schema: parameter.schema });
      for (const [type, media] of Object.entries(operation.requestBody?.content ?? {}))
        if (media.schema !== undefined)
          found.push({ where: `${where} body ${type}`, schema: media.schema });
      for (const [status, response] of Object.entries(operation.responses))
        for (const [type, media] of Object.entries(response.content ?? {}))
          if (media.schema !== undefined)
            found.push({ where: `${where} ${status} ${type}`, schema: media.schema });
    }
  }
  return found;
}

describe('the OpenAPI document', () => {
  let test: TestApp;
  let document: OpenApiDocument;
  beforeAll(async () => {
    test = await createTestApp();
    const response = await test.inject({ method: 'GET', url: '/docs/json' });
    expect(response.statusCode).toBe(200);
    document = response.json();
  });
  afterAll(async () => test.close());

  it('served at /docs/json is a valid OpenAPI 3.1 document (swagger-parser validate)', async () => {
    // validate() dereferences in place: give it a copy.
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeDefined();
    // The dialect of TypeBox's schemas (JSON Schema 2020-12) is the one of OpenAPI 3.1.
    expect(document.openapi).toBe('3.1.0');
  });

  it('documents the bodies that routes read themselves: the multipart uploads and the forwarded fingerprint', () => {
    const bodyOf = (path: string) =>
      Object.keys(document.paths[path]?.post?.requestBody?.content ?? {});
    expect(bodyOf('/api/v1/flow/captures/{kind}')).toEqual(['multipart/form-data']);
    expect(bodyOf('/api/v1/users/me/company/logo')).toEqual(['multipart/form-data']);
    expect(bodyOf('/api/v1/flow/fingerprint')).toEqual(['application/json']);
  });

  it('documents every event of the spec under webhooks, signed, with its payload from the contract', () => {
    const webhooks = (document as { webhooks?: Record<string, { post: WebhookOperation }> })
      .webhooks;
    expect(Object.keys(webhooks ?? {}).sort()).toEqual([...VERIFICATION_EVENT_TYPES].sort());
    for (const type of VERIFICATION_EVENT_TYPES) {
      const post = webhooks![type]!.post;
      expect(post.parameters.map((p) => p.name)).toEqual([
        'X-Signature-SHA256',
        'webhook-id',
        'webhook-timestamp',
        'webhook-signature',
      ]);
      const schema = post.requestBody.content['application/json'].schema;
      expect(schema).toEqual(JSON.parse(JSON.stringify(WebhookEvents[type])));
      const contract = new OpenApiContract(document);
      const validate = contract.compile(schema);
      const data = {
        _verificationId: '5f1d2c3b-4a59-4e6f-8a7b-9c0d1e2f3a4b',
        _externalUserId: '',
        _metadata: {},
      };
      expect(validate({ type, data }), type).toBe(true);
      expect(validate({ type: 'verification.other', data }), type).toBe(false);
      const withGeolocation = { type, data: { ...data, geolocation: { tier: 'coarse' } } };
      // Only the two final events carry geolocation; the others' data is open, so it passes there
      // too, but its shape is checked where it is declared.
      expect(
        validate({ ...withGeolocation, data: { ...data, geolocation: { tier: 'near' } } }),
      ).toBe(!(type === 'verification.successful' || type === 'verification.failed'));
    }
  });

  it('has only schemas that compile as JSON Schema 2020-12 under strict Ajv', () => {
    const contract = new OpenApiContract(document);
    const schemas = schemasOf(document);
    expect(schemas.length).toBeGreaterThan(100);
    for (const [type, item] of Object.entries(
      (document as { webhooks?: Record<string, { post: WebhookOperation }> }).webhooks ?? {},
    ))
      schemas.push({
        where: `webhook ${type}`,
        schema: item.post.requestBody.content['application/json'].schema,
      });
    const problems: string[] = [];
    for (const { where, schema } of schemas) {
      try {
        contract.compile(schema);
      } catch (error) {
        problems.push(`${where}: ${(error as Error).message}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
