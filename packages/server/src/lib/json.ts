/** Parses a JSON column, answering `fallback` for null (columns written by us are always valid JSON). */
export function parseJsonColumn<T>(text: string | null, fallback: T): T {
  return text === null ? fallback : (JSON.parse(text) as T);
}

/** 1 or 0 for a boolean column. */
export function toFlag(value: boolean): number {
  return value ? 1 : 0;
}

/** Whether a database error is a unique-constraint violation (SQLite or PostgreSQL). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}
