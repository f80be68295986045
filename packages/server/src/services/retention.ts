import { createHmac } from 'node:crypto';
import { DAY_MS, isoAt } from '../lib/clock.js';
import type { ServiceContext } from './context.js';
import type { BlobStore } from '../storage/blob-store.js';
import type { DocumentData } from './verification-views.js';

/** How many verifications one pass anonymizes at most (the job loops until none remain). */
const BATCH_SIZE = 200;

/**
 * Anonymization after retention (DESIGN §4): `retentionDays` after a verification's `expiresAt`,
 * identity fields are replaced by peppered SHA-256 hashes, location and device signals are removed,
 * the pipeline's analyses (document portrait included) deleted, the client's error text, the
 * link's metadata and an identifier the person typed (`identify`) cleared, and `dataExpired` turns
 * true. Status, dates and an identifier the account holder gave (`api`) stay, so related lists and
 * statistics keep working. Images go in a separate sweep of every anonymized verification.
 *
 * Each verification and each image is handled on its own: one that fails (a blob the store cannot
 * delete, a row that cannot be read) is reported and left for the next run, and never stops the
 * others; `run()` then rejects with every failure once all the rest is done.
 */
export class RetentionService {
  constructor(
    private readonly ctx: ServiceContext,
    private readonly blobs: BlobStore,
  ) {}

  private hash(value: string): string {
    return `sha256:${createHmac('sha256', this.ctx.anonymizationPepper).update(value, 'utf8').digest('hex')}`;
  }

  private anonymizeData(data: DocumentData): Record<string, unknown> {
    const result: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(data)) {
      result[key] = typeof value === 'string' ? this.hash(value) : value;
    }
    return result;
  }

  /**
   * Anonymizes every verification past retention, then deletes the images of every anonymized
   * verification; answers how many verifications it changed. Rejects with an `AggregateError` of
   * the rows and images that failed, after doing all the others.
   */
  async run(): Promise<number> {
    const db = this.ctx.database.db;
    const cutoff = isoAt(this.ctx.clock.now() - this.ctx.config.retentionDays * DAY_MS);
    const failures: unknown[] = [];
    let total = 0;
    let after = '';
    for (;;) {
      const due = await db
        .selectFrom('verifications')
        .select(['id', 'link_id', 'data', 'user_name'])
        .where('data_expired', '=', 0)
        .where('expires_at', '<=', cutoff)
        .where('id', '>', after)
        .orderBy('id')
        .limit(BATCH_SIZE)
        .execute();
      for (const row of due) {
        try {
          await this.#anonymize(row);
          total += 1;
        } catch (error) {
          failures.push(new Error(`retention: verification ${row.id}`, { cause: error }));
        }
      }
      if (due.length < BATCH_SIZE) break;
      after = due[due.length - 1]!.id;
    }
    failures.push(...(await this.#sweepImages()));
    if (failures.length > 0)
      throw new AggregateError(failures, `retention: ${failures.length} item(s) failed`);
    return total;
  }

  /** One verification, in one transaction. */
  async #anonymize(row: {
    id: string;
    link_id: string;
    data: string;
    user_name: string | null;
  }): Promise<void> {
    const data = JSON.stringify(this.anonymizeData(JSON.parse(row.data) as DocumentData));
    const now = isoAt(this.ctx.clock.now());
    await this.ctx.database.writeTransaction(async (trx) => {
      await trx.deleteFrom('capture_analyses').where('verification_id', '=', row.id).execute();
      await trx
        .updateTable('verifications')
        .set({
          data,
          user_name: row.user_name === null ? null : this.hash(row.user_name),
          geolocation: null,
          device: null,
          error_message: null,
          images: JSON.stringify({ register: [] }),
          data_expired: 1,
          anonymized_at: now,
          updated_at: now,
        })
        .where('id', '=', row.id)
        .where('data_expired', '=', 0)
        .execute();
      await trx
        .updateTable('links')
        .set({ metadata: '{}' })
        .where('id', '=', row.link_id)
        .execute();
      await trx
        .updateTable('links')
        .set({ external_user_id: null, external_user_id_source: null })
        .where('id', '=', row.link_id)
        .where('external_user_id_source', '=', 'identify')
        .execute();
    });
  }

  /**
   * Deletes the images of anonymized verifications, each on its own: the bytes first, then the row
   * (a row whose bytes could not be deleted stays, and the next run tries again).
   */
  async #sweepImages(): Promise<unknown[]> {
    const db = this.ctx.database.db;
    const failures: unknown[] = [];
    let after = '';
    for (;;) {
      const images = await db
        .selectFrom('images')
        .innerJoin('verifications', 'verifications.id', 'images.verification_id')
        .select(['images.id', 'images.blob_key'])
        .where('verifications.data_expired', '=', 1)
        .where('images.id', '>', after)
        .orderBy('images.id')
        .limit(BATCH_SIZE)
        .execute();
      for (const image of images) {
        try {
          await this.blobs.delete(image.blob_key);
          await db.deleteFrom('images').where('id', '=', image.id).execute();
        } catch (error) {
          failures.push(new Error(`retention: image ${image.id}`, { cause: error }));
        }
      }
      if (images.length < BATCH_SIZE) return failures;
      after = images[images.length - 1]!.id;
    }
  }
}
