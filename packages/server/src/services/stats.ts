import type * as contract from '@idv/contract';
import type { CompanyService } from './companies.js';
import type { ServiceContext } from './context.js';
import { quotaPeriod } from './links.js';

/** `GET /users/me/stats` (DESIGN §4). */
export type UsageStats = contract.UsageStats;

/** Usage of the current calendar month (UTC). */
export class StatsService {
  constructor(
    private readonly ctx: ServiceContext,
    private readonly companies: CompanyService,
  ) {}

  async current(companyId: string): Promise<UsageStats> {
    const company = await this.companies.get(companyId);
    const now = new Date(this.ctx.clock.now());
    const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
    const db = this.ctx.database.db;
    const [usage, links] = await Promise.all([
      db
        .selectFrom('quota_usage')
        .select('used')
        .where('company_id', '=', companyId)
        .where('period', '=', quotaPeriod(now.getTime()))
        .executeTakeFirst(),
      db
        .selectFrom('links')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('company_id', '=', companyId)
        .where('created_at', '>=', start.toISOString())
        .where('created_at', '<', end.toISOString())
        .executeTakeFirstOrThrow(),
    ]);
    const used = usage?.used ?? 0;
    return {
      plan: company.plan,
      quota: company.monthly_quota,
      used,
      remaining: Math.max(0, company.monthly_quota - used),
      linksGenerated: Number(links.count),
      period: { start: start.toISOString(), end: end.toISOString() },
    };
  }
}
