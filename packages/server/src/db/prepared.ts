import { CompiledQuery, type Compilable, type Kysely } from 'kysely';

const SENTINEL = '\u0000idv-param:';

/**
 * Runs a compiled query outside Kysely's executor: answers its rows, or `undefined` when it
 * cannot (then the query goes through Kysely as usual). See `allowDirectQueries`.
 */
export type DirectRunner = (
  sql: string,
  parameters: readonly unknown[],
) => Promise<unknown[]> | unknown[] | undefined;

const directRunners = new WeakMap<object, DirectRunner>();

/**
 * Lets `preparedQuery` run its queries on `executor` through `runner`, which must give them the
 * semantics Kysely would. The database module registers one per dialect on the database itself
 * (SQLite: a cached statement run at once when it is read-only and no transaction is open;
 * PostgreSQL: a named server-side statement on a pooled connection), and SQLite's group commit
 * one on the handle of each transaction it runs (every statement at once on the connection the
 * transaction holds).
 */
export function allowDirectQueries<DB>(executor: Kysely<DB>, runner: DirectRunner): void {
  directRunners.set(executor, runner);
}

/**
 * A query built and compiled once, then run with new parameter values: hot paths skip Kysely's
 * builder and compiler on every call (dialect-neutral: the compiled SQL of the open dialect).
 * It also skips Kysely's executor where the dialect allows it (`allowDirectQueries`): on the
 * database itself, and inside SQLite's group commit.
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
    const rows = directRunners.get(executor ?? db)?.(query.sql, parameters);
    if (rows !== undefined) return (await rows) as Row[];
    const result = await (executor ?? db).executeQuery<Row>(
      CompiledQuery.raw(query.sql, parameters),
    );
    return result.rows;
  };
}
