import DataLoader from 'dataloader';
import { boundedBatches } from './bounded-batches.js';

/** Most keys one batched read asks for. */
const MAX_BATCH = 256;
/** Batched reads of one reader running at once (see `boundedBatches`). */
const MAX_IN_FLIGHT = 1;

/**
 * Reads rows by key, batched: the keys asked for during one turn of the event loop (every request
 * whose bytes arrived in the same poll phase) are read with one query when the turn ends
 * (`setImmediate`), instead of one query each; while a read runs, the keys asked meanwhile wait
 * for it and go together in the next (`boundedBatches`). Nothing is cached: each row is read
 * after its caller asked for it, so an answer is exactly as fresh as a read of its own. For a hot read on
 * PostgreSQL, where every query costs a round trip and the server's CPU per statement (the status
 * poll); `dataloader` does the batching and spreads one read's rows to its callers.
 *
 * `load` answers the rows of some of the keys, in any order; `keyOf` names a row's key. A key
 * without a row answers undefined.
 */
export function batchedReads<Row>(
  load: (keys: readonly string[]) => Promise<readonly Row[]>,
  keyOf: (row: Row) => string,
): (key: string) => Promise<Row | undefined> {
  const { batchLoadFn, batchScheduleFn } = boundedBatches<string, Row | undefined>(
    MAX_IN_FLIGHT,
    async (keys) => {
      const rows = new Map<string, Row>();
      for (const row of await load(keys)) rows.set(keyOf(row), row);
      return keys.map((key) => rows.get(key));
    },
  );
  const loader = new DataLoader<string, Row | undefined>(batchLoadFn, {
    cache: false,
    maxBatchSize: MAX_BATCH,
    batchScheduleFn,
  });
  return (key) => loader.load(key);
}
