import type { PortalOverview, PortalOverviewDay } from '@idv/contract';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../db/database.js';
import { DAY_MS, isoAt, type Clock } from '../lib/clock.js';
import type { StatsService } from '../services/stats.js';

/** Days the Overview covers, today included. */
export const OVERVIEW_DAYS = 30;
/** Failure reasons listed. */
export const TOP_REASONS = 5;

/**
 * The Overview's figures, aggregated in SQL that SQLite and PostgreSQL both run (timestamps are
 * ISO-8601 text, so the UTC day is `substr(created_at, 1, 10)`), over the
 * `(company_id, created_at)` index: verifications per day by outcome, the pass rate, the top
 * failure reasons, the review queue, and the month's quota. That index
 * (`verifications_company_created_idx`) duplicates the start of the inbox's, but PostgreSQL's
 * planner reads the count per day by a sequential scan without it (`npm run bench:index-plans`,
 * server README): keep it.
 */
export class Overview {
  constructor(
    private readonly database: DatabaseHandle,
    private readonly clock: Clock,
    private readonly stats: StatsService,
  ) {}

  /** The Overview of one company. */
  async of(companyId: string): Promise<PortalOverview> {
    const now = this.clock.now();
    const today = Math.floor(now / DAY_MS) * DAY_MS;
    const from = today - (OVERVIEW_DAYS - 1) * DAY_MS;
    const db = this.database.db;
    const inWindow = db
      .selectFrom('verifications')
      .where('verifications.company_id', '=', companyId)
      .where('verifications.created_at', '>=', isoAt(from));
    const day = sql<string>`substr(${sql.ref('verifications.created_at')}, 1, 10)`;
    const reason = sql<string>`coalesce(${sql.ref('verifications.error_code')}, ${sql.ref(
      'feedback_reasons.reason',
    )}, 'unspecified')`;
    const [perDay, reasons, toReview, usage] = await Promise.all([
      inWindow
        .select([day.as('day'), 'verifications.status'])
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .groupBy([day, 'verifications.status'])
        .execute(),
      inWindow
        .leftJoin('verification_feedback', (join) =>
          join
            .onRef('verification_feedback.verification_id', '=', 'verifications.id')
            .on('verification_feedback.override_status', '=', 'failed'),
        )
        .leftJoin('feedback_reasons', 'feedback_reasons.id', 'verification_feedback.reason_id')
        .where('verifications.status', '=', 'failed')
        .select(reason.as('reason'))
        .select((eb) => eb.fn.count<number>('verifications.id').distinct().as('count'))
        .groupBy(reason)
        .orderBy('count', 'desc')
        .orderBy('reason')
        .limit(TOP_REASONS)
        .execute(),
      inWindow
        .where('verifications.status', '=', 'failed')
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('verification_feedback')
                .select('verification_feedback.id')
                .whereRef('verification_feedback.verification_id', '=', 'verifications.id'),
            ),
          ),
        )
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow(),
      this.stats.current(companyId),
    ]);

    const days = new Map<string, PortalOverviewDay>();
    for (let at = from; at <= today; at += DAY_MS) {
      const key = isoAt(at).slice(0, 10);
      days.set(key, { day: key, success: 0, failed: 0, expired: 0, open: 0 });
    }
    for (const row of perDay) {
      const entry = days.get(row.day);
      if (entry === undefined) continue;
      const count = Number(row.count);
      if (row.status === 'pending' || row.status === 'started') entry.open += count;
      else entry[row.status] += count;
    }
    const all = [...days.values()];
    const success = all.reduce((sum, d) => sum + d.success, 0);
    const failed = all.reduce((sum, d) => sum + d.failed, 0);
    return {
      from: isoAt(from),
      to: isoAt(now),
      days: all,
      passRate: success + failed === 0 ? null : success / (success + failed),
      topFailureReasons: reasons.map((row) => ({ reason: row.reason, count: Number(row.count) })),
      toReview: Number(toReview.count),
      usage,
    };
  }
}
