import { createHmac } from 'node:crypto';
import { DAY_MS, isoAt } from '../lib/clock.js';
import type { ServiceContext } from './context.js';
import type { ImageService } from './images.js';
import type { DocumentData } from './verification-views.js';

/** How many verifications one pass anonymizes at most (the job loops until none remain). */
const BATCH_SIZE = 200;

/**
 * Anonymization after retention (DESIGN §4): `retentionDays` after a verification's `expiresAt`,
 * identity fields are replaced by peppered SHA-256 hashes, location and device signals are removed,
 * images and the pipeline's analyses (document portrait included) deleted, and `dataExpired` turns true. Status, dates and the link's `externalUserId` stay,
 * so related lists and statistics keep working.
 */
export class RetentionService {
  constructor(
    private readonly ctx: ServiceContext,
    private readonly images: ImageService,
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

  /** Anonymizes every verification past retention; answers how many it changed. */
  async run(): Promise<number> {
    const db = this.ctx.database.db;
    const cutoff = isoAt(this.ctx.clock.now() - this.ctx.config.retentionDays * DAY_MS);
    let total = 0;
    for (;;) {
      const due = await db
        .selectFrom('verifications')
        .select(['id', 'data', 'user_name'])
        .where('data_expired', '=', 0)
        .where('expires_at', '<=', cutoff)
        .limit(BATCH_SIZE)
        .execute();
      for (const row of due) {
        await this.images.deleteAll(row.id);
        await db.deleteFrom('capture_analyses').where('verification_id', '=', row.id).execute();
        const now = isoAt(this.ctx.clock.now());
        await db
          .updateTable('verifications')
          .set({
            data: JSON.stringify(this.anonymizeData(JSON.parse(row.data) as DocumentData)),
            user_name: row.user_name === null ? null : this.hash(row.user_name),
            geolocation: null,
            device: null,
            images: JSON.stringify({ register: [] }),
            data_expired: 1,
            anonymized_at: now,
            updated_at: now,
          })
          .where('id', '=', row.id)
          .where('data_expired', '=', 0)
          .execute();
      }
      total += due.length;
      if (due.length < BATCH_SIZE) return total;
    }
  }
}
