import { Ajv, type ErrorObject, type Options } from 'ajv';
import addFormatsImport, { type FormatsPlugin } from 'ajv-formats';
import type { FastifyInstance, FastifySchema, FastifySchemaCompiler } from 'fastify';

// ajv-formats is CommonJS with a default export; under NodeNext the callable sits on `.default`.
const addFormats: FormatsPlugin =
  (addFormatsImport as unknown as { default?: FormatsPlugin }).default ??
  (addFormatsImport as unknown as FormatsPlugin);

function createAjv(options: Options): Ajv {
  const ajv = new Ajv({
    allErrors: false,
    strict: true,
    strictRequired: false,
    useDefaults: true,
    ...options,
  });
  addFormats(ajv);
  return ajv;
}

/** The strict body validator, for JSON that arrives inside another format (a multipart field). */
const strictJson = createAjv({ coerceTypes: false, removeAdditional: false });

/**
 * Compiles a schema with the same strict rules as request bodies. The checker answers the value
 * typed, or throws an `Error` whose message reads like a body validation error (`meta/width …`).
 */
export function compileStrict<T>(schema: object, name: string): (value: unknown) => T {
  const validate = strictJson.compile(schema);
  return (value) => {
    if (validate(value)) return value as T;
    throw formatValidationErrors(validate.errors ?? [], name);
  };
}

/**
 * Two validators: bodies are checked strictly (no coercion, no removal: an unknown field or a `"1"`
 * where a number belongs is a 400), while path and query strings are coerced to their declared types.
 */
export function installValidators(app: FastifyInstance): void {
  const strictBodies = createAjv({ coerceTypes: false, removeAdditional: false });
  const coercingParts = createAjv({ coerceTypes: true, removeAdditional: false });
  const compiler: FastifySchemaCompiler<FastifySchema> = ({ schema, httpPart }) => {
    const ajv = httpPart === 'body' ? strictBodies : coercingParts;
    return ajv.compile(schema as object) as ReturnType<FastifySchemaCompiler<FastifySchema>>;
  };
  app.setValidatorCompiler(compiler);
}

/** Readable messages for validation errors: `body/type must be equal to one of the allowed values (…)`. */
export function formatValidationErrors(
  errors: ErrorObject[] | readonly Partial<ErrorObject>[],
  dataVar: string,
): Error {
  const first = errors[0];
  if (first === undefined) return new Error(`${dataVar} is invalid`);
  const path = `${dataVar}${first.instancePath ?? ''}`;
  const params = (first.params ?? {}) as Record<string, unknown>;
  let message = `${path} ${first.message ?? 'is invalid'}`;
  if (first.keyword === 'additionalProperties')
    message = `${path} must not have the field ${String(params.additionalProperty)}`;
  if (first.keyword === 'enum' && Array.isArray(params.allowedValues)) {
    message += ` (${params.allowedValues.map((v) => JSON.stringify(v)).join(', ')})`;
  }
  return new Error(message);
}
