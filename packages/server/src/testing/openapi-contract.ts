import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsImport, { type FormatsPlugin } from 'ajv-formats';
import { API_PREFIX } from '../app.js';
import { compareTemplates, pathOf, templateMatches } from './openapi-paths.js';

// ajv-formats is CommonJS with a default export; under NodeNext the callable sits on `.default`.
const addFormats: FormatsPlugin =
  (addFormatsImport as unknown as { default?: FormatsPlugin }).default ??
  (addFormatsImport as unknown as FormatsPlugin);

/** The parts of an OpenAPI document the contract checks read. */
export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { headers?: Record<string, OpenApiHeader> };
}

/** A Header Object of an OpenAPI document. */
export interface OpenApiHeader {
  required?: boolean;
  schema?: object;
}

/** A documented response: its headers (objects or local `$ref`s) and its bodies. */
export interface OpenApiResponse {
  headers?: Record<string, OpenApiHeader | { $ref: string }>;
  content?: Record<string, { schema?: object }>;
}

/** One operation of an OpenAPI document. */
export interface OpenApiOperation {
  security?: Record<string, unknown>[];
  requestBody?: { content: Record<string, { schema?: object }> };
  responses: Record<string, OpenApiResponse>;
}

/** An operation with its method and path template (`/api/v1/links/{id}`). */
export interface OperationRef {
  method: string;
  path: string;
  operation: OpenApiOperation;
}

/** What a response is checked on: light-my-request's response, or anything shaped like it. */
export interface CheckedResponse {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

/** Methods with an OpenAPI operation (HEAD and OPTIONS are Fastify's and CORS's own). */
const DOCUMENTED_METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

/**
 * An API's OpenAPI document, read as a contract: which operation a request reached, and whether a
 * response fits what the document publishes for that operation and status. Response schemas are
 * compiled with Ajv (JSON Schema 2020-12, the dialect of OpenAPI 3.1) once per document.
 */
export class OpenApiContract {
  readonly operations: OperationRef[];
  private readonly ajv: Ajv2020;
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(readonly document: OpenApiDocument) {
    this.operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([method]) => DOCUMENTED_METHODS.has(method))
        .map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
    );
    this.ajv = new Ajv2020({ strict: true, allErrors: true, strictRequired: false });
    addFormats(this.ajv);
    // OpenAPI's own format for bytes: a body of that type is not JSON, nothing to check.
    this.ajv.addFormat('binary', true);
    this.ajv.addKeyword({ keyword: 'example' });
  }

  /** The operation a request reaches, by method and path (query ignored). */
  match(method: string, url: string): OperationRef | undefined {
    const path = pathOf(url);
    const upper = method.toUpperCase();
    const candidates = this.operations.filter(
      (ref) => ref.method === upper && templateMatches(ref.path, path),
    );
    // As the router prefers them: at the first segment where they differ, static beats a parameter.
    return candidates.sort((a, b) => compareTemplates(a.path, b.path))[0];
  }

  /**
   * Problems of a response against the document (empty when it fits): the status must be
   * documented for the operation, the content type must be one it documents, and a JSON body must
   * validate against the documented schema. A request under the API prefix that reaches no
   * operation must get the spec's unknown-route 404 `{message, resource}`. Other paths (static pages, `/docs`) and
   * HEAD/OPTIONS requests are not the API's contract: no problems.
   */
  check(method: string, url: string, response: CheckedResponse): string[] {
    const upper = method.toUpperCase();
    if (upper === 'HEAD' || upper === 'OPTIONS') return [];
    const path = pathOf(url);
    if (!path.startsWith(`${API_PREFIX}/`)) return [];
    const ref = this.match(upper, url);
    const where = `${upper} ${path} → ${response.statusCode}`;
    if (ref === undefined) return checkUnknownRoute(where, response);
    const status = String(response.statusCode);
    const documented =
      ref.operation.responses[status] ??
      ref.operation.responses[`${status[0]}XX`] ??
      ref.operation.responses.default;
    const operation = `${ref.method} ${ref.path}`;
    if (documented === undefined)
      return [`${where}: status ${status} is not documented for ${operation}`];
    const headerProblems = this.checkHeaders(where, documented, response);
    return [...headerProblems, ...this.checkBody(where, ref, status, documented, response)];
  }

  /**
   * Problems of a response's headers: every header the document marks `required` for this
   * response must be present and fit its schema.
   */
  private checkHeaders(
    where: string,
    documented: OpenApiResponse,
    response: CheckedResponse,
  ): string[] {
    const problems: string[] = [];
    for (const [name, declared] of Object.entries(documented.headers ?? {})) {
      const header = this.resolveHeader(declared);
      if (header?.required !== true) continue;
      const value = headerValue(response.headers[name.toLowerCase()]);
      if (value === undefined) {
        problems.push(`${where}: the required header ${name} is missing`);
        continue;
      }
      if (header.schema === undefined) continue;
      const key = `header ${JSON.stringify(header.schema)}`;
      let validate = this.validators.get(key);
      if (validate === undefined) {
        validate = this.ajv.compile(header.schema);
        this.validators.set(key, validate);
      }
      if (!validate(value))
        problems.push(`${where}: header ${name} ${JSON.stringify(value)} does not fit its schema`);
    }
    return problems;
  }

  /** A header object, following a local `#/components/headers/…` reference. */
  private resolveHeader(declared: OpenApiHeader | { $ref: string }): OpenApiHeader | undefined {
    if (!('$ref' in declared)) return declared;
    const prefix = '#/components/headers/';
    if (!declared.$ref.startsWith(prefix)) return undefined;
    return this.document.components?.headers?.[declared.$ref.slice(prefix.length)];
  }

  /** Problems of a response's body against the documented content for its status. */
  private checkBody(
    where: string,
    ref: OperationRef,
    status: string,
    documented: OpenApiResponse,
    response: CheckedResponse,
  ): string[] {
    const operation = `${ref.method} ${ref.path}`;
    const content = documented.content;
    if (content === undefined || Object.keys(content).length === 0) {
      return response.body === ''
        ? []
        : [`${where}: ${operation} documents no body for ${status}, got ${preview(response.body)}`];
    }
    const contentType = headerValue(response.headers['content-type'])?.split(';')[0]?.trim();
    if (contentType === undefined)
      return [
        `${where}: no content type; ${operation} documents ${Object.keys(content).join(', ')}`,
      ];
    const media = content[contentType];
    if (media === undefined)
      return [
        `${where}: content type ${contentType} is not documented for ${operation} (${Object.keys(content).join(', ')})`,
      ];
    if (!/[/+]json$/.test(contentType) || media.schema === undefined) return [];
    let body: unknown;
    try {
      body = JSON.parse(response.body);
    } catch {
      return [`${where}: body is not JSON: ${preview(response.body)}`];
    }
    const validate = this.validator(ref, status, contentType, media.schema);
    if (validate(body)) return [];
    return (validate.errors ?? []).map(
      (error) =>
        `${where}: body${error.instancePath} ${error.message ?? 'is invalid'}` +
        ` ${JSON.stringify(error.params)} (schema ${error.schemaPath}) in ${preview(response.body)}`,
    );
  }

  /** Compiles a Schema Object of the document with the contract's Ajv (throws when it is invalid). */
  compile(schema: object): ValidateFunction {
    return this.ajv.compile(schema);
  }

  private validator(
    ref: OperationRef,
    status: string,
    contentType: string,
    schema: object,
  ): ValidateFunction {
    const key = `${ref.method} ${ref.path} ${status} ${contentType}`;
    let validate = this.validators.get(key);
    if (validate === undefined) {
      validate = this.ajv.compile(schema);
      this.validators.set(key, validate);
    }
    return validate;
  }
}

/**
 * A request no operation answers: the spec's unknown-route 404, `{message: 'given resource is not
 * implemented', resource}` (no `type`).
 */
function checkUnknownRoute(where: string, response: CheckedResponse): string[] {
  if (response.statusCode !== 404)
    return [`${where}: no documented operation answers this request`];
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    return [`${where}: the unknown-route answer is not JSON: ${preview(response.body)}`];
  }
  const { message, resource, ...rest } = (body ?? {}) as Record<string, unknown>;
  if (
    message !== 'given resource is not implemented' ||
    typeof resource !== 'string' ||
    Object.keys(rest).length > 0
  )
    return [`${where}: not the spec's unknown-route format: ${preview(response.body)}`];
  return [];
}

function headerValue(value: string | string[] | number | undefined): string | undefined {
  if (value === undefined) return undefined;
  return Array.isArray(value) ? value[0] : String(value);
}

function preview(body: string): string {
  return body.length > 300 ? `${body.slice(0, 300)}…` : body;
}
