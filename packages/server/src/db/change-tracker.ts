/**
 * Knows, for the embedded SQLite database, when the stored rows of a table may have changed, so
 * that a process-local cache of those rows (`RowCache`) can stay exactly as fresh as a read.
 *
 * Two sources of change:
 * - this process: every statement run on the connection is noted (`noteStatement`). One that may
 *   change existing rows (UPDATE, DELETE, an upsert, a REPLACE) advances the version of its table
 *   and of every table its foreign keys cascade into. A plain INSERT changes no existing row and
 *   advances nothing, nor does transaction control; a rollback (it puts rows back) and anything
 *   not understood (DDL…) advance every table.
 * - other processes (the CLI, a second server on the same data directory): SQLite's
 *   `PRAGMA data_version` changes whenever another connection commits. It is read once per turn
 *   of the event loop, by the first version asked in that turn, and any change advances every
 *   table. Every request served in a turn arrived before that read, so an answer built from the
 *   cache is never older than the request. It is read again as each write transaction starts.
 *
 * Sound only while the schema has no triggers and no REPLACE conflict clause (an INSERT would then
 * change other rows); `row-cache.test.ts` checks that the migrations keep it so.
 */
export class SqliteChangeTracker {
  /** Version of the last possible change of each table (absent: none since start). */
  readonly #tableVersions = new Map<string, number>();
  /** Version of the last change that may have touched every table. */
  #everything = 0;
  #counter = 0;
  #dataVersion: number | undefined;
  #checkedThisTurn = false;
  /** Tables each table's row changes cascade into (foreign keys with an action), transitively. */
  #cascades: Map<string, string[]> | undefined;
  /** What each statement text writes, decided once per text. */
  readonly #targets = new Map<string, StatementTarget>();

  constructor(
    private readonly readDataVersion: () => number,
    private readonly readForeignKeys: () => ForeignKeyEdge[],
  ) {}

  /**
   * Whether `noteStatement` must see a statement: SQLite's `readonly` verdict, except for a
   * rollback, which SQLite calls read-only but which puts rows back. Decided once per statement.
   */
  static mayChangeRows(text: string, readonly: boolean): boolean {
    return !readonly || ROLLBACK.test(text);
  }

  /** Notes one statement about to run on the connection (one that `mayChangeRows`). */
  noteStatement(text: string): void {
    let target = this.#targets.get(text);
    if (target === undefined) {
      target = classify(text);
      if (this.#targets.size < 2000) this.#targets.set(text, target);
    }
    if (target === NO_ROW_CHANGED) return;
    const version = ++this.#counter;
    if (target === UNKNOWN) {
      this.#everything = version;
      this.#cascades = undefined; // perhaps DDL: foreign keys are read again
      return;
    }
    this.#tableVersions.set(target, version);
    for (const child of this.#cascadesOf(target)) this.#tableVersions.set(child, version);
  }

  /**
   * A number that changes whenever a stored row of one of `tables` may have changed: equal
   * answers mean nothing of those tables changed in between.
   */
  version(tables: readonly string[]): number {
    if (!this.#checkedThisTurn) this.checkOtherConnections();
    let version = this.#everything;
    for (const table of tables) version = Math.max(version, this.#tableVersions.get(table) ?? 0);
    return version;
  }

  /**
   * Reads `PRAGMA data_version` now. The group commit calls it right after taking the write lock:
   * no other connection can commit until that transaction ends, so rows cached before stay valid
   * inside it, whatever the turn of the event loop.
   */
  checkOtherConnections(): void {
    if (!this.#checkedThisTurn) {
      this.#checkedThisTurn = true;
      setImmediate(() => {
        this.#checkedThisTurn = false;
      });
    }
    const dataVersion = this.readDataVersion();
    if (this.#dataVersion !== undefined && dataVersion !== this.#dataVersion) {
      this.#everything = ++this.#counter;
    }
    this.#dataVersion = dataVersion;
  }

  #cascadesOf(table: string): readonly string[] {
    if (this.#cascades === undefined) this.#cascades = cascadeClosure(this.readForeignKeys());
    return this.#cascades.get(table) ?? [];
  }
}

/** A foreign key seen from its parent: changes of `parent` rows reach `child` rows (CASCADE, SET NULL…). */
export interface ForeignKeyEdge {
  parent: string;
  child: string;
}

const NO_ROW_CHANGED = Symbol('no row changed');
const UNKNOWN = Symbol('unknown');
type StatementTarget = string | typeof NO_ROW_CHANGED | typeof UNKNOWN;

/**
 * Transaction control: `BEGIN IMMEDIATE` counts as a write for SQLite, yet changes no row. A
 * rollback is not in the list: it puts back rows that a cache may have read inside the transaction.
 */
const TRANSACTION_CONTROL = /^\s*(begin|commit|end|savepoint|release)\b/i;
const ROLLBACK = /^\s*rollback\b/i;

const WRITE =
  /^\s*(insert(?:\s+or\s+\w+)?\s+into|replace\s+into|update(?:\s+or\s+\w+)?|delete\s+from)\s+(?:"([^"]+)"|(\w+))/i;

/**
 * The table whose existing rows a write statement may change; `NO_ROW_CHANGED` when it only adds
 * rows (a plain INSERT) or controls the transaction (but a rollback); `UNKNOWN` for anything else.
 */
function classify(text: string): StatementTarget {
  if (TRANSACTION_CONTROL.test(text)) return NO_ROW_CHANGED;
  const match = WRITE.exec(text);
  if (match === null) return UNKNOWN;
  const verb = match[1]!.toLowerCase();
  const table = (match[2] ?? match[3])!;
  const plainInsert = verb === 'insert into' && !/\bon\s+conflict\b/i.test(text);
  return plainInsert ? NO_ROW_CHANGED : table;
}

function cascadeClosure(edges: ForeignKeyEdge[]): Map<string, string[]> {
  const children = new Map<string, string[]>();
  for (const { parent, child } of edges)
    children.set(parent, [...(children.get(parent) ?? []), child]);
  const closure = new Map<string, string[]>();
  for (const parent of children.keys()) {
    const reached = new Set<string>();
    const queue = [...children.get(parent)!];
    while (queue.length > 0) {
      const table = queue.pop()!;
      if (reached.has(table)) continue;
      reached.add(table);
      queue.push(...(children.get(table) ?? []));
    }
    closure.set(parent, [...reached]);
  }
  return closure;
}
