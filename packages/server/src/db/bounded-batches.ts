import type DataLoader from 'dataloader';

/**
 * Makes a `dataloader` send its batches at the end of the event-loop turn (`setImmediate`), and
 * no more than `maxInFlight` at once: a batch whose turn ends while `maxInFlight` others run
 * keeps gathering keys (up to the loader's `maxBatchSize`) until one of them settles, then goes.
 * Under load each statement then carries every request that arrived while the previous one ran,
 * instead of the one or two whose bytes arrived in the same turn: fewer statements, each one's
 * fixed cost (pool checkout, round trip, protocol, and on the database planning, executor
 * start-up, commit, locks) shared by more requests. Each key is still read or written after its
 * caller asked for it. Idle, a batch goes at the end of its turn, as before.
 *
 * Answers the loader's options `batchLoadFn`-wrapped and `batchScheduleFn`; use both, and keep
 * the loader's cache off (with a cache, a batch of cache hits alone would never call the batch
 * function and its slot would never come back).
 */
export function boundedBatches<K, V>(
  maxInFlight: number,
  load: DataLoader.BatchLoadFn<K, V>,
): {
  batchLoadFn: DataLoader.BatchLoadFn<K, V>;
  batchScheduleFn: (dispatch: () => void) => void;
} {
  let running = 0;
  const waiting: (() => void)[] = [];
  // dataloader calls the batch function from `dispatch`, once per batch: the slot taken here is
  // given back when that call settles.
  const start = (dispatch: () => void) => {
    running++;
    dispatch();
  };
  return {
    batchScheduleFn: (dispatch) => {
      setImmediate(() => {
        if (running < maxInFlight) start(dispatch);
        else waiting.push(dispatch);
      });
    },
    batchLoadFn: async (keys) => {
      try {
        return await load(keys);
      } finally {
        running--;
        const next = waiting.shift();
        if (next !== undefined) start(next);
      }
    },
  };
}
