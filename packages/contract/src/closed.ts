/**
 * A copy of `schema` in which every object schema that lists its `properties` and says nothing of
 * other keys refuses them (`additionalProperties: false`), at every depth. For tests: the published
 * schemas leave objects open (integrators must accept new fields), but a test that checks what a
 * producer sends against a closed copy fails as soon as the producer grows a field the contract
 * does not declare. The result is plain JSON Schema (check it with `Value.Check` of
 * `typebox/value`, or any JSON Schema 2020-12 validator).
 */
export function closedSchema<T>(schema: T): T {
  return close(schema) as T;
}

function close(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(close);
  if (node === null || typeof node !== 'object') return node;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) copy[key] = close(value);
  if (
    typeof copy.properties === 'object' &&
    copy.properties !== null &&
    copy.additionalProperties === undefined
  )
    copy.additionalProperties = false;
  return copy;
}
