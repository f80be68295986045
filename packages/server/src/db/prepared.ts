import { CompiledQuery, type Compilable, type Kysely } from 'kysely';

const SENTINEL = '\u0000idv-param:';

/**
 * A query built and compiled once, then run with new parameter values: hot paths skip Kysely's
 * builder and compiler on every call (dialect-neutral: the compiled SQL of the open dialect).
 *
 * `build` receives placeholders for the named parameters; they must be used as plain values
 * (`where('id', '=', p.id)`), which the compiler turns into bind parameters.
 *
 * @example
 * const byId = preparedQuery(db, ['id'], (p) => db.selectFrom('links').select('type').where('id', '=', p.id));
 * const rows = await byId({ id });
 * const inTransaction = await byId({ id }, trx);
 */
export function preparedQuery<Names extends string, Row, DB>(
  db: Kysely<DB>,
  names: readonly Names[],
  build: (placeholders: Record<Names, string>) => Compilable<Row>,
): (values: Record<Names, unknown>, executor?: Kysely<DB>) => Promise<Row[]> {
  let compiled: CompiledQuery<Row> | undefined;
  let slots: (Names | undefined)[] = [];
  return async (values, executor) => {
    if (compiled === undefined) {
      const placeholders = Object.fromEntries(
        names.map((name) => [name, `${SENTINEL}${name}`]),
      ) as Record<Names, string>;
      compiled = build(placeholders).compile();
      slots = compiled.parameters.map((parameter) =>
        typeof parameter === 'string' && parameter.startsWith(SENTINEL)
          ? (parameter.slice(SENTINEL.length) as Names)
          : undefined,
      );
      if (slots.filter((slot) => slot !== undefined).length !== names.length) {
        throw new Error(
          `preparedQuery: every parameter must appear exactly once in ${compiled.sql}`,
        );
      }
    }
    const query = compiled;
    const parameters = query.parameters.map((parameter, index) => {
      const slot = slots[index];
      return slot === undefined ? parameter : values[slot];
    });
    const result = await (executor ?? db).executeQuery<Row>(
      CompiledQuery.raw(query.sql, parameters),
    );
    return result.rows;
  };
}
