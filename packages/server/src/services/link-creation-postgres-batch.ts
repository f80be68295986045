import DataLoader from 'dataloader';
import type { Kysely } from 'kysely';
import { boundedBatches } from '../db/bounded-batches.js';
import type { Database } from '../db/schema.js';
import { postgresLinkCreation, type LinkCreationValues } from './link-creation-postgres.js';

/** Most links one statement creates. */
const MAX_BATCH = 64;
/** Batch statements of one process running at once (see `boundedBatches`). */
const MAX_IN_FLIGHT = 2;

/**
 * Link creation on PostgreSQL, batched: the links asked for during one turn of the event loop
 * (every `POST /links` whose bytes arrived in the same poll phase) are created by one statement
 * (`postgresLinkCreation`) when the turn ends (`setImmediate`), instead of one statement each;
 * while `MAX_IN_FLIGHT` statements run, the links asked meanwhile wait and go together in the
 * next (`boundedBatches`). Each statement costs this process a pool checkout, a round trip and
 * its protocol work, and the database a commit and one lock of the company's quota row, on which
 * every link of a company otherwise queues: under load those, not the rows, were most of a link's
 * cost (README, "Link creation and the status poll in batches").
 *
 * The statement takes each company's links of the batch from its quota all at once or not at all.
 * The links it did not create (their company had fewer left than the batch asked), and every link
 * of a batch whose statement failed (it rolls back whole), are then created one statement each,
 * which takes exactly what is left of the quota and fails alone. So the quota stays as exact as
 * the statement makes it, one company's refusal or error never touches another's links, and a
 * link is created at most once.
 *
 * Answers a function that creates one link and answers whether the quota allowed it.
 */
export function batchedPostgresLinkCreation(
  db: Kysely<Database>,
): (values: LinkCreationValues) => Promise<boolean> {
  const create = postgresLinkCreation(db);
  const createAlone = async (values: LinkCreationValues): Promise<boolean | Error> => {
    try {
      return (await create([values])).has(values.id);
    } catch (error) {
      return error instanceof Error ? error : new Error(String(error));
    }
  };
  const { batchLoadFn, batchScheduleFn } = boundedBatches<LinkCreationValues, boolean>(
    MAX_IN_FLIGHT,
    async (batch) => {
      if (batch.length === 1) return [await createAlone(batch[0]!)];
      const created = await create(batch).catch(() => new Set<string>());
      return Promise.all(
        batch.map((values) =>
          created.has(values.id) ? Promise.resolve(true) : createAlone(values),
        ),
      );
    },
  );
  const loader = new DataLoader<LinkCreationValues, boolean>(batchLoadFn, {
    cache: false,
    maxBatchSize: MAX_BATCH,
    batchScheduleFn,
  });
  return (values) => loader.load(values);
}
