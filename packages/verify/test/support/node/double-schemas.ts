/**
 * The request schemas of the flow API and the device-facing public endpoints, as the server declares
 * them (`packages/server/src/schemas/flow.ts`, `verification.ts`, `routes/verifications-public.ts`)
 * and checks them: Ajv, strict, no coercion, no removal, so an unknown field or a wrong type is a
 * 400 here exactly as there. The messages read like the server's (`meta/width must be integer`).
 */
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

const closed = (properties: Record<string, object>, required: string[]) => ({
  type: 'object',
  properties,
  required,
  additionalProperties: false,
});
const nullable = (schema: object) => ({ anyOf: [schema, { type: 'null' }] });
const oneOf = (values: readonly string[]) => ({ type: 'string', enum: values });
const uuid = { type: 'string', format: 'uuid' };
const score = { type: 'number', minimum: 0, maximum: 1 };
const degrees = { type: 'number', minimum: -180, maximum: 180 };
const pixels = { type: 'integer', minimum: 1, maximum: 100_000 };
const captureSource = oneOf(['camera', 'upload', 'native']);
const coordinate = { type: 'string', pattern: '^-?\\d{1,3}(\\.\\d+)?$', maxLength: 32 };

const schemas = {
  openSession: closed(
    { linkId: uuid, handoffToken: { type: 'string', minLength: 1, maxLength: 200 } },
    ['linkId'],
  ),
  terms: closed({ accepted: { const: true } }, ['accepted']),
  documentType: closed({ documentType: oneOf(['ID_CARD', 'PASSPORT']) }, ['documentType']),
  documentMeta: closed(
    {
      source: captureSource,
      quality: nullable(
        closed(
          {
            blur: { type: 'number', minimum: 0, maximum: 1e7 },
            brightness: score,
            glare: score,
            fill: score,
            score,
          },
          ['blur', 'brightness', 'glare', 'fill', 'score'],
        ),
      ),
      width: pixels,
      height: pixels,
      autoCaptured: { type: 'boolean' },
    },
    ['source', 'quality', 'width', 'height', 'autoCaptured'],
  ),
  selfieMeta: closed(
    {
      source: captureSource,
      challenge: nullable(
        closed(
          {
            type: oneOf(['turn-left', 'turn-right', 'blink']),
            passed: { type: 'boolean' },
            durationMs: { type: 'integer', minimum: 0, maximum: 600_000 },
            samples: {
              type: 'array',
              maxItems: 600,
              items: closed(
                {
                  t: { type: 'number', minimum: 0, maximum: 600_000 },
                  yaw: degrees,
                  pitch: degrees,
                  roll: degrees,
                  eyeOpenness: score,
                },
                ['t', 'yaw', 'pitch', 'roll', 'eyeOpenness'],
              ),
            },
          },
          ['type', 'passed', 'durationMs', 'samples'],
        ),
      ),
      frames: {
        type: 'array',
        minItems: 0,
        maxItems: 5,
        items: closed(
          {
            role: oneOf(['frontal', 'challenge']),
            yaw: degrees,
            pitch: degrees,
            eyeOpenness: score,
          },
          ['role', 'yaw', 'pitch', 'eyeOpenness'],
        ),
      },
    },
    ['source', 'challenge', 'frames'],
  ),
  geolocationReport: closed(
    {
      verificationId: uuid,
      geolocation: closed(
        {
          ip: { type: 'string', maxLength: 45 },
          accuracyRadius: { type: 'number', minimum: 0, maximum: 20037 },
          latitude: coordinate,
          longitude: coordinate,
          country: { type: 'string', maxLength: 100 },
          city: { type: 'string', maxLength: 200 },
          subdivisions: { type: 'string', maxLength: 200 },
          accuracy: { type: 'number', minimum: 0, maximum: 1e8 },
          source: oneOf(['gps', 'wifi', 'cell', 'ip', 'none']),
          permission: oneOf(['granted', 'denied', 'prompt']),
          sample: { type: 'string', pattern: '^[a-z][a-z0-9_]{0,39}$' },
          capturedAt: { type: 'string', format: 'date-time' },
          deviceLatitude: { type: 'number', minimum: -90, maximum: 90 },
          deviceLongitude: { type: 'number', minimum: -180, maximum: 180 },
        },
        [],
      ),
    },
    ['verificationId', 'geolocation'],
  ),
  errorReport: closed(
    {
      verificationId: uuid,
      errorCode: { type: 'string', pattern: '^[A-Z][A-Z0-9_]{0,63}$' },
      errorMessage: { type: 'string', maxLength: 1000 },
    },
    ['verificationId', 'errorCode', 'errorMessage'],
  ),
  identify: closed(
    { verificationId: uuid, email: { type: 'string', format: 'email', maxLength: 254 } },
    ['verificationId', 'email'],
  ),
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
