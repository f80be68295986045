/**
 * The request schemas of the flow API and the device-facing public endpoints: the contract's own
 * (`@idv/contract`, the schemas the server validates with), checked as the server checks them:
 * Ajv, strict, no coercion, no removal, so an unknown field or a wrong type is a 400 here exactly
 * as there. The messages read like the server's (`meta/width must be integer`).
 */
import {
  DocumentCaptureMeta,
  DocumentTypeBody,
  ErrorReportBody,
  GeolocationBody,
  IdentifyBody,
  OpenSessionBody,
  SelfieCaptureMeta,
  TermsBody,
} from '@idv/contract';
import { Ajv, type ErrorObject } from 'ajv';
import addFormatsImport, { type FormatsPlugin } from 'ajv-formats';

// ajv-formats is CommonJS with a default export; under NodeNext the callable sits on `.default`.
const addFormats: FormatsPlugin =
  (addFormatsImport as unknown as { default?: FormatsPlugin }).default ??
  (addFormatsImport as unknown as FormatsPlugin);

const ajv = new Ajv({
  allErrors: false,
  strict: true,
  strictRequired: false,
  coerceTypes: false,
  removeAdditional: false,
});
addFormats(ajv);

const schemas = {
  openSession: OpenSessionBody,
  terms: TermsBody,
  documentType: DocumentTypeBody,
  documentMeta: DocumentCaptureMeta,
  selfieMeta: SelfieCaptureMeta,
  geolocationReport: GeolocationBody,
  errorReport: ErrorReportBody,
  identify: IdentifyBody,
} as const;

/** The name of a checked request shape. */
export type SchemaName = keyof typeof schemas;

const validators = Object.fromEntries(
  Object.entries(schemas).map(([name, schema]) => [name, ajv.compile(schema)]),
) as Record<SchemaName, ReturnType<typeof ajv.compile>>;

/** The server's wording of the first validation error (`body/geolocation must not have …`). */
function describe(errors: ErrorObject[], dataVar: string): string {
  const first = errors[0];
  if (first === undefined) return `${dataVar} is invalid`;
  const path = `${dataVar}${first.instancePath}`;
  const params = first.params as Record<string, unknown>;
  if (first.keyword === 'additionalProperties')
    return `${path} must not have the field ${String(params.additionalProperty)}`;
  return `${path} ${first.message ?? 'is invalid'}`;
}

/** Checks `value` against the schema `name`: `undefined` when valid, else the 400 message. */
export function validationError(
  name: SchemaName,
  value: unknown,
  dataVar: string,
): string | undefined {
  const validate = validators[name];
  return validate(value) ? undefined : describe(validate.errors ?? [], dataVar);
}
